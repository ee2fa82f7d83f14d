package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.TestData;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adapter given the other stock way, {@code -libjars cfs-adapter.jar}, to a YARN cluster whose
 * class path lacks it and whose default file system is HDFS: WordCount from cfs:// to cfs://.
 */
class LibjarsOnYarnTest {
  private static final File ADAPTER_JAR = new File("../cfs-adapter/target/cfs-adapter.jar").getAbsoluteFile();

  @TempDir File dir;

  @Test
  void wordcountOnCfsWithTheAdapterGivenByLibjars() throws Exception {
    assertTrue(ADAPTER_JAR.isFile(), ADAPTER_JAR + " is built by cfs-adapter's package phase");
    Configuration cfs = CfsTestNode.conf();
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), cfs);
    Path root = new Path(CfsTestNode.uri().toString() + "libjars-wc");
    fs.delete(root, true);
    String text = "to be or not to be\nthat is the question\n";
    try (FSDataOutputStream out = fs.create(new Path(root, "in/a.txt"))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    MiniDFSCluster hdfs = new MiniDFSCluster.Builder(new Configuration(), new File(dir, "dfs")).numDataNodes(1).build();
    Configuration base = new Configuration(hdfs.getConfiguration(0));
    base.set("fs.defaultFS", hdfs.getURI().toString());
    base.setInt("yarn.nodemanager.delete.debug-delay-sec", 3600);
    try (MiniMRYarnCluster yarn = FastYarn.start("libjars-yarn", base)) {
      Configuration jc = FastYarn.jobConf(yarn);
      for (String key : new String[] {"fs.local.block.size", "fs.local.subblock.size", "cfs.datacenter"}) {
        jc.set(key, cfs.get(key));
      }
      jc.set("hibench.report.dir", new File(dir, "report").getPath());
      // A mini cluster's containers get the submitting JVM's class path; this job's get that path
      // without the adapter, through YARN's own key (as on a real cluster), so the AM and the tasks
      // find cfs:// only where -libjars puts it. The JVM's own java.class.path is left alone: the
      // JVM's other readers of it (ChildJvm, the hosts' site files) must see it whole.
      jc.setBoolean(YarnConfiguration.IS_MINI_YARN_CLUSTER, false);
      jc.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
          .filter(e -> !e.contains("cfs-adapter")).collect(Collectors.joining(",")));

      TestData.Outcome without = TestData.run(jc, "wordcount", root + "/in", root + "/out-without");
      assertNotEquals(0, without.status, "the containers must not find cfs:// without -libjars: " + without);
      assertTrue(containerLogTails(yarn).contains("Class io.hibenchdse.cfs.CassandraFileSystem not found"), without.toString());

      TestData.Outcome o = TestData.run(jc, "wordcount", "-libjars", ADAPTER_JAR.getPath(), root + "/in", root + "/out");
      assertEquals(0, o.status, o + "\n" + containerLogTails(yarn));
      Map<String, Long> expected = new TreeMap<>();
      TestData.countTokens(text, expected);
      assertEquals(expected, TestData.readTextCounts(cfs, new Path(root, "out")));
    } finally {
      hdfs.shutdown();
      fs.delete(root, true);
      fs.close();
    }
  }

  /** The end of every container log, to see why a job failed. */
  private static String containerLogTails(MiniMRYarnCluster yarn) throws IOException {
    StringBuilder b = new StringBuilder();
    for (java.nio.file.Path f : FastYarn.containerLogs(yarn, "syslog|stderr")) {
      String s = Files.readString(f);
      b.append("== ").append(f).append('\n').append(s, Math.max(0, s.length() - 4000), s.length()).append('\n');
    }
    return b.toString();
  }
}

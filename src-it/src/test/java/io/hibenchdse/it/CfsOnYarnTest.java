package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.Cfs;
import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.TestData;
import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cfs:// as a YARN cluster's default file system: job submission (through FileContext), staging,
 * the tasks in JVMs of their own and the data all on the Cassandra node; WordCount, then DFSIOE
 * writing and reading.
 */
class CfsOnYarnTest {
  @TempDir File dir;

  @Test
  void wordcountAndDfsioeOnYarnWithCfsAsTheDefaultFileSystem() throws Exception {
    Configuration base = CfsTestNode.conf();
    base.set("fs.AbstractFileSystem.cfs.impl", Cfs.class.getName()); // as a cluster's core-site.xml holds it
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), base);
    Path in = new Path("/yarn-wc/in");
    fs.delete(new Path("/yarn-wc"), true);
    String text = "to be or not to be\nthat is the question\n";
    try (FSDataOutputStream out = fs.create(new Path(in, "a.txt"))) {
      out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    try (MiniMRYarnCluster yarn = FastYarn.start("cfs-yarn", base)) {
      Configuration jc = FastYarn.jobConf(yarn);
      jc.set("hibench.report.dir", new File(dir, "report").getPath());
      TestData.Outcome o = TestData.run(jc, "wordcount", in.toString(), "/yarn-wc/out");
      assertEquals(0, o.status, o.toString());
      assertTrue(o.result.fileSystem.startsWith("cfs://"), o.result.fileSystem);
      Map<String, Long> expected = new TreeMap<>();
      TestData.countTokens(text, expected);
      assertEquals(expected, TestData.readTextCounts(base, new Path("/yarn-wc/out")));

      // DFSIOE: one map a file, each in a task JVM writing to and reading from the node
      jc.set("test.build.data", "/yarn-wc/dfsio");
      for (String mode : new String[] {"-write", "-read"}) {
        TestData.Outcome run = TestData.run(io.hibenchdse.dfsio.Driver.DRIVER, jc, "dfsioe", mode, "-nrFiles", "2",
            "-fileSize", "2", "-sampleInterval", "20");
        assertEquals(0, run.status, mode + ": " + run);
        assertEquals(4L << 20, run.result.inputBytes, mode);
      }
      for (int i = 0; i < 2; i++) {
        assertEquals(2L << 20, fs.getFileStatus(new Path("/yarn-wc/dfsio/io_data/test_io_" + i)).getLen());
      }
    } finally {
      fs.delete(new Path("/yarn-wc"), true);
      fs.close();
    }
  }
}

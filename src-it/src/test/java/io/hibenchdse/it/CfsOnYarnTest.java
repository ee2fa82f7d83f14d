package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.Cfs;
import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.TestData;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cfs:// as a YARN cluster's default file system: job submission (through FileContext), staging,
 * the tasks in JVMs of their own and the data all on the Cassandra node; WordCount, DFSIOE
 * writing and reading, and the two-run TPCx-HS. The application masters' and tasks' logs hold no
 * error and no stack trace of cfs:// or its driver.
 */
@FullTier
class CfsOnYarnTest {
  private static final String LOGS = "syslog|stderr|stdout";
  // one YARN for the class, each case under a directory of its own on the node
  @TempDir static File dir;
  private static Configuration base;
  private static FileSystem fs;
  private static MiniMRYarnCluster yarn;
  private static Configuration jc;

  @BeforeAll
  static void startYarn() throws Exception {
    base = CfsTestNode.conf();
    base.set("fs.AbstractFileSystem.cfs.impl", Cfs.class.getName()); // as a cluster's core-site.xml holds it
    fs = FileSystem.newInstance(CfsTestNode.uri(), base);
    fs.delete(new Path("/yarn-wc"), true);
    // the NodeManager deletes a finished application's logs only after this, so they can be read
    base.setInt("yarn.nodemanager.delete.debug-delay-sec", 3600);
    yarn = FastYarn.start("cfs-yarn", base);
    jc = FastYarn.jobConf(yarn);
    jc.set("hibench.report.dir", new File(dir, "report").getPath());
  }

  @AfterAll
  static void stopYarn() throws IOException {
    try {
      if (yarn != null) {
        yarn.stop();
      }
    } finally {
      if (fs != null) {
        fs.delete(new Path("/yarn-wc"), true);
        fs.close();
      }
    }
  }

  @Test
  void wordcountOnYarnWithCfsAsTheDefaultFileSystem() throws Exception {
    java.util.Set<java.nio.file.Path> before = logs();
    Path in = new Path("/yarn-wc/in");
    String text = "to be or not to be\nthat is the question\n";
    try (FSDataOutputStream out = fs.create(new Path(in, "a.txt"))) {
      out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    TestData.Outcome o = TestData.run(jc, "wordcount", in.toString(), "/yarn-wc/out");
    assertEquals(0, o.status, o.toString());
    assertTrue(o.result.fileSystem().startsWith("cfs://"), o.result.fileSystem());
    Map<String, Long> expected = new TreeMap<>();
    TestData.countTokens(text, expected);
    assertEquals(expected, TestData.readTextCounts(base, new Path("/yarn-wc/out")));
    assertContainerLogsClean(before, 9);
  }

  /** DFSIOE: one map a file, each in a task JVM writing to and reading from the node. */
  @Test
  void dfsioeWritesAndReadsOnYarnWithCfsAsTheDefaultFileSystem() throws Exception {
    java.util.Set<java.nio.file.Path> before = logs();
    Configuration job = new Configuration(jc);
    job.set("test.build.data", "/yarn-wc/dfsio");
    for (String mode : new String[] {"-write", "-read"}) {
      TestData.Outcome run = TestData.run(io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER, job, "dfsioe", mode, "-nrFiles", "2",
          "-fileSize", "2", "-sampleInterval", "20");
      assertEquals(0, run.status, mode + ": " + run);
      assertEquals(4L << 20, run.result.inputBytes(), mode);
    }
    for (int i = 0; i < 2; i++) {
      assertEquals(2L << 20, fs.getFileStatus(new Path("/yarn-wc/dfsio/io_data/test_io_" + i)).getLen());
    }
    assertContainerLogsClean(before, 18);
  }

  /** TPCx-HS, both runs (12 jobs): the sorted output holds GenSort's records, in order. */
  @Test
  void tpcxHsOnYarnWithCfsAsTheDefaultFileSystem() throws Exception {
    java.util.Set<java.nio.file.Path> before = logs();
    long rows = 20000;
    TestData.Outcome hs = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, jc, "tpcxhs", "-rows", Long.toString(rows),
        "-replication", "1", "-root", "/yarn-wc/TPCx-HS");
    assertEquals(0, hs.status, hs.toString());
    assertEquals(FaultsSurvivedTest.genSortChecksum(rows),
        FaultsSurvivedTest.readSortedChecksum(fs, new Path("/yarn-wc/TPCx-HS/output"), rows));
    assertContainerLogsClean(before, 36);
  }

  /** Every container log on the NodeManager so far, of whichever case's jobs. */
  private static java.util.Set<java.nio.file.Path> logs() throws IOException {
    return new java.util.HashSet<>(FastYarn.containerLogs(yarn, LOGS));
  }

  /**
   * No container's log of the case's jobs (those not {@code before}, at least {@code atLeast}: a
   * job's application master and tasks, each with three) holds a stack trace through cfs:// or its
   * driver, or a WARN or ERROR line they logged: a normal run on cfs:// is quiet. Hadoop's own noise is left alone (an application master that is stopping sometimes logs
   * "ERROR IN CONTACTING RM" with an interrupted call).
   */
  private static void assertContainerLogsClean(java.util.Set<java.nio.file.Path> before, int atLeast) throws IOException {
    List<java.nio.file.Path> logs = FastYarn.containerLogs(yarn, LOGS).stream().filter(l -> !before.contains(l)).toList();
    assertTrue(logs.size() >= atLeast, "container logs found: " + logs);
    List<String> ours = new ArrayList<>();
    for (java.nio.file.Path log : logs) {
      // a block is a log line and the stack trace lines under it
      StringBuilder block = new StringBuilder();
      for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
        boolean traceLine = line.startsWith("\tat ") || line.startsWith("Caused by:") || line.matches("^[\\w.$]+(Exception|Error)\\b.*");
        if (!traceLine) {
          flagIfOurs(block.toString(), log, ours);
          block.setLength(0);
        }
        block.append(line).append('\n');
      }
      flagIfOurs(block.toString(), log, ours);
    }
    assertTrue(ours.isEmpty(), ours.size() + " log entries from cfs:// or its driver: " + ours);
  }

  private static void flagIfOurs(String block, java.nio.file.Path log, List<String> ours) {
    boolean traced = block.contains("\n\tat ");
    boolean warned = block.matches("(?s)\\S+ \\S+ (WARN|ERROR) \\[[^]]*\\] (io\\.hibenchdse|com\\.datastax)\\..*");
    if (warned || traced && (block.contains("io.hibenchdse") || block.contains("com.datastax"))) {
      ours.add(log.getParent().getFileName() + ": " + block.substring(0, Math.min(block.length(), 600)));
    }
  }
}

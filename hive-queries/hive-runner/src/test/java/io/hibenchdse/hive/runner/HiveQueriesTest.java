package io.hibenchdse.hive.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import io.hibenchdse.hive.DataGen;
import io.hibenchdse.hive.GeneratedTables;
import java.io.File;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The three queries through real Hive (embedded metastore, MapReduce local) on generated data in a
 * real HDFS, each result checked against the same query computed here over the generated files.
 * {@link HiveQueriesOnCfsTest} runs the same checks on cfs://.
 */
class HiveQueriesTest {
  static final int PAGES = 400;
  static final int VISITS = 6000;
  static File dir;
  static MiniDFSCluster cluster;
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    dir = new File(System.getProperty("test.build.data"), "hive-queries");
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    Configuration c = new Configuration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(dir, "dfs").getAbsolutePath());
    cluster = new MiniDFSCluster.Builder(c).numDataNodes(1).build();
    cluster.waitActive();
    Configuration base = new Configuration(cluster.getConfiguration(0));
    base.set("fs.defaultFS", cluster.getURI().toString());
    conf = TestData.localConf(base, new File(dir, "mr"));
    conf.set(HiveKeys.SESSION_DIR, new File(dir, "hive").getAbsolutePath());
    generate(conf, "/hive", "sequence");
    generate(conf, "/hive-text", "text");
  }

  @AfterAll
  static void stop() {
    HiveSession.closeShared();
    cluster.shutdown(true);
  }

  static void generate(Configuration conf, String base, String format) {
    TestData.Outcome o = TestData.run(io.hibenchdse.hive.HiveDataGenJar.DRIVER, conf, "HiBench.DataGen", "-t", "hive",
        "-b", base, "-n", "Input", "-m", "2", "-r", "2", "-p", String.valueOf(PAGES), "-v", String.valueOf(VISITS),
        "-o", format);
    assertEquals(0, o.status, o.toString());
  }

  static TestData.Outcome query(Configuration conf, String... args) {
    return TestData.run(HiveMain.DRIVER, conf, args);
  }

  static List<String[]> rows(Configuration conf, String dir) throws Exception {
    return GeneratedTables.rows(conf, new Path(dir));
  }

  @Test
  void scanCopiesEveryRow() throws Exception {
    checkScan(conf, "/hive");
  }

  @Test
  void aggregationSumsRevenuePerSourceIp() throws Exception {
    checkAggregation(conf, "/hive", "/out/agg");
  }

  @Test
  void aggregationOnTextInputGivesTheSameSums() throws Exception {
    checkAggregation(conf, "/hive-text", "/out/agg-text");
  }

  @Test
  void joinMatchesAnIndependentJoin() throws Exception {
    checkJoin(conf, "/hive");
  }

  static void checkScan(Configuration conf, String base) throws Exception {
    TestData.Outcome o = query(conf, "scan", base + "/Input", base + "/Output");
    assertEquals(0, o.status, o.toString());
    List<String> in = GeneratedTables.lines(conf, new Path(base + "/Input/uservisits"));
    List<String> out = GeneratedTables.lines(conf, new Path(base + "/Output/uservisits_copy"));
    in.sort(null);
    out.sort(null);
    assertEquals(VISITS, in.size());
    assertEquals(in, out);
    assertEquals((long) VISITS, o.result.metrics(HiveQuery.Metrics.class).resultRows());
    assertEquals("HadoopScan", o.result.type);
    assertEquals(FileSystem.get(conf).getContentSummary(new Path(base + "/Input/uservisits")).getLength(),
        o.result.inputBytes);
  }

  static void checkAggregation(Configuration conf, String base, String out) throws Exception {
    TestData.Outcome o = query(conf, "aggregation", base + "/Input", out);
    assertEquals(0, o.status, o.toString());
    Map<String, Double> expected = new TreeMap<>();
    for (String[] v : rows(conf, base + "/Input/uservisits")) {
      expected.merge(v[0], Double.parseDouble(v[3]), Double::sum);
    }
    Map<String, Double> actual = new TreeMap<>();
    for (String[] r : rows(conf, out + "/uservisits_aggre")) {
      assertNull(actual.put(r[0], Double.parseDouble(r[1])), "source IP twice: " + r[0]);
    }
    assertEquals(expected.keySet(), actual.keySet());
    expected.forEach((ip, sum) -> assertEquals(sum, actual.get(ip), 1e-9 * Math.max(1, sum), ip));
    assertEquals((long) expected.size(), o.result.metrics(HiveQuery.Metrics.class).resultRows());
    RunResultChecks.check(o.result, "HadoopAggregation");
  }

  static void checkJoin(Configuration conf, String base) throws Exception {
    TestData.Outcome o = query(conf, "join", base + "/Input", base + "/JoinOutput");
    assertEquals(0, o.status, o.toString());
    Map<String, Integer> pageRank = new HashMap<>();
    for (String[] r : rows(conf, base + "/Input/rankings")) {
      pageRank.put(r[0], Integer.parseInt(r[1]));
    }
    Map<String, double[]> expected = new HashMap<>(); // sourceIP -> {rank sum, visits, revenue}
    for (String[] v : rows(conf, base + "/Input/uservisits")) {
      Integer rank = pageRank.get(v[1]);
      if (rank != null && v[2].compareTo("1999-01-01") >= 0 && v[2].compareTo("2000-01-01") <= 0) {
        double[] e = expected.computeIfAbsent(v[0], k -> new double[3]);
        e[0] += rank;
        e[1]++;
        e[2] += Double.parseDouble(v[3]);
      }
    }
    List<String[]> actual = rows(conf, base + "/JoinOutput/rankings_uservisits_join");
    assertFalse(expected.isEmpty());
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < actual.size(); i++) {
      // descending revenue; two sums equal but for the order of their additions may come either way
      if (i > 0) {
        double previous = Double.parseDouble(actual.get(i - 1)[2]);
        assertTrue(Double.parseDouble(actual.get(i)[2]) <= previous + 1e-9 * Math.max(1, previous),
            "rows are not in descending revenue at " + i + ": " + actual.get(i - 1)[2] + " then " + actual.get(i)[2]);
      }
      String[] r = actual.get(i);
      double[] e = expected.get(r[0]);
      assertEquals(e[0] / e[1], Double.parseDouble(r[1]), 1e-9, r[0] + " avgPageRank");
      assertEquals(e[2], Double.parseDouble(r[2]), 1e-9, r[0] + " totalRevenue");
    }
    RunResultChecks.check(o.result, "HadoopJoin");
    long bytes = 0;
    for (String t : new String[] {DataGen.RANKINGS, DataGen.USERVISITS}) {
      bytes += FileSystem.get(conf).getContentSummary(new Path(base + "/Input/" + t)).getLength();
    }
    assertEquals(bytes, o.result.inputBytes);
  }

  @Test
  void badInputIsOneLineAndNoResult() throws Exception {
    TestData.Outcome missing = query(conf, "aggregation", "/no/such/Input", "/out/none");
    assertEquals(2, missing.status, missing.toString());
    assertEquals(1, missing.errLines.size(), missing.toString());
    assertTrue(missing.errLines.get(0).contains("/no/such/Input/uservisits"), missing.toString());

    FileSystem.get(conf).mkdirs(new Path("/out/taken/keep"));
    TestData.Outcome taken = query(conf, "aggregation", "/hive/Input", "/out/taken");
    assertEquals(2, taken.status, taken.toString());
    assertTrue(taken.errLines.get(0).contains("-overwrite"), taken.toString());
    assertTrue(FileSystem.get(conf).exists(new Path("/out/taken/keep")));

    File sql = new File(dir, "broken-sql");
    sql.mkdirs();
    Files.copy(HiveScript.class.getResourceAsStream("sql/tables.sql"), sql.toPath().resolve("tables.sql"));
    Files.writeString(sql.toPath().resolve("aggregation.sql"),
        "-- a typo\nINSERT OVERWRITE TABLE uservisits_aggre SELEKT sourceIP FROM uservisits;\n");
    Configuration broken = new Configuration(conf);
    broken.set(HiveKeys.SQL_DIR, sql.getAbsolutePath());
    TestData.Outcome bad = query(broken, "aggregation", "/hive/Input", "/out/broken");
    assertEquals(1, bad.status, bad.toString());
    assertEquals(1, bad.errLines.size(), bad.toString());
    assertTrue(bad.errLines.get(0).contains("aggregation.sql line 2"), bad.toString());
    assertTrue(bad.errLines.get(0).contains("SELEKT"), bad.toString());
    assertNull(bad.result);

    // the session survives a failed statement
    checkAggregation(conf, "/hive", "/out/after-failure");
  }
}

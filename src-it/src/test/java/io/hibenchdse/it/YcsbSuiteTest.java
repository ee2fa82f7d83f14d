package io.hibenchdse.it;

import static io.hibenchdse.it.InProcess.hibench;

import io.hibenchdse.core.HibenchConfigKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RunResult;
import io.hibenchdse.tiers.FullTier;
import io.hibenchdse.ycsb.YcsbMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's ycsb-* steps as {@code bin/hibench run} runs them: on cfs://'s own Cassandra nodes or on
 * HBase over the HDFS; a load, an unreported warm-up and a measured run per repetition, each measured
 * phase after a flush with compactions finished, its record saying so, the report's serving tables,
 * and {@code compare} taking the two stores at matched durability and refusing them at another.
 */
class YcsbSuiteTest {
  static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();

  @TempDir Path dir;



  /** YCSB's workload files of conf/ycsb with YCSB's own check of the values read switched on. */
  private Path checkedWorkloads() throws Exception {
    Path d = dir.resolve("workloads");
    Files.createDirectories(d);
    for (String w : List.of("workloada", "workloadc")) {
      Files.writeString(d.resolve(w), Files.readString(HOME.resolve("conf/ycsb").resolve(w)) + "\ndataintegrity=true\n");
    }
    return d;
  }

  private InProcess.Outcome suite(String name, String benchmarks, String... more) throws Exception {
    Path list = dir.resolve(name + ".lst");
    Files.writeString(list, benchmarks);
    List<String> args = new ArrayList<>(List.of("run", "--benchmarks", list.toString(), "--ycsb-workloads",
        checkedWorkloads().toString(), "--report-dir", dir.resolve(name).toString(), "--work-dir", dir.resolve("work").toString()));
    args.addAll(List.of(more));
    return hibench(args.toArray(new String[0]));
  }

  private List<RunResult> records(String name) throws Exception {
    return InProcess.records(dir.resolve(name));
  }

  /** The plan of a series: per repetition and count a load, a warm-up (a tenth, at least 1,000, at most all) and a run, each labelled with its point. */
  @Test
  void aSeriesOfRecordCountsIsPlannedPointByPoint() throws Exception {
    Path list = dir.resolve("series.lst");
    Files.writeString(list, "ycsb-c\n");
    InProcess.Outcome plan = hibench("plan", "--benchmarks", list.toString(), "--ycsb-workloads", checkedWorkloads().toString(),
        "--ycsb-records", "500,20000", "--runs", "2");
    assertEquals(0, plan.status(), plan.err());
    List<String> lines = plan.out().lines().toList();
    assertEquals(12, lines.size(), plan.out());
    String[][] expected = {{"measure ycsb load", "500"}, {"warmup ycsb run", "500"}, {"measure ycsb run", "500"},
        {"measure ycsb load", "20000"}, {"warmup ycsb run", "2000"}, {"measure ycsb run", "20000"}};
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String[] e = expected[i % expected.length];
      String records = i % 6 < 3 ? "500" : "20000";
      assertTrue(line.startsWith(e[0] + " cassandra-cql -P ") && line.contains(" -p recordcount=" + records + " ")
          && line.contains(" -p operationcount=" + e[1] + " ") && line.contains(" -p hibench.suite.scale=" + records + "-records "), line);
    }
    InProcess.Outcome hbase = hibench("plan", "--benchmarks", list.toString(), "--ycsb-workloads", checkedWorkloads().toString(),
        "--serving", "hbase", "--durability", "disk");
    assertEquals(0, hbase.status(), hbase.err());
    assertTrue(hbase.out().lines().allMatch(l -> l.matches("(measure|warmup) ycsb (load|run) hbase2 -P .*")
        && l.contains(" -p durability=FSYNC_WAL ") && !l.contains("cassandra")), hbase.out());
    InProcess.Outcome bad = hibench("plan", "--benchmarks", list.toString(), "--ycsb-records", "0");
    assertEquals(2, bad.status());
    assertTrue(bad.err().contains("--ycsb-records must be at least 1"), bad.err());
  }

  @FullTier
  @Test
  void ycsbStepsRunOnCfsNodesWithTheirHygieneRecordedAndReported() throws Exception {
    // eight client threads: at --durability disk each write waits for its group commit's 15 ms sync,
    // which two threads would wait out one after another (7.6 s a load of 1,000 rows)
    InProcess.Outcome o = suite("cfs", "ycsb-a\nycsb-c\n", "--target", "cfs", "--runs", "2", "--warmup", "1", "--durability", "disk",
        "--maps", "8");
    assertEquals(0, o.status(), o.said());
    Matcher cfs = Pattern.compile("cfs:// at cfs://(127\\.0\\.0\\.1:\\d+)/").matcher(o.out());
    assertTrue(cfs.find(), o.out());
    // the suite's --warmup repeats no YCSB run: each repetition warms up by itself, unreported
    assertEquals(2 * 3 * 2, o.out().lines().filter(l -> l.matches("\\[\\d+/12] .*")).count(), o.out());
    assertEquals(4, o.out().lines().filter(l -> l.contains("(warm-up) run cassandra-cql")).count(), o.out());
    List<RunResult> records = records("cfs");
    assertEquals(List.of("HadoopYcsb-a-load", "HadoopYcsb-a", "HadoopYcsb-a-load", "HadoopYcsb-a",
        "HadoopYcsb-c-load", "HadoopYcsb-c", "HadoopYcsb-c-load", "HadoopYcsb-c"), records.stream().map(r -> r.type()).toList());
    for (RunResult r : records) {
      YcsbMetrics m = r.metrics(YcsbMetrics.class);
      assertEquals("cql://" + cfs.group(1) + "/ycsb", r.fileSystem(), "on cfs://'s nodes");
      assertEquals(1_000, m.operations, r.type());
      assertEquals(0, m.errors, r.type());
      assertEquals(r.type().endsWith("-load") ? 1_000 : 0, count(m, "INSERT"), r.type());
      if (r.type().equals("HadoopYcsb-a")) {
        assertEquals(1_000, count(m, "READ") + count(m, "UPDATE"), "workload A: reads and updates");
        assertTrue(count(m, "READ") > 350 && count(m, "UPDATE") > 350, "about half each");
      }
      if (r.type().equals("HadoopYcsb-c")) {
        assertEquals(1_000, count(m, "READ"), "workload C: reads only");
        assertEquals(1_000, count(m, YcsbMetrics.VERIFY), "every value read was checked");
      }
      assertEquals(r.type().replace("Hadoop", "").replace("Y", "y"), r.configuration().get("hibench.suite.workload"));
      assertEquals("tiny", r.configuration().get("hibench.profile"));
      assertTrue(r.configuration().get("hibench.ycsb.settled.ms").matches("\\d+"), "the wait before the phase");
      assertEquals("commitlog_sync group 15ms", r.configuration().get(HibenchConfigKeys.STORAGE_COMMIT_LOG));
      assertEquals("true", r.configuration().get(HibenchConfigKeys.STORAGE_FSYNC), "group commit syncs before acknowledging");
      assertTrue(r.configuration().get("hibench.pagecache").startsWith("not dropped"), "page cache recorded");
    }
    try (var outputs = Files.list(dir.resolve("cfs/ycsb"))) {
      assertTrue(outputs.anyMatch(f -> f.getFileName().toString().matches("\\d{3}-ycsb-c-tiny-measure-2\\.txt")), "YCSB's own output kept");
    }
    String html = Files.readString(dir.resolve("cfs/index.html"));
    assertTrue(html.contains("<h2 id=\"ycsb-a-load\">") && html.contains("<h2 id=\"ycsb-c\">"), "a section per phase");
    assertTrue(html.contains("<th>p99.9 (us)</th>") && html.contains("<td>READ</td>") && html.contains("<td>UPDATE</td>"), "tables");
    assertTrue(html.contains("Mean and percentile latencies per operation type"), "the latency chart");
    assertTrue(html.contains("Commit log: commitlog_sync group 15ms"), "the storage line");
  }

  /**
   * The whole picture at matched durability: on HDFS the steps run on HBase over it, on cfs:// on its
   * Cassandra nodes, and compare takes the two; at {@code --durability disk} HBase syncs its WAL,
   * which compare refuses against a run that did not.
   */
  @FullTier
  @Test
  void onHBaseBesideHdfsComparedWithCassandraOnCfsAndRefusedAgainstAnotherDurability() throws Exception {
    InProcess.Outcome hdfs = suite("hdfs", "ycsb-a\nycsb-c\n", "--runs", "1");
    assertEquals(0, hdfs.status(), hdfs.said());
    assertTrue(hdfs.out().contains("YCSB's store: HBase 2.6.1-hadoop3 on the HDFS, 1 region server(s) with ZooKeeper and the master in one JVM, WAL hflush"), hdfs.out());
    List<RunResult> records = records("hdfs");
    assertEquals(List.of("HadoopYcsb-a-load", "HadoopYcsb-a", "HadoopYcsb-c-load", "HadoopYcsb-c"),
        records.stream().map(r -> r.type()).toList());
    for (RunResult r : records) {
      YcsbMetrics m = r.metrics(YcsbMetrics.class);
      assertTrue(r.fileSystem().matches("hbase://127\\.0\\.0\\.1:\\d+/usertable"), r.fileSystem());
      assertEquals("hbase2", r.parameters().get("binding"));
      assertEquals(1_000, m.operations, r.type());
      assertEquals(0, m.errors, r.type());
      assertEquals("SYNC_WAL", r.configuration().get("durability"), "the WAL synced before acknowledging: hflush");
      assertEquals("false", r.configuration().get("hbase.wal.hsync"));
      assertEquals("false", r.configuration().get(HibenchConfigKeys.STORAGE_FSYNC));
      assertEquals("4", r.configuration().get("hbase.regions"), "four regions per region server");
      assertEquals(1, r.replication(), "the WAL's copies: the HDFS's one DataNode");
      assertTrue(r.configuration().get("hibench.ycsb.settled.ms").matches("\\d+"), "the wait before the phase");
    }
    assertEquals(1_000, count(records.get(3).metrics(YcsbMetrics.class), YcsbMetrics.VERIFY), "every value read was checked");

    InProcess.Outcome cfs = suite("cfs", "ycsb-a\nycsb-c\n", "--runs", "1", "--target", "cfs");
    assertEquals(0, cfs.status(), cfs.said());
    InProcess.Outcome compare = hibench("compare", dir.resolve("hdfs").toString(), dir.resolve("cfs").toString(),
        "--out", dir.resolve("compare").toString());
    assertEquals(0, compare.status(), "matched: memory on both sides\n" + compare.out() + compare.err());
    List<String> rows = Files.readAllLines(dir.resolve("compare/compare.csv"));
    for (String w : List.of("ycsb-a-load", "ycsb-a", "ycsb-c-load", "ycsb-c")) {
      assertTrue(rows.stream().anyMatch(l -> l.matches(w + ",tiny,.*,\\d+\\.\\d{4},")), w + " with its latency ratio: " + rows);
    }
    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      HeadlessChromium.Page page = chromium.open(dir.resolve("hdfs/index.html"));
      assertEquals(List.of(), page.errors(), "errors while loading index.html");
      assertTrue(Files.readString(dir.resolve("hdfs/index.html")).contains("Mean and percentile latencies per operation type"));
      assertTrue(page.images().stream().allMatch(size -> size[0] > 0), "every chart drawn");
      HeadlessChromium.Page comparePage = chromium.open(dir.resolve("compare/compare.html"));
      assertEquals(List.of(), comparePage.errors(), "errors while loading compare.html");
      assertTrue(Files.readString(dir.resolve("compare/compare.html")).contains("ycsb-c-load"), "the serving rows");
    }

    InProcess.Outcome disk = suite("disk", "ycsb-c\n", "--runs", "1", "--durability", "disk");
    assertEquals(0, disk.status(), disk.said());
    RunResult synced = records("disk").get(1);
    assertEquals("FSYNC_WAL", synced.configuration().get("durability"));
    assertEquals("true", synced.configuration().get("hbase.wal.hsync"));
    assertEquals("true", synced.configuration().get(HibenchConfigKeys.STORAGE_FSYNC));
    InProcess.Outcome refused = hibench("compare", dir.resolve("hdfs").toString(), dir.resolve("disk").toString(),
        "--out", dir.resolve("compare").toString());
    assertEquals(2, refused.status(), refused.out() + refused.err());
    assertTrue(refused.err().contains("fsync before acknowledging"), refused.err());
    // forced, B's mean latency over A's, from the two records' operation-weighted means
    InProcess.Outcome forced = hibench("compare", "--force", dir.resolve("hdfs").toString(), dir.resolve("disk").toString(),
        "--out", dir.resolve("compare").toString());
    assertEquals(0, forced.status(), forced.said());
    double ratio = synced.metrics(YcsbMetrics.class).meanUs / records.get(3).metrics(YcsbMetrics.class).meanUs;
    String row = Files.readAllLines(dir.resolve("compare/compare.csv")).stream().filter(l -> l.startsWith("ycsb-c,tiny,"))
        .findFirst().orElseThrow();
    assertTrue(row.endsWith(String.format(java.util.Locale.ROOT, ",%.4f,", ratio)), row + " against " + ratio);
  }

  @Test
  void aCommitLogThatContradictsTheDurabilityIsRefusedInOneLine() {
    InProcess.Outcome o = hibench("run", "--target", "cfs", "--durability", "disk", "--commitlog", "periodic");
    assertEquals(2, o.status(), o.out() + o.err());
    assertEquals(List.of("hibench run: --commitlog periodic acknowledges a write before it is on disk, and --durability is disk:"
        + " the two stores would not do the same work"), o.err().lines().toList());
  }

  private static long count(YcsbMetrics m, String type) {
    YcsbMetrics.Operation op = m.byType.get(type);
    return op == null ? 0 : op.count;
  }
}

package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.hive.GeneratedTables;
import io.hibenchdse.hosts.HostsCluster;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.spark.SparkFigures;
import io.hibenchdse.tiers.FullTier;
import io.hibenchdse.tpcxhs.TpcxHsJar;
import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;

/**
 * The Spark workloads through bin/hibench, each in a Spark JVM of its own (local mode) on the
 * embedded HDFS, checked against an independent count and against the MapReduce workload on the
 * same input.
 */
class SparkWorkloadsTest extends EmbeddedHdfsTest {
  static final String TASK = "org.apache.hadoop.mapreduce.TaskCounter";

  record Proc(int status, List<String> out, List<String> err) {}

  /** bin/hibench with the embedded HDFS as the file system and the class's report directory. */
  private static Proc hibench(String... args) throws Exception {
    return hibenchOn(Map.of(), hdfs.uri().toString(), args);
  }

  /** bin/hibench on the file system {@code fs}, with its settings {@code fsConf}, and the class's report directory. */
  private static Proc hibenchOn(Map<String, String> fsConf, String fs, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(LauncherTest.HOME.resolve("bin/hibench").toString(), args[0],
        "-fs", fs, "-D", "hibench.report.dir=" + new File(dir, "report")));
    fsConf.forEach((k, v) -> command.addAll(List.of("-D", k + "=" + v)));
    command.addAll(List.of(args).subList(1, args.length));
    File out = new File(dir, "out.txt");
    File err = new File(dir, "err.txt");
    Process p = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished in time: " + command);
    return new Proc(p.exitValue(), Files.readAllLines(out.toPath()), Files.readAllLines(err.toPath()));
  }

  private static RunResult lastRecord() throws Exception {
    List<RunResult> records = InProcess.records(new File(dir, "report").toPath());
    return records.get(records.size() - 1);
  }

  /**
   * spark-wordcount on RandomTextWriter's SequenceFiles: the counts of StringTokenizer over the
   * values, as MapReduce's wordcount writes them; the record reads the same input bytes and
   * records as MapReduce's job, with Spark's figures, HiBench's report type and Spark's settings
   * in place of MapReduce's.
   */
  @Test
  void sparkWordcountCountsWhatMapReduceCountsOnTheSameInput() throws Exception {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 2_000_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 500_000);
    assertEquals(0, TestData.run(conf, "randomtextwriter", "/wc/in").status);
    Map<String, Long> expected = new TreeMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(conf, new Path("/wc/in"))) {
      TestData.countTokens(kv[1].toString(), expected);
    }
    TestData.Outcome mr = TestData.run(conf, "wordcount", "/wc/in", "/wc/mr");
    assertEquals(0, mr.status, mr.toString());

    Proc spark = hibench("spark-wordcount", "/wc/in", "/wc/spark");
    assertEquals(0, spark.status(), spark.toString());
    assertEquals(expected, TestData.readTextCounts(conf, new Path("/wc/spark")));
    assertEquals(TestData.readTextCounts(conf, new Path("/wc/mr")), TestData.readTextCounts(conf, new Path("/wc/spark")));

    RunResult r = lastRecord();
    SparkFigures f = r.metrics(SparkFigures.class);
    assertEquals("spark-wordcount", r.workload());
    assertEquals("ScalaSparkWordcount", r.type());
    assertEquals(hdfs.uri().toString(), r.fileSystem());
    assertEquals(mr.result.inputBytes(), r.inputBytes());
    assertEquals(mr.result.counter(TASK, "MAP_INPUT_RECORDS"), f.recordsRead());
    assertEquals(expected.size(), f.recordsWritten());
    assertTrue(f.sparkVersion().startsWith("4.0."), f.toString());
    assertTrue(f.master().startsWith("local["), f.toString());
    assertEquals(f.master(), r.configuration().get("spark.master"));
    assertFalse(r.configuration().containsKey("mapreduce.job.reduces"), r.configuration().toString());
    assertTrue(f.jobs() >= 1 && f.stages() >= 2 && f.tasks() >= 4, f.toString());
    assertTrue(f.shuffleBytesWritten() > 0 && f.shuffleBytesWritten() == f.shuffleBytesRead(), f.toString());
    // the jobs' own time, inside the command's, which also holds the JVM's and the context's start
    assertTrue(r.durationSec() > 0 && r.durationSec() + f.contextSec() < f.commandSec(), r.durationSec() + " " + f);
    String last = spark.out().get(spark.out().size() - 1);
    assertTrue(last.startsWith(String.format("spark-wordcount: %,d bytes read in ", r.inputBytes())), spark.toString());
  }

  /**
   * HiveBench's queries through Spark SQL, on the very HiveQL files Hive runs: spark-aggregation and
   * spark-join return the rows Hive returns on the same generated tables (sums within rounding: the
   * engines add in different orders), read the same bytes and write as many rows; spark-scan copies
   * every row of uservisits. The Derby metastore each made is gone after it. A query whose table
   * is missing is one line and exit 2.
   */
  @Test
  void sparkSqlQueriesReturnTheRowsHiveReturns() throws Exception {
    TestData.Outcome gen = TestData.run(io.hibenchdse.hive.HiveDataGenJar.DRIVER, conf, "HiBench.DataGen", "-t", "hive",
        "-b", "/hb", "-n", "Input", "-m", "2", "-r", "2", "-p", "400", "-v", "6000", "-o", "sequence");
    assertEquals(0, gen.status, gen.toString());
    List<String> metastores = metastores();

    Proc scan = hibench("spark-scan", "/hb/Input", "/hb/spark-scan");
    assertEquals(0, scan.status(), scan.toString());
    List<String> visits = GeneratedTables.lines(conf, new Path("/hb/Input/uservisits"));
    List<String> copied = GeneratedTables.lines(conf, new Path("/hb/spark-scan/uservisits_copy"));
    visits.sort(null);
    copied.sort(null);
    assertEquals(visits, copied);
    assertEquals("ScalaSparkScan", lastRecord().type());
    assertEquals(visits.size(), lastRecord().metrics(SparkFigures.class).recordsWritten());

    for (String query : List.of("aggregation", "join")) {
      String table = query.equals("join") ? "rankings_uservisits_join" : "uservisits_aggre";
      Proc hive = hibench(query, "/hb/Input", "/hb/hive-" + query);
      assertEquals(0, hive.status(), hive.toString());
      RunResult hiveRecord = lastRecord();
      Proc spark = hibench("spark-" + query, "/hb/Input", "/hb/spark-" + query);
      assertEquals(0, spark.status(), spark.toString());
      RunResult sparkRecord = lastRecord();
      Map<String, double[]> byHive = byKey(GeneratedTables.rows(conf, new Path("/hb/hive-" + query + "/" + table)));
      Map<String, double[]> bySpark = byKey(GeneratedTables.rows(conf, new Path("/hb/spark-" + query + "/" + table)));
      assertFalse(byHive.isEmpty(), query);
      assertEquals(byHive.keySet(), bySpark.keySet(), query);
      byHive.forEach((key, h) -> {
        double[] sp = bySpark.get(key);
        for (int c = 0; c < h.length; c++) {
          assertEquals(h[c], sp[c], 1e-9 * Math.max(1, Math.abs(h[c])), query + " " + key + " column " + (c + 1));
        }
      });
      assertEquals("ScalaSpark" + Character.toUpperCase(query.charAt(0)) + query.substring(1), sparkRecord.type());
      assertEquals(hiveRecord.inputBytes(), sparkRecord.inputBytes(), query);
      assertEquals(byHive.size(), sparkRecord.metrics(SparkFigures.class).recordsWritten(), query);
    }
    assertEquals(metastores, metastores(), "each Spark JVM removed its metastore");

    Proc noTable = hibench("spark-join", "/hb/spark-scan", "/hb/no-join");
    assertEquals(2, noTable.status(), noTable.toString());
    assertEquals(List.of("spark-join: input " + hdfs.uri() + "/hb/spark-scan/rankings does not exist"), noTable.err());
  }

  /** A result table's rows by their first column, the others as numbers. */
  private static Map<String, double[]> byKey(List<String[]> rows) {
    Map<String, double[]> byKey = new TreeMap<>();
    for (String[] r : rows) {
      double[] values = new double[r.length - 1];
      for (int c = 1; c < r.length; c++) {
        values[c - 1] = Double.parseDouble(r[c]);
      }
      assertTrue(byKey.put(r[0], values) == null, "twice: " + r[0]);
    }
    return byKey;
  }

  private static List<String> metastores() {
    String[] names = new File(System.getProperty("java.io.tmpdir")).list((d, n) -> n.startsWith("hibench-spark-metastore"));
    return names == null ? List.of() : List.of(names);
  }

  /**
   * On cfs:// (a real Cassandra node), through the adapter's jar on Spark's class path: the counts
   * of an independent count of the same data, the record naming cfs:// as its file system; on the
   * same data spark-sort's output holds every record once, keys in order across its parts; and
   * spark-terasort's output of HSGen's data on cfs:// passes HSValidate with HSGen's row count and
   * checksum.
   */
  @FullTier
  @Test
  void sparkWordcountSortAndTerasortRunOnCfs() throws Exception {
    Configuration cfs = TestData.localConf(CfsTestNode.conf(), new File(dir, "mr-cfs"));
    cfs.setLong(RandomTextWriter.TOTAL_BYTES, 400_000);
    cfs.setLong(RandomTextWriter.BYTES_PER_MAP, 100_000);
    FileSystem.get(cfs).delete(new Path("/spark"), true);
    assertEquals(0, TestData.run(cfs, "randomtextwriter", "/spark/in").status);
    Map<String, Long> expected = new TreeMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(cfs, new Path("/spark/in"))) {
      TestData.countTokens(kv[1].toString(), expected);
    }
    Map<String, String> cfsKeys = cfsKeys(cfs);
    Proc spark = hibenchOn(cfsKeys, cfs.get(FileSystem.FS_DEFAULT_NAME_KEY), "spark-wordcount", "/spark/in", "/spark/out");
    assertEquals(0, spark.status(), spark.toString());
    assertEquals(expected, TestData.readTextCounts(cfs, new Path("/spark/out")));
    RunResult r = lastRecord();
    assertTrue(r.fileSystem().startsWith("cfs://127.0.0.1:"), r.fileSystem());
    assertEquals(TestData.readSequenceFiles(cfs, new Path("/spark/in")).size(), r.metrics(SparkFigures.class).recordsRead());

    Proc sort = hibenchOn(cfsKeys, cfs.get(FileSystem.FS_DEFAULT_NAME_KEY), "spark-sort", "/spark/in", "/spark/sorted");
    assertEquals(0, sort.status(), sort.toString());
    List<String> in = records(TestData.readSequenceFiles(cfs, new Path("/spark/in")));
    List<String> sorted = records(TestData.readSequenceFiles(cfs, new Path("/spark/sorted")));
    assertTrue(TestData.parts(cfs, new Path("/spark/sorted")).size() > 1, "parts of key ranges");
    List<String> sortedIn = new ArrayList<>(in);
    sortedIn.sort(null);
    assertEquals(keys(sortedIn), keys(sorted));
    List<String> sortedOut = new ArrayList<>(sorted);
    sortedOut.sort(null);
    assertEquals(sortedIn, sortedOut);
    assertTrue(lastRecord().fileSystem().startsWith("cfs://127.0.0.1:"), lastRecord().fileSystem());

    assertEquals(0, TestData.run(TpcxHsJar.DRIVER, cfs, "hsgen", "-rows", "5000", "-replication", "1", "/spark/ts-in").status);
    Proc tera = hibenchOn(cfsKeys, cfs.get(FileSystem.FS_DEFAULT_NAME_KEY), "spark-terasort", "/spark/ts-in", "/spark/ts-out");
    assertEquals(0, tera.status(), tera.toString());
    assertEquals("ScalaSparkTerasort", lastRecord().type());
    assertTrue(lastRecord().fileSystem().startsWith("cfs://127.0.0.1:"), lastRecord().fileSystem());
    assertTrue(FileSystem.get(cfs).exists(new Path("/spark/ts-out", io.hibenchdse.tpcxhs.Records.SUMMARY)), "HSGen's summary carried");
    TestData.Outcome valid = TestData.run(TpcxHsJar.DRIVER, cfs, "hsvalidate", "/spark/ts-out", "/spark/ts-validated");
    assertEquals(0, valid.status, valid.toString());
    FileSystem.get(cfs).delete(new Path("/spark"), true);
  }

  /** The cfs:// settings of {@code cfs}, for bin/hibench's -D options. */
  private static Map<String, String> cfsKeys(Configuration cfs) {
    Map<String, String> keys = new TreeMap<>();
    cfs.getPropsWithPrefix("cfs.").forEach((k, v) -> keys.put("cfs." + k, v));
    return keys;
  }

  /**
   * HiveBench's queries through Spark SQL on cfs://: the tables over DataGen's output on cfs://, the
   * results written there, each checked against the query computed here on the same rows: the scan's
   * copy holds uservisits' rows, the aggregation's revenue per source IP and the join's mean pageRank
   * and revenue per source IP equal those sums, the join's rows in descending revenue. Each record
   * names cfs://.
   */
  @FullTier
  @Test
  void sparkSqlQueriesRunOnCfs() throws Exception {
    Configuration cfs = TestData.localConf(CfsTestNode.conf(), new File(dir, "mr-cfs-sql"));
    FileSystem.get(cfs).delete(new Path("/sql"), true);
    TestData.Outcome gen = TestData.run(io.hibenchdse.hive.HiveDataGenJar.DRIVER, cfs, "HiBench.DataGen", "-t", "hive",
        "-b", "/sql", "-n", "Input", "-m", "2", "-r", "2", "-p", "400", "-v", "6000", "-o", "sequence");
    assertEquals(0, gen.status, gen.toString());
    String fs = cfs.get(FileSystem.FS_DEFAULT_NAME_KEY);
    Path input = new Path("/sql/Input");

    Proc scan = hibenchOn(cfsKeys(cfs), fs, "spark-scan", "/sql/Input", "/sql/scan");
    assertEquals(0, scan.status(), scan.toString());
    List<String> visits = GeneratedTables.lines(cfs, new Path(input, "uservisits"));
    List<String> copied = GeneratedTables.lines(cfs, new Path("/sql/scan/uservisits_copy"));
    visits.sort(null);
    copied.sort(null);
    assertEquals(visits, copied);
    assertTrue(lastRecord().fileSystem().startsWith("cfs://127.0.0.1:"), lastRecord().fileSystem());

    Proc aggregation = hibenchOn(cfsKeys(cfs), fs, "spark-aggregation", "/sql/Input", "/sql/aggregation");
    assertEquals(0, aggregation.status(), aggregation.toString());
    GeneratedTables.assertAggregation(cfs, input, new Path("/sql/aggregation/uservisits_aggre"));
    assertEquals("ScalaSparkAggregation", lastRecord().type());
    assertTrue(lastRecord().fileSystem().startsWith("cfs://127.0.0.1:"), lastRecord().fileSystem());

    Proc join = hibenchOn(cfsKeys(cfs), fs, "spark-join", "/sql/Input", "/sql/join");
    assertEquals(0, join.status(), join.toString());
    GeneratedTables.assertJoin(cfs, input, new Path("/sql/join/rankings_uservisits_join"));
    assertEquals("ScalaSparkJoin", lastRecord().type());
    assertTrue(lastRecord().fileSystem().startsWith("cfs://127.0.0.1:"), lastRecord().fileSystem());
    FileSystem.get(cfs).delete(new Path("/sql"), true);
  }

  /**
   * A SIGTERM to bin/hibench while Spark's job runs: the Spark JVM is stopped with it, its partial
   * output removed, its input untouched, and the rerun needs no -overwrite.
   */
  @FullTier
  @Test
  void sigtermWhileSparksJobRunsLeavesNothing() throws Exception {
    Configuration big = new Configuration(conf);
    big.setLong(RandomTextWriter.TOTAL_BYTES, 40_000_000);
    big.setLong(RandomTextWriter.BYTES_PER_MAP, 10_000_000);
    assertEquals(0, TestData.run(big, "randomtextwriter", "/stop/in").status);
    FileSystem fs = hdfs.cluster().getFileSystem();
    long inputBytes = fs.getContentSummary(new Path("/stop/in")).getLength();
    File err = new File(dir, "stop-err.txt");
    Process p = new ProcessBuilder(LauncherTest.HOME.resolve("bin/hibench").toString(), "spark-wordcount", "-fs", hdfs.uri().toString(),
        "-D", "hibench.report.dir=" + new File(dir, "report"), "/stop/in", "/stop/out")
        .redirectOutput(new File(dir, "stop-out.txt")).redirectError(err).start();
    long deadline = System.currentTimeMillis() + 60_000;
    while (!fs.exists(new Path("/stop/out")) && p.isAlive() && System.currentTimeMillis() < deadline) {
      Thread.sleep(50); // the job's output directory: its tasks are under way
    }
    assertTrue(fs.exists(new Path("/stop/out")) && p.isAlive(), "the job started: " + Files.readString(err.toPath()));
    List<ProcessHandle> spark = p.toHandle().children().toList();
    assertEquals(1, spark.size(), spark.toString());
    p.toHandle().destroy(); // SIGTERM
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bin/hibench stopped");
    assertTrue(spark.get(0).onExit().get(60, TimeUnit.SECONDS) != null && !spark.get(0).isAlive(), "the Spark JVM stopped too");
    List<String> lines = Files.readAllLines(err.toPath());
    assertTrue(lines.contains("spark-wordcount: stopped; removed its partial output /stop/out"), lines.toString());
    assertFalse(fs.exists(new Path("/stop/out")));
    assertEquals(inputBytes, fs.getContentSummary(new Path("/stop/in")).getLength());
    Proc rerun = hibench("spark-wordcount", "/stop/in", "/stop/out");
    assertEquals(0, rerun.status(), rerun.toString());
  }

  /**
   * Plain text, split on every kind of whitespace as StringTokenizer splits it; a missing input
   * and an existing output are one line each and exit 2, the output left as it was until
   * {@code -overwrite} replaces it.
   */
  @Test
  void textInputAndBadInputAreHandledAsByMapReducesTools() throws Exception {
    FileSystem fs = hdfs.cluster().getFileSystem();
    String text = "alpha  beta\tgamma\r\nalpha\fbeta\n\nzeta alpha\n";
    try (OutputStream out = fs.create(new Path("/text/in/words.txt"))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    Map<String, Long> expected = new TreeMap<>();
    TestData.countTokens(text, expected);

    Proc missing = hibench("spark-wordcount", "/text/nothere", "/text/out");
    assertEquals(2, missing.status(), missing.toString());
    assertEquals(List.of("spark-wordcount: input " + hdfs.uri() + "/text/nothere does not exist"), missing.err());

    fs.mkdirs(new Path("/text/out"));
    fs.create(new Path("/text/out/keep")).close();
    Proc exists = hibench("spark-wordcount", "/text/in", "/text/out");
    assertEquals(2, exists.status(), exists.toString());
    assertEquals(List.of("spark-wordcount: output " + hdfs.uri() + "/text/out already exists; pass -overwrite to replace it"),
        exists.err());
    assertTrue(fs.exists(new Path("/text/out/keep")));

    Proc overwrite = hibench("spark-wordcount", "-overwrite", "/text/in", "/text/out");
    assertEquals(0, overwrite.status(), overwrite.toString());
    assertEquals(expected, TestData.readTextCounts(conf, new Path("/text/out")));
    assertFalse(fs.exists(new Path("/text/out/keep")));
  }

  /**
   * spark-sort writes the MapReduce sort's records in its order: every input record once, keys in
   * order across the parts, the same key sequence as MapReduce's one reducer; a file that is not
   * RandomTextWriter's is one line before anything runs, a truncated one is one line naming it.
   * spark-terasort's output of HSGen's data
   * passes HSValidate with HSGen's checksum and is HSSort's output byte for byte.
   */
  @Test
  void sparkSortAndTerasortWriteWhatMapReducesSortsWrite() throws Exception {
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 1_000_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 250_000);
    assertEquals(0, TestData.run(conf, "randomtextwriter", "/sort/in").status);
    TestData.Outcome mr = TestData.run(conf, "sort", "/sort/in", "/sort/mr");
    assertEquals(0, mr.status, mr.toString());
    Proc spark = hibench("spark-sort", "/sort/in", "/sort/spark");
    assertEquals(0, spark.status(), spark.toString());
    List<String> in = records(TestData.readSequenceFiles(conf, new Path("/sort/in")));
    List<String> mrOut = records(TestData.readSequenceFiles(conf, new Path("/sort/mr")));
    List<String> sparkOut = records(TestData.readSequenceFiles(conf, new Path("/sort/spark")));
    assertTrue(TestData.parts(conf, new Path("/sort/spark")).size() > 1, "parts of key ranges");
    assertEquals(keys(mrOut), keys(sparkOut));
    List<String> sortedIn = new ArrayList<>(in);
    sortedIn.sort(null);
    List<String> sortedSpark = new ArrayList<>(sparkOut);
    sortedSpark.sort(null);
    assertEquals(sortedIn, sortedSpark);
    RunResult sort = lastRecord();
    assertEquals("ScalaSparkSort", sort.type());
    assertEquals(mr.result.inputBytes(), sort.inputBytes());
    SparkFigures f = sort.metrics(SparkFigures.class);
    // two jobs, each reading the input: Spark's range partitioner samples the keys, then the sort
    assertEquals(2, f.jobs(), f.toString());
    assertEquals(2L * in.size(), f.recordsRead(), f.toString());
    assertEquals(in.size(), f.recordsWritten(), f.toString());

    // a task that cannot read its file: one line naming the file, its split and the record, as
    // MapReduce's sort names them; no record, no output left
    FileSystem fs = hdfs.cluster().getFileSystem();
    Path cut = new Path("/sort/cut/part-m-00001");
    try (java.io.InputStream whole = fs.open(new Path("/sort/in/part-m-00001")); OutputStream head = fs.create(cut)) {
      head.write(whole.readNBytes(100_000));
    }
    int records = InProcess.records(new File(dir, "report").toPath()).size();
    Proc broken = hibench("spark-sort", "/sort/cut", "/sort/cut-out");
    assertEquals(1, broken.status(), broken.toString());
    assertEquals(1, broken.err().stream().filter(l -> !l.contains("context started")).count(), broken.toString());
    assertTrue(broken.err().get(broken.err().size() - 1).matches("spark-sort: hdfs://[^ ]*/sort/cut/part-m-00001 \\(bytes 0-100000\\)"
        + " record \\d+: java.io.EOFException; its partial output was removed \\(full trace in .*\\)"), broken.toString());
    assertFalse(fs.exists(new Path("/sort/cut-out")));
    assertEquals(records, InProcess.records(new File(dir, "report").toPath()).size());

    assertEquals(0, TestData.run(TpcxHsJar.DRIVER, conf, "hsgen", "-rows", "20000", "-replication", "1", "/ts/in").status);
    Proc notRtw = hibench("spark-sort", "/ts/in", "/ts/sorted");
    assertEquals(2, notRtw.status(), notRtw.toString());
    assertEquals(1, notRtw.err().size(), notRtw.toString());
    assertTrue(notRtw.err().get(0).matches("spark-sort: hdfs://.*/ts/in/part-m-0000\\d is not a SequenceFile: .*"), notRtw.toString());
    TestData.Outcome hssort = TestData.run(TpcxHsJar.DRIVER, conf, "hssort", "-replication", "1", "/ts/in", "/ts/mr");
    assertEquals(0, hssort.status, hssort.toString());
    Proc tera = hibench("spark-terasort", "/ts/in", "/ts/spark");
    assertEquals(0, tera.status(), tera.toString());
    assertEquals("ScalaSparkTerasort", lastRecord().type());
    TestData.Outcome valid = TestData.run(TpcxHsJar.DRIVER, conf, "hsvalidate", "/ts/spark", "/ts/validated");
    assertEquals(0, valid.status, valid.toString());
    assertTrue(TestData.parts(conf, new Path("/ts/spark")).size() > 1, "parts of key ranges");
    assertTrue(java.util.Arrays.equals(concatenated(new Path("/ts/mr")), concatenated(new Path("/ts/spark"))),
        "spark-terasort's output is HSSort's");
  }

  /**
   * HiBench 7's Spark command lines, unchanged, through Spark's own SparkSubmit against the suite's
   * Spark jar: ScalaWordCount counts what MapReduce's wordcount counts, ScalaSort writes every
   * record in key order, ScalaTeraSort's output passes HSValidate, and ScalaSparkSQLBench runs the
   * scan script HiBench writes (its ROW FORMAT DELIMITED SequenceFile tables) and copies every row.
   * A line without its arguments is one line and exit 2.
   */
  @FullTier
  @Test
  void hiBench7sSparkLinesRunUnchangedThroughSparkSubmit() throws Exception {
    String fs = hdfs.uri().toString();
    conf.setLong(RandomTextWriter.TOTAL_BYTES, 200_000);
    conf.setLong(RandomTextWriter.BYTES_PER_MAP, 100_000);
    assertEquals(0, TestData.run(conf, "randomtextwriter", "/hb7/in").status);
    assertEquals(0, TestData.run(conf, "wordcount", "/hb7/in", "/hb7/mr").status);

    Proc wc = submit("com.intel.hibench.sparkbench.micro.ScalaWordCount", fs + "/hb7/in", fs + "/hb7/wc");
    assertEquals(0, wc.status(), wc.toString());
    assertEquals(TestData.readTextCounts(conf, new Path("/hb7/mr")), TestData.readTextCounts(conf, new Path("/hb7/wc")));

    Proc sort = submit("com.intel.hibench.sparkbench.micro.ScalaSort", fs + "/hb7/in", fs + "/hb7/sorted");
    assertEquals(0, sort.status(), sort.toString());
    List<String> in = records(TestData.readSequenceFiles(conf, new Path("/hb7/in")));
    List<String> sorted = records(TestData.readSequenceFiles(conf, new Path("/hb7/sorted")));
    List<String> inOrder = new ArrayList<>(in);
    inOrder.sort(null);
    assertEquals(keys(inOrder), keys(sorted));

    assertEquals(0, TestData.run(TpcxHsJar.DRIVER, conf, "hsgen", "-rows", "5000", "-replication", "1", "/hb7/ts").status);
    Proc tera = submit("com.intel.hibench.sparkbench.micro.ScalaTeraSort", fs + "/hb7/ts", fs + "/hb7/ts-sorted");
    assertEquals(0, tera.status(), tera.toString());
    assertEquals(0, TestData.run(TpcxHsJar.DRIVER, conf, "hsvalidate", "/hb7/ts-sorted", "/hb7/ts-valid").status);

    assertEquals(0, TestData.run(io.hibenchdse.hive.HiveDataGenJar.DRIVER, conf, "HiBench.DataGen", "-t", "hive", "-b", "/hb7/sql",
        "-n", "Input", "-m", "2", "-r", "2", "-p", "200", "-v", "2000", "-o", "sequence").status);
    String columns = "(sourceIP STRING,destURL STRING,visitDate STRING,adRevenue DOUBLE,userAgent STRING,countryCode STRING,"
        + "languageCode STRING,searchWord STRING,duration INT )";
    java.nio.file.Path script = dir.toPath().resolve("uservisits_copy.hive");
    Files.writeString(script, String.join("\n", "USE DEFAULT;",
        "set hive.input.format=org.apache.hadoop.hive.ql.io.HiveInputFormat;",
        "set mapreduce.job.maps=2;", "set mapreduce.job.reduces=2;", "set hive.stats.autogather=false;", "",
        "DROP TABLE IF EXISTS uservisits;",
        "CREATE EXTERNAL TABLE uservisits " + columns + " ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' STORED AS  SEQUENCEFILE"
            + " LOCATION '" + fs + "/hb7/sql/Input/uservisits';",
        "DROP TABLE IF EXISTS uservisits_copy;",
        "CREATE EXTERNAL TABLE uservisits_copy " + columns + " ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' STORED AS  SEQUENCEFILE"
            + " LOCATION '" + fs + "/hb7/sql/Output/uservisits_copy';",
        "INSERT OVERWRITE TABLE uservisits_copy SELECT * FROM uservisits;", ""));
    Proc scan = submit("com.intel.hibench.sparkbench.sql.ScalaSparkSQLBench", "ScalaScan", script.toString());
    assertEquals(0, scan.status(), scan.toString());
    List<String> visits = GeneratedTables.lines(conf, new Path("/hb7/sql/Input/uservisits"));
    List<String> copied = GeneratedTables.lines(conf, new Path("/hb7/sql/Output/uservisits_copy"));
    visits.sort(null);
    copied.sort(null);
    assertFalse(visits.isEmpty());
    assertEquals(visits, copied);

    Proc usage = submit("com.intel.hibench.sparkbench.micro.ScalaWordCount", fs + "/hb7/in");
    assertEquals(2, usage.status(), usage.toString());
    assertEquals(List.of("ScalaWordCount: usage: ScalaWordCount <INPUT_HDFS> <OUTPUT_HDFS>"), usage.err());
  }

  /** {@code bin/hibench spark-submit --master local[2] --class CLASS JAR ARGS}: Spark's SparkSubmit, the suite's Spark jar as the JAR. */
  private static Proc submit(String mainClass, String... args) throws Exception {
    File[] jars = LauncherTest.HOME.resolve("spark-runner/target").toFile()
        .listFiles((d, n) -> n.matches("spark-runner-[0-9.]+(-SNAPSHOT)?\\.jar"));
    assertEquals(1, jars.length, "the suite's Spark jar");
    List<String> command = new ArrayList<>(List.of(LauncherTest.HOME.resolve("bin/hibench").toString(), "spark-submit", "--master",
        "local[2]", "--class", mainClass, jars[0].getPath()));
    command.addAll(List.of(args));
    File out = new File(dir, "submit-out.txt");
    File err = new File(dir, "submit-err.txt");
    Process p = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished in time: " + mainClass);
    List<String> errLines = Files.readAllLines(err.toPath()).stream().filter(l -> !l.startsWith("WARNING:")).toList();
    return new Proc(p.exitValue(), Files.readAllLines(out.toPath()), errLines);
  }

  /**
   * The suite runs spark-wordcount beside wordcount on the same generated data: equal input bytes
   * and records, as many shuffle partitions as reduces, the Spark JVM sampled by the monitor under
   * its name, both in the summary and set against each other in engines.csv and the page.
   */
  @Test
  void theSuiteRunsSparkBesideMapReduceOnTheSameData() throws Exception {
    java.nio.file.Path list = dir.toPath().resolve("spark.lst");
    Files.writeString(list, "wordcount\nspark-wordcount\n");
    java.nio.file.Path report = dir.toPath().resolve("suite-report");
    InProcess.Outcome run = InProcess.hibench("run", "--runs", "1", "--warmup", "0", "--benchmarks", list.toString(),
        "--report-dir", report.toString(), "--work-dir", dir.toPath().resolve("work").toString());
    assertEquals(0, run.status(), run.toString());
    List<RunResult> records = InProcess.records(report);
    assertEquals(List.of("HadoopWordcount", "ScalaSparkWordcount"), records.stream().map(r -> r.type()).toList());
    RunResult mr = records.get(0);
    RunResult spark = records.get(1);
    assertEquals(mr.inputBytes(), spark.inputBytes(), "the same seed, the same data");
    assertEquals(mr.counter(TASK, "MAP_INPUT_RECORDS"), spark.metrics(SparkFigures.class).recordsRead());
    assertEquals(mr.configuration().get("mapreduce.job.reduces"), spark.configuration().get("spark.default.parallelism"));
    // the profile's maps and reduces are MapReduce's: Spark's record has its own parallelism only
    assertFalse(spark.configuration().containsKey("mapreduce.job.reduces"), spark.configuration().toString());
    assertFalse(spark.configuration().containsKey("mapreduce.job.maps"), spark.configuration().toString());
    assertTrue(spark.utilization().get("processes").toString().contains("name=Spark,"), spark.utilization().toString());
    List<String> csv = Files.readAllLines(report.resolve("summary.csv"));
    assertTrue(csv.get(2).startsWith("spark-wordcount,tiny,1,"), csv.toString());
    // Spark (B) against MapReduce (A): the ratio of the two records' times; one run each gives no interval nor test
    List<String> engines = Files.readAllLines(report.resolve("engines.csv"));
    assertEquals(2, engines.size(), engines.toString());
    String[] row = engines.get(1).split(",", -1);
    assertEquals("spark-wordcount", row[0]);
    assertEquals(spark.durationSec() / mr.durationSec(), Double.parseDouble(row[8]), 0.01 * spark.durationSec() / mr.durationSec());
    assertEquals(List.of("", "", "", ""), List.of(row[9], row[10], row[11], row[12]), engines.get(1));
    String html = Files.readString(report.resolve("index.html"));
    assertTrue(html.contains("<h3 id=\"engines\">Spark beside MapReduce</h3>") && html.contains("<td>one run: no test</td>"), html);
  }

  /**
   * spark-wordcount on two hosts: Spark on their YARN, the driver on the master, an executor on
   * each worker (Spark's status tracker) and tasks on the workers only (its task reports); the same
   * input read and the same counts written as the embedded default's run on the same seed. Which
   * workers ran the few tasks of a tiny input is the scheduler's choice: it prefers the hosts that
   * hold the input's blocks and may leave a worker idle.
   */
  @FullTier
  @Test
  void sparkOnTwoHostsRunsOnTheirYarnAndReadsAndWritesWhatTheEmbeddedRunDid() throws Exception {
    java.nio.file.Path sparkOnly = dir.toPath().resolve("spark-only.lst");
    Files.writeString(sparkOnly, "spark-wordcount\n");
    java.nio.file.Path embeddedReport = dir.toPath().resolve("embedded-report");
    InProcess.Outcome run = InProcess.hibench("run", "--runs", "1", "--warmup", "0", "--benchmarks", sparkOnly.toString(),
        "--report-dir", embeddedReport.toString(), "--work-dir", dir.toPath().resolve("work").toString());
    assertEquals(0, run.status(), run.toString());
    RunResult spark = InProcess.records(embeddedReport).get(0);
    java.nio.file.Path hostsReport = dir.toPath().resolve("hosts-report");
    // a relative --work-dir, as run's default work/ is: the hosts' daemons get absolute directories
    java.nio.file.Path relative = java.nio.file.Path.of("target", "hosts-work-" + ProcessHandle.current().pid());
    InProcess.Outcome hosts = InProcess.hibench("run", "--hosts", "2", "--runs", "1", "--warmup", "0", "--benchmarks",
        sparkOnly.toString(), "--report-dir", hostsReport.toString(), "--work-dir", relative.toString());
    assertEquals(0, hosts.status(), hosts.toString());
    RunResult onHosts = InProcess.records(hostsReport).get(0);
    SparkFigures embedded = spark.metrics(SparkFigures.class);
    SparkFigures yarn = onHosts.metrics(SparkFigures.class);
    assertEquals("yarn", yarn.master());
    assertEquals("client", onHosts.configuration().get("spark.submit.deployMode"));
    List<String> workers = List.of(HostsCluster.worker(1), HostsCluster.worker(2));
    assertEquals(workers, yarn.executorHosts());
    assertTrue(!yarn.taskHosts().isEmpty() && workers.containsAll(yarn.taskHosts()), yarn.taskHosts().toString());
    assertEquals(List.of(spark.inputBytes(), embedded.recordsRead(), embedded.recordsWritten(), embedded.bytesWritten()),
        List.of(onHosts.inputBytes(), yarn.recordsRead(), yarn.recordsWritten(), yarn.bytesWritten()));

  }

  private static List<String> records(List<Writable[]> kvs) {
    List<String> list = new ArrayList<>();
    for (Writable[] kv : kvs) {
      list.add(kv[0] + "\t" + kv[1]);
    }
    return list;
  }

  private static List<String> keys(List<String> records) {
    return records.stream().map(r -> r.substring(0, r.indexOf('\t'))).toList();
  }

  /** The parts of an output directory, one after another. */
  private static byte[] concatenated(Path dir) throws Exception {
    java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
    FileSystem fs = dir.getFileSystem(conf);
    for (Path part : TestData.parts(conf, dir)) {
      try (java.io.InputStream in = fs.open(part)) {
        in.transferTo(all);
      }
    }
    return all.toByteArray();
  }

  /**
   * Spark's class path and the launcher's never meet: the launcher has Spark's launcher library
   * only, and the Spark JVM has no HBase or Cassandra, one Hadoop (the suite's version) and of Hive
   * and Derby only Spark's own builtin Hive 2.3, none of the jars Hive's JVM runs on.
   */
  @Test
  void sparksClassPathMeetsNoOtherEnginesAndTheLaunchersHasNoSpark() throws Exception {
    List<String> launcher = List.of(Files.readString(LauncherTest.HOME.resolve("hibench-launcher/target/runtime-classpath.txt"))
        .trim().split(File.pathSeparator));
    assertTrue(launcher.stream().anyMatch(j -> j.contains("/spark-launcher_2.13-")), "SparkProcess needs it");
    assertEquals(List.of(), launcher.stream().filter(j -> j.contains("/org/apache/spark/") && !j.contains("/spark-launcher_2.13-")).toList());
    List<String> spark = List.of(Files.readString(LauncherTest.HOME.resolve(
        "spark-runner/target/classes/io/hibenchdse/spark/spark.classpath")).trim().split(File.pathSeparator));
    assertTrue(spark.stream().anyMatch(j -> j.contains("/spark-core_2.13-")), spark.toString());
    assertEquals(List.of(), spark.stream().filter(j -> j.contains("/org/apache/hbase/") || j.contains("/org/apache/cassandra/")).toList());
    assertTrue(spark.stream().anyMatch(j -> j.contains("/hive-exec-2.3.")), "Spark SQL's builtin Hive: " + spark);
    Set<String> hive = Set.of(Files.readString(LauncherTest.HOME.resolve(
        "hive-queries/hive-runner/target/classes/io/hibenchdse/hive/runner/hive.classpath")).trim().split(File.pathSeparator));
    assertTrue(hive.stream().anyMatch(j -> j.contains("/hive-exec-4.")), hive.toString());
    assertEquals(List.of(), spark.stream().filter(j -> (j.contains("/org/apache/hive/") || j.contains("/org/apache/derby/"))
        && (hive.contains(j) || j.contains("/4.1."))).toList());
    String hadoop = org.apache.hadoop.util.VersionInfo.getVersion();
    assertEquals(List.of(), spark.stream().filter(j -> j.contains("/org/apache/hadoop/") && !j.contains("/" + hadoop + "/")).toList());
    assertEquals(List.of(), spark.stream().filter(j -> j.contains("/org/rocksdb/")).toList(), "RocksDB left out");

    // the Spark job jar a user's spark-submit takes: the Spark JVM's main and HiBench's entries,
    // picocli relocated; nothing of Spark, Scala or Hive, and of Hadoop only TeraGen's generator
    List<String> entries;
    try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(LauncherTest.HOME.resolve("spark-runner/target/spark-runner.jar").toFile())) {
      entries = jar.stream().map(java.util.zip.ZipEntry::getName).filter(n -> n.endsWith(".class")).toList();
    }
    assertTrue(entries.containsAll(List.of("io/hibenchdse/spark/SparkMain.class", "com/intel/hibench/sparkbench/micro/ScalaWordCount.class",
        "com/intel/hibench/sparkbench/sql/ScalaSparkSQLBench.class", "io/hibenchdse/core/WorkloadDriver.class",
        "io/hibenchdse/shaded/picocli/CommandLine.class")), entries.toString());
    assertEquals(List.of(), entries.stream().filter(n -> n.startsWith("org/apache/spark/") || n.startsWith("scala/")
        || n.startsWith("org/apache/hadoop/hive/") || n.startsWith("picocli/")
        || n.startsWith("org/apache/hadoop/") && !n.startsWith("org/apache/hadoop/examples/terasort/")).toList());
  }
}

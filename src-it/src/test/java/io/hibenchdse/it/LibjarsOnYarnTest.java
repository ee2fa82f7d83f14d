package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.node.SiteSettings;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adapter given the other stock way, {@code -libjars cfs-adapter.jar}, to a YARN cluster whose
 * class path lacks it and whose default file system is HDFS: WordCount from cfs:// to cfs://; then
 * the suite on that cluster as on a user's, its data on cfs:// ({@code run --cluster CONF --target
 * cfs --cfs-uri}), the adapter going with every job, submitted by the launcher's own client and by
 * a stock {@code hadoop jar}.
 */
@FullTier
class LibjarsOnYarnTest {
  private static final File ADAPTER_JAR = new File("../cfs-adapter/target/cfs-adapter.jar").getAbsoluteFile();
  /** The container logs that say why a task failed. */
  private static final String LOGS = "syslog|stderr";

  // one cluster for the class: each case works under a root of its own on cfs:// and its own report
  @TempDir static File dir;
  private static Configuration cfs;
  private static MiniDFSCluster hdfs;
  private static MiniMRYarnCluster yarn;
  /** The jobs' configuration: the mini YARN's, without the adapter on its containers' class path. */
  private static Configuration jc;
  /** A user's client configuration directory for the cluster: its four site files. */
  private static java.nio.file.Path conf;
  private static java.nio.file.Path refused;

  @BeforeAll
  static void startCluster() throws Exception {
    assertTrue(ADAPTER_JAR.isFile(), ADAPTER_JAR + " is built by cfs-adapter's package phase");
    cfs = CfsTestNode.conf();
    Configuration hdfsConf = new Configuration();
    SiteSettings.all().forEach(hdfsConf::set);
    hdfs = new MiniDFSCluster.Builder(hdfsConf, new File(dir, "dfs")).numDataNodes(1).build();
    Configuration base = new Configuration(hdfs.getConfiguration(0));
    base.set("fs.defaultFS", hdfs.getURI().toString());
    base.setInt("yarn.nodemanager.delete.debug-delay-sec", 3600);
    yarn = FastYarn.start("libjars-yarn", base);
    jc = FastYarn.jobConf(yarn);
    for (String key : new String[] {"fs.local.block.size", "fs.local.subblock.size", "cfs.datacenter"}) {
      jc.set(key, cfs.get(key));
    }
    // A mini cluster's containers get the submitting JVM's class path; these jobs' get that path
    // without the adapter, through YARN's own key (as on a real cluster), so the AM and the tasks
    // find cfs:// only where -libjars puts it. The JVM's own java.class.path is left alone: the
    // JVM's other readers of it (ChildJvm, the hosts' site files) must see it whole.
    jc.setBoolean(YarnConfiguration.IS_MINI_YARN_CLUSTER, false);
    jc.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> !e.contains("cfs-adapter")).collect(Collectors.joining(",")));

    conf = dir.toPath().resolve("cluster-conf");
    Files.createDirectories(conf);
    Configuration site = new Configuration(jc);
    // the mini cluster's rack mapping is a class of Hadoop's tests, which a user's client
    // configuration does not name and Spark's JVM does not have
    site.unset(CommonConfigurationKeysPublic.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY);
    // every key in each site file, as a Hadoop client reads each component's defaults before its own file
    for (String component : new String[] {"core", "hdfs", "yarn", "mapred"}) {
      try (java.io.OutputStream out = Files.newOutputStream(conf.resolve(component + "-site.xml"))) {
        site.writeXml(out);
      }
    }
    refused = Files.writeString(dir.toPath().resolve("refused.lst"), "wordcount\n");
  }

  @AfterAll
  static void stopCluster() {
    try {
      if (yarn != null) {
        yarn.stop();
      }
    } finally {
      if (hdfs != null) {
        hdfs.shutdown();
      }
    }
  }

  @Test
  void wordcountFromCfsToCfsFindsTheAdapterOnlyWhereLibjarsPutsIt() throws Exception {
    FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), cfs);
    Path root = new Path(CfsTestNode.uri().toString() + "libjars-wc");
    fs.delete(root, true);
    String text = "to be or not to be\nthat is the question\n";
    try (FSDataOutputStream out = fs.create(new Path(root, "in/a.txt"))) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    try {
      Configuration job = new Configuration(jc);
      job.set("hibench.report.dir", new File(dir, "report").getPath());
      // the other cases' jobs leave their logs on the same NodeManager: this job's are the new ones
      java.util.Set<java.nio.file.Path> before = new java.util.HashSet<>(FastYarn.containerLogs(yarn, LOGS));
      TestData.Outcome without = TestData.run(job, "wordcount", root + "/in", root + "/out-without");
      assertNotEquals(0, without.status, "the containers must not find cfs:// without -libjars: " + without);
      assertTrue(containerLogTails(yarn, before).contains("Class io.hibenchdse.cfs.CassandraFileSystem not found"), without.toString());

      TestData.Outcome o = TestData.run(job, "wordcount", "-libjars", ADAPTER_JAR.getPath(), root + "/in", root + "/out");
      assertEquals(0, o.status, o + "\n" + containerLogTails(yarn, before));
      Map<String, Long> expected = new TreeMap<>();
      TestData.countTokens(text, expected);
      assertEquals(expected, TestData.readTextCounts(cfs, new Path(root, "out")));
    } finally {
      fs.delete(root, true);
      fs.close();
    }
  }

  @Test
  void theSuiteRunsOnCfsUriOfAUsersClusterThroughTheLaunchersClient() throws Exception {
    // every key in core-site.xml alone: a Hadoop client, and the launcher as one, reads mapred-default.xml's "local" after it
    java.nio.file.Path coreOnly = Files.createDirectories(dir.toPath().resolve("core-only-conf"));
    Files.copy(conf.resolve("core-site.xml"), coreOnly.resolve("core-site.xml"));
    for (String empty : new String[] {"hdfs-site.xml", "yarn-site.xml", "mapred-site.xml"}) {
      Files.writeString(coreOnly.resolve(empty), "<configuration/>\n");
    }
    assertRefused("--cluster " + coreOnly + ": mapreduce.framework.name is local, not yarn: the suite's jobs go to the cluster's YARN"
        + " (core-site.xml names yarn, which a Hadoop client's mapred-default.xml overrides: set it in mapred-site.xml)", "run",
        "--cluster", coreOnly.toString(), "--benchmarks", refused.toString());
    // --drop-caches with a worker that ssh cannot reach: each record says where the cache was not dropped, and why
    List<RunResult> records = assertSuiteRunsOnCfsUri(List.of("wordcount", "spark-wordcount", "aggregation"),
        List.of("--drop-caches", "--monitor-hosts", "127.0.0.1:1"), "launcher");
    for (RunResult r : records) {
      String pageCache = r.configuration().get(HibenchConfigKeys.PAGE_CACHE);
      assertTrue(pageCache != null && pageCache.startsWith("not dropped everywhere: ")
          && pageCache.contains("127.0.0.1:1: ssh: connect to host 127.0.0.1 port 1: Connection refused"), r.type() + ": " + pageCache);
    }
  }

  /**
   * A series on the cluster, through a stock {@code hadoop jar}, as at home: a warm-up and two
   * measured runs of each point, each measured run a record with its point's settings, a run's work
   * the same at each point.
   */
  @Test
  void aSeriesWithWarmUpsRunsOnAUsersClusterThroughAStockHadoopJar() throws Exception {
    List<RunResult> series = assertSuiteRunsOnCfsUri(List.of("wordcount"),
        List.of("--submit", stockHadoop() + " jar", "--vary", "reduces=1,2", "--runs", "2", "--warmup", "1"), "submitted");
    assertEquals(4, series.size(), series.toString());
    for (int i = 0; i < 4; i++) {
      RunResult run = series.get(i);
      int point = i / 2 + 1;
      assertEquals("reduces=" + point, run.configuration().get(HibenchConfigKeys.SERIES_POINT));
      assertEquals(String.valueOf(point), run.configuration().get(HibenchConfigKeys.SERIES_INDEX));
      assertEquals(point, run.counter("org.apache.hadoop.mapreduce.JobCounter", "TOTAL_LAUNCHED_REDUCES"), run.toString());
      // each run generates its data with its own seed (its number), the same at every point
      assertEquals(series.get(i % 2).counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_OUTPUT_RECORDS"),
          run.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_OUTPUT_RECORDS"));
    }
  }

  /**
   * YCSB on a user's Cassandra that ssh does not reach (no key of this machine's on 127.0.0.1): each
   * phase is measured all the same, after the wait for compactions, and its record and the console
   * say the nodes were not flushed and why, beside the durability the node states of itself.
   */
  @Test
  void aYcsbPhaseOnAUsersCassandraThatSshCannotReachIsRecordedAsNotFlushed() throws Exception {
    String node = "cassandra://" + CfsTestNode.uri().getHost() + ":" + CfsTestNode.uri().getPort();
    java.nio.file.Path list = Files.writeString(dir.toPath().resolve("ycsb.lst"), "ycsb-c\n");
    java.nio.file.Path report = dir.toPath().resolve("report-ycsb");
    InProcess.Outcome run = InProcess.hibench("run", "--cluster", conf.toString(), "--serving", node, "--replication", "1",
        "--benchmarks", list.toString(), "--ycsb-workloads", LauncherTest.HOME.resolve("conf/ycsb").toString(), "--runs", "1",
        "--warmup", "0", "--monitor-interval", "0", "--report-dir", report.toString(), "--work-dir", dir.toPath().resolve("work-ycsb").toString());
    System.out.println(run.out());
    assertEquals(0, run.status(), run.said());
    List<RunResult> records = InProcess.records(report);
    assertEquals(List.of("HadoopYcsb-c-load", "HadoopYcsb-c"), records.stream().map(RunResult::type).toList(), run.out());
    String commitLog = records.get(0).configuration().get(HibenchConfigKeys.STORAGE_COMMIT_LOG);
    assertTrue(run.out().contains("hibench run: YCSB's store: the Cassandra cluster at " + node + ", 1 node(s), " + commitLog), run.out());
    for (RunResult r : records) {
      io.hibenchdse.ycsb.YcsbMetrics m = r.metrics(io.hibenchdse.ycsb.YcsbMetrics.class);
      // tiny's 1,000 records loaded, then 1,000 operations run, none failed
      assertEquals(1000, m.operations, r.type());
      assertEquals(0, m.errors, r.type());
      String flush = r.configuration().get(HibenchConfigKeys.SERVING_FLUSH);
      assertTrue(flush != null && flush.startsWith("not flushed: 127.0.0.1: "), r.type() + ": " + flush);
      assertTrue(run.out().contains("hibench run: " + flush + ", compactions finished in "), flush + "\n" + run.out());
      assertEquals(commitLog, r.configuration().get(HibenchConfigKeys.STORAGE_COMMIT_LOG), r.type());
      assertEquals("1", r.configuration().get(HibenchConfigKeys.STORAGE_NODES), r.type());
    }
  }

  /** Refused before any step, each in one line: a serving store that does not answer, then HDFS in safe mode. */
  @Test
  void aStoreThatDoesNotAnswerAndHdfsInSafeModeAreRefusedBeforeAnyStep() throws Exception {
    assertRefused("--serving cassandra://127.0.0.1:1 does not answer: ", "run", "--cluster", conf.toString(), "--serving",
        "cassandra://127.0.0.1:1", "--benchmarks", refused.toString());
    // an HBase whose ZooKeeper nobody listens for: said in seconds, not after HBase's two minutes of retries
    java.nio.file.Path noHBase = Files.createDirectories(dir.toPath().resolve("no-hbase"));
    Files.writeString(noHBase.resolve("hbase-site.xml"), "<configuration><property><name>hbase.zookeeper.quorum</name>"
        + "<value>127.0.0.1</value></property><property><name>hbase.zookeeper.property.clientPort</name><value>1</value>"
        + "</property></configuration>\n");
    long asked = System.nanoTime();
    assertRefused("--serving hbase:" + noHBase + " does not answer: a client of the HBase of " + noHBase.resolve("hbase-site.xml")
        + " exited", "run", "--cluster", conf.toString(), "--serving", "hbase:" + noHBase, "--benchmarks", refused.toString());
    double seconds = (System.nanoTime() - asked) / 1e9;
    assertTrue(seconds < 30, "refused after " + seconds + " s");
    hdfs.getFileSystem().setSafeMode(org.apache.hadoop.fs.SafeModeAction.ENTER);
    try {
      assertRefused("--cluster: HDFS at " + hdfs.getURI() + " is in safe mode: wait for it to leave (hdfs dfsadmin -safemode wait)",
          "run", "--cluster", conf.toString(), "--benchmarks", refused.toString());
    } finally {
      hdfs.getFileSystem().setSafeMode(org.apache.hadoop.fs.SafeModeAction.LEAVE);
    }
  }

  /**
   * {@code bin/hibench run --cluster CONF --target cfs --cfs-uri URI} with {@code workloads}, a
   * wordcount first, and its own {@code extra} options: every record says it measured cfs://, the
   * data is there and not on the cluster's HDFS, and the wordcount's output equals an independent
   * count of its input.
   */
  private static List<RunResult> assertSuiteRunsOnCfsUri(List<String> workloads, List<String> extra, String name) throws IOException {
    String root = "/libjars-suite-" + name;
    FileSystem data = FileSystem.newInstance(CfsTestNode.uri(), cfs);
    data.delete(new Path(root), true);
    java.nio.file.Path list = Files.writeString(dir.toPath().resolve(name + ".lst"), String.join("\n", workloads) + "\n");
    java.nio.file.Path report = dir.toPath().resolve("report-" + name);
    List<String> args = new ArrayList<>(List.of("run", "--cluster", conf.toString(), "--target", "cfs", "--cfs-uri",
        CfsTestNode.uri().toString(), "--root", root, "--benchmarks", list.toString(), "--monitor-interval", "0", "--report-dir", report.toString(), "--work-dir", dir.toPath().resolve("work-" + name).toString()));
    args.addAll(extra);
    if (!extra.contains("--runs")) {
      args.addAll(List.of("--runs", "1", "--warmup", "0"));
    }
    InProcess.Outcome run = InProcess.hibench(args.toArray(new String[0]));
    System.out.println(run.out()); // the run's progress, in the test's output file
    assertEquals(0, run.status(), run.said());
    assertTrue(run.out().contains(": " + CfsTestNode.uri() + " (the adapter with every job; their own files on " + hdfs.getURI()),
        run.out());
    if (extra.contains("--warmup")) { // its warm-ups ran on the cluster too, and left no record
      assertTrue(run.out().lines().anyMatch(l -> l.contains(" warm-up 1: wordcount ")), run.out());
    }
    List<RunResult> records = InProcess.records(report);
    assertEquals(workloads, records.stream().map(r -> r.configuration().get(HibenchConfigKeys.SUITE_WORKLOAD)).distinct().toList());
    for (RunResult r : records) {
      assertEquals(CfsTestNode.uri().toString(), r.fileSystem() + "/", r.workload());
      if (!r.type().startsWith("ScalaSpark")) { // the MapReduce jobs, Hive's too, on the cluster's YARN, not a local runner
        assertEquals("yarn", r.configuration().get(org.apache.hadoop.mapreduce.MRConfig.FRAMEWORK_NAME), r.type());
      }
    }
    // the last wordcount wrote the output left on cfs://
    RunResult wordcount = records.stream().filter(r -> r.configuration().get(HibenchConfigKeys.SUITE_WORKLOAD).equals("wordcount"))
        .reduce((first, last) -> last).orElseThrow();
    assertEquals(extra.contains("--submit") ? extra.get(extra.indexOf("--submit") + 1) : HibenchConfigKeys.SUBMITTED_BY_LAUNCHER,
        wordcount.configuration().get(HibenchConfigKeys.CLUSTER_SUBMIT));
    if (extra.contains("--drop-caches")) { // said on the console too, once a measured step
      assertEquals(workloads.size(), run.out().lines().filter(l -> l.startsWith("hibench run: page cache not dropped everywhere: ")).count(),
          run.out());
    }
    Map<String, Long> expected = new TreeMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(cfs, new Path(CfsTestNode.uri() + root.substring(1) + "/Wordcount/Input"))) {
      TestData.countTokens(kv[1].toString(), expected);
    }
    assertTrue(!expected.isEmpty(), "the input on cfs://");
    assertEquals(expected, TestData.readTextCounts(cfs, new Path(CfsTestNode.uri() + root.substring(1) + "/Wordcount/Output")));
    assertEquals(expected.values().stream().mapToLong(Long::longValue).sum(),
        wordcount.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_OUTPUT_RECORDS"));
    if (workloads.contains("spark-wordcount")) {
      // Spark on the cluster's YARN, its executors reading and writing cfs:// with the adapter among
      // Spark's jars, which the containers' class path (YARN's, without it) does not give them
      RunResult spark = records.get(workloads.indexOf("spark-wordcount"));
      io.hibenchdse.spark.SparkFigures f = spark.metrics(io.hibenchdse.spark.SparkFigures.class);
      assertEquals("yarn", f.master(), spark.toString());
      System.out.printf("Spark context %.1f s, command %.1f s%n", f.contextSec(), f.commandSec());
      assertEquals(wordcount.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_INPUT_RECORDS"), f.recordsRead());
      assertEquals(expected.size(), f.recordsWritten(), "a line a word");
      assertEquals(wordcount.inputBytes(), spark.inputBytes());
    }
    assertTrue(!hdfs.getFileSystem().exists(new Path(root)), "nothing of the data on the cluster's HDFS");
    data.delete(new Path(root), true);
    data.close();
    return records;
  }

  /** A run refused before any step; a run that is not would write under the test's directory, not the module's. */
  private static void assertRefused(String line, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--report-dir", new File(dir, "refused-report").getPath(), "--work-dir", new File(dir, "refused-work").getPath()));
    InProcess.Outcome refused = InProcess.hibench(all.toArray(new String[0]));
    assertEquals(2, refused.status(), refused.out() + refused.err());
    List<String> lines = refused.err().lines().toList();
    assertEquals(1, lines.size(), refused.err());
    assertTrue(lines.get(0).startsWith("hibench run: " + line), refused.err());
  }

  /** A stock {@code hadoop} whose {@code jar} command is RunJar on Hadoop 3.4's client jars, which lack the adapter. */
  private static java.nio.file.Path stockHadoop() throws IOException {
    String line = Files.readString(LauncherTest.HOME.resolve("hadoop-lines/3.4/target/classpath.txt")).trim();
    assertTrue(!line.contains("cfs-adapter"), line);
    java.nio.file.Path hadoop = dir.toPath().resolve("hadoop");
    Files.writeString(hadoop, "#!/usr/bin/env bash\n[ \"$1\" = jar ] || exit 64\nshift\n"
        + "exec '" + java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java") + "' $HADOOP_OPTS -cp \"$HADOOP_CONF_DIR:" + line
        + "\" org.apache.hadoop.util.RunJar \"$@\"\n");
    assertTrue(hadoop.toFile().setExecutable(true));
    return hadoop;
  }

  /** The end of every container log but those {@code before}, to see why a job failed. */
  private static String containerLogTails(MiniMRYarnCluster yarn, java.util.Set<java.nio.file.Path> before) throws IOException {
    StringBuilder b = new StringBuilder();
    for (java.nio.file.Path f : FastYarn.containerLogs(yarn, LOGS)) {
      if (before.contains(f)) {
        continue;
      }
      String s = Files.readString(f);
      b.append("== ").append(f).append('\n').append(s, Math.max(0, s.length() - 4000), s.length()).append('\n');
    }
    return b.toString();
  }
}

package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.LocalRunner;
import io.hibenchdse.core.TestData;
import io.hibenchdse.hosts.HostDaemon;
import io.hibenchdse.dfsio.DfsioEnhancedJar;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.hosts.HostsCluster;
import io.hibenchdse.tiers.FullTier;
import io.hibenchdse.tpcxhs.HsGen;
import io.hibenchdse.tpcxhs.HsValidate;
import io.hibenchdse.tpcxhs.TpcxHsJar;
import io.hibenchdse.hosts.Link;
import io.hibenchdse.monitor.Monitor;
import io.hibenchdse.monitor.Series;
import io.hibenchdse.node.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerReport;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster of hosts on this machine (root, Linux): workers with a network, cgroups and daemons of
 * their own. Hadoop's own {@code yarn node -list} sees every NodeManager; a wordcount's maps run on
 * both hosts and its counters equal the local runner's on the same input; a link of a known speed
 * bounds DFSIOE's write as the copies crossing it predict; a slower link slows TPCx-HS's sort most;
 * a host killed mid-sort costs no data; Hive and YCSB run on the hosts; the suite runs on hosts
 * started apart as on a user's own cluster ({@code --cluster}); and when a cluster stops, on
 * close or on SIGTERM, no namespace, link, cgroup or process of it is left.
 */
@FullTier
class HostsClusterTest {
  @TempDir File dir;
  /** The embedded default's reference runs, which two cases compare a cluster's with. */
  @TempDir static File shared;
  private static List<io.hibenchdse.core.RunResult> embeddedReference;

  /**
   * The embedded default's wordcount and aggregation on the default profile's data, in that order:
   * run once, by the first case that compares a cluster's results with them.
   */
  private static synchronized List<io.hibenchdse.core.RunResult> embeddedWordcountAndAggregation() throws Exception {
    if (embeddedReference == null) {
      Path list = Files.writeString(shared.toPath().resolve("embedded.lst"), "wordcount\naggregation\n");
      Path report = shared.toPath().resolve("embedded-report");
      InProcess.Outcome run = InProcess.hibench("run", "--benchmarks", list.toString(), "--runs", "1", "--warmup", "0",
          "--monitor-interval", "0", "--report-dir", report.toString(), "--work-dir", shared.toPath().resolve("embedded-work").toString());
      assertEquals(0, run.status(), run.said());
      embeddedReference = InProcess.records(report);
      assertEquals(List.of("HadoopWordcount", "HadoopAggregation"), embeddedReference.stream().map(io.hibenchdse.core.RunResult::type).toList());
    }
    return embeddedReference;
  }

  /**
   * Two hosts at two copies: YARN's own node list shows both, a wordcount's maps run on both with the
   * local runner's counters, and then the known link. DFSIOE's write unshaped, and again under a
   * 40mbit link (the link alone changed, on the same cluster): each map's second copy crosses its
   * host's link once, so the aggregated throughput is the link's payload rate times the hosts that
   * ran maps, within 10%, and unshaped it is faster than that bound.
   */
  @Test
  void twoHostsRunAWordcountOnBothAndAKnownLinkBoundsDfsioeWriteByTheHostsThatRanItsMaps() throws Exception {
    String namespaces;
    try (HostsCluster cluster = HostsCluster.start(dir.toPath().resolve("hosts"), 2, null, 2, System.out)) {
      namespaces = cluster.network().namespace(HostsCluster.MASTER);
      Path conf = dir.toPath().resolve("conf");
      cluster.writeClientConf(conf);
      String nodes = yarnNodeList(conf);
      assertTrue(nodes.contains("Total Nodes:2"), nodes);
      for (int i = 1; i <= 2; i++) {
        assertTrue(nodes.contains(HostsCluster.worker(i) + ":"), nodes);
      }

      Configuration jobs = cluster.conf();
      jobs.set("hibench.report.dir", new File(dir, "report").getPath());
      FileSystem fs = FileSystem.get(jobs);
      // eight files, one block each at one copy: their blocks, and so the maps that read them, fall on both hosts
      StringBuilder all = new StringBuilder();
      Random random = new Random(34);
      for (int f = 0; f < 8; f++) {
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < 2000; line++) {
          text.append("w").append(random.nextInt(500)).append(' ').append("v").append(random.nextInt(50)).append('\n');
        }
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/wc/in/part-" + f), (short) 1)) {
          out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        all.append(text);
      }
      TestData.Outcome yarn = TestData.run(jobs, "wordcount", "/wc/in", "/wc/out-yarn");
      assertEquals(0, yarn.status, yarn.toString());
      assertEquals("yarn", yarn.result.configuration().get("mapreduce.framework.name"));
      assertEquals("2", yarn.result.configuration().get("hibench.cluster.hosts"));
      Map<String, Long> expected = new TreeMap<>();
      TestData.countTokens(all.toString(), expected);
      assertEquals(expected, TestData.readTextCounts(jobs, new org.apache.hadoop.fs.Path("/wc/out-yarn")));
      Set<String> mapHosts = mapHosts(jobs);
      assertTrue(mapHosts.size() >= 2, "maps ran on " + mapHosts);

      Configuration local = LocalRunner.configure(new Configuration(jobs), new File(dir, "local"));
      TestData.Outcome runner = TestData.run(local, "wordcount", "/wc/in", "/wc/out-local");
      assertEquals(0, runner.status, runner.toString());
      for (String counter : List.of("MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "MAP_OUTPUT_BYTES", "COMBINE_INPUT_RECORDS",
          "REDUCE_INPUT_RECORDS", "REDUCE_OUTPUT_RECORDS")) {
        assertEquals(runner.result.counter("org.apache.hadoop.mapreduce.TaskCounter", counter),
            yarn.result.counter("org.apache.hadoop.mapreduce.TaskCounter", counter), counter);
      }

      // the two writes are measured against the link's budget: no case of the other fork beside them
      record LinkRuns(double unshaped, DfsioeMetrics shaped, Series series) {}
      Map<String, String> notSampled = new TreeMap<>();
      LinkRuns runs = MachineShare.alone(() -> {
        // the run the known link bounds, unshaped: faster than that link would let it be on both hosts
        double unshapedRate = dfsioeWrite(jobs, "/dfsio-unshaped").aggregatedThroughputBytesPerSec;
        cluster.network().reshape(Link.parse(LINK));
        Monitor monitor = Monitor.start(500, cluster.monitored(notSampled), List::of, System.out, notSampled);
        DfsioeMetrics shaped = dfsioeWrite(jobs, "/dfsio-" + LINK);
        return new LinkRuns(unshapedRate, shaped, monitor.stop());
      });
      double unshaped = runs.unshaped();
      System.out.printf("HostsClusterTest: DFSIOE write unshaped: %.2f MB/s aggregated%n", unshaped / 1e6);
      assertTrue(unshaped > 1.5 * 2 * payloadBytesPerSec(LINK), unshaped + " B/s");
      assertEquals(Map.of(), notSampled);
      DfsioeMetrics m = runs.shaped();
      Series series = runs.series();

      Set<String> hosts = mapHosts(jobs);
      double bound = hosts.size() * payloadBytesPerSec(LINK);
      System.out.printf("HostsClusterTest: DFSIOE write under %s, maps on %s: %.2f MB/s aggregated, %.2f expected%n", LINK, hosts,
          m.aggregatedThroughputBytesPerSec / 1e6, bound / 1e6);
      assertEquals(bound, m.aggregatedThroughputBytesPerSec, 0.10 * bound, "maps on " + hosts);
      // the monitor's view of each host's own interface: never beyond the link, and at it where the maps wrote
      double wire = Link.parse(LINK).bytesPerSecond() / 1024;
      for (int i = 1; i <= 2; i++) {
        String host = HostsCluster.worker(i);
        double tx = series.hostSamples().stream().filter(h -> h.host().equals(host)).mapToDouble(h -> h.figures().netTxKBps()).max().orElse(-1);
        double rx = series.hostSamples().stream().filter(h -> h.host().equals(host)).mapToDouble(h -> h.figures().netRxKBps()).max().orElse(-1);
        double cpu = series.hostSamples().stream().filter(h -> h.host().equals(host)).mapToDouble(h -> h.figures().cpuUserPct()).max().orElse(-1);
        System.out.printf("HostsClusterTest: %s at most %.0f KB/s sent, %.0f KB/s received, %.1f%% CPU user (link %.0f KB/s)%n", host,
            tx, rx, cpu, wire);
        assertTrue(tx <= 1.05 * wire && rx <= 1.05 * wire, host + ": " + tx + " / " + rx + " KB/s against " + wire);
        if (hosts.contains(host)) {
          assertTrue(tx >= 0.85 * wire, host + " ran maps and sent at most " + tx + " KB/s");
          assertTrue(cpu > 0, host + " ran maps and used no CPU");
        }
      }
    }
    assertNothingLeft(namespaces);
  }

  /** The known link: 40 Mbit/s, 5 MB/s on the wire each way. */
  static final String LINK = "40mbit";

  /**
   * What a link carries of a file's bytes: a 1500-byte frame (14 of Ethernet's header, which tbf
   * counts) holds 1448 bytes of TCP payload, and HDFS sends a 4-byte checksum with every 512 bytes.
   */
  static double payloadBytesPerSec(String link) {
    return Link.parse(link).bytesPerSecond() * 1448 / 1514 * 512 / 516;
  }

  /** DFSIOE's write of two 48 MB files under {@code root}, sampled every 200 ms; its figures. */
  static DfsioeMetrics dfsioeWrite(Configuration jobs, String root) {
    Configuration conf = new Configuration(jobs);
    conf.set("test.build.data", root);
    TestData.Outcome run = TestData.run(DfsioEnhancedJar.DRIVER, conf, "dfsioe", "-write", "-nrFiles", "2", "-fileSize", "48",
        "-sampleInterval", "200");
    assertEquals(0, run.status, run.toString());
    DfsioeMetrics m = run.result.metrics(DfsioeMetrics.class);
    assertTrue(m.aggregatedThroughputBytesPerSec != null, m.aggregatedThroughputUnavailable);
    return m;
  }

  /**
   * {@code bin/hibench storage start --target hbase --hosts 1 --sshd}: its CONF directory has the four
   * site files and HBase's, a stock client on the master host (Hadoop's RunJar with that directory)
   * runs the stock TeraGen and TeraSort on its YARN, and the suite runs on it as on a user's own
   * cluster, YCSB on its HBase; SIGTERM stops it cleanly and leaves nothing of it.
   */
  @Test
  void storageStartOnHostsServesStockJobsAndSigtermLeavesNothing() throws Exception {
    Path home = LauncherTest.HOME;
    Process p = new ProcessBuilder(home.resolve("bin/hibench").toString(), "storage", "start", "--target", "hbase", "--hosts", "1",
        "--sshd", "--dir", dir.toPath().resolve("storage").toString()).redirectError(new File(dir, "storage.err")).start();
    java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String uri = out.readLine();
    String confLine = out.readLine();
    String masterLine = out.readLine();
    String sshLine = out.readLine();
    assertTrue(uri != null && uri.startsWith("URI hdfs://") && confLine != null && confLine.startsWith("CONF ") && masterLine != null
        && masterLine.equals("MASTER hibench-" + p.pid() + "-" + HostsCluster.MASTER) && sshLine != null && sshLine.startsWith("SSH -i "),
        uri + " / " + confLine + " / " + masterLine + " / " + sshLine + "; " + Files.readString(dir.toPath().resolve("storage.err")));
    Path conf = Path.of(confLine.substring("CONF ".length()));
    for (String site : List.of("core", "hdfs", "yarn", "mapred", "hbase")) {
      assertTrue(Files.isRegularFile(conf.resolve(site + "-site.xml")), site);
    }
    String namespace = "hibench-" + p.pid() + "-" + HostsCluster.MASTER;
    try {
      String examples = Path.of(org.apache.hadoop.examples.terasort.TeraGen.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI()).toString();
      for (List<String> job : List.of(List.of("teragen", "20000", "/tera/in"), List.of("terasort", "/tera/in", "/tera/out"))) {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        command.addAll(ChildJvm.command());
        command.addAll(List.of("-cp", conf + File.pathSeparator + Files.readString(home.resolve("hibench-launcher/target/runtime-classpath.txt")).trim(),
            "org.apache.hadoop.util.RunJar", examples));
        command.addAll(job);
        Process stock = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log = new String(stock.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, stock.waitFor(), log);
        assertTrue(log.contains("Job job_") && log.contains("completed successfully"), log);
        if (job.get(0).equals("terasort")) {
          assertTrue(log.contains("Reduce output records=20000"), log);
        }
      }
      assertSuiteRunsOnItAsAUsersCluster(p.pid(), namespace, conf, uri.substring("URI ".length()), sshLine.substring("SSH ".length()));
      assertASigtermWhileSparksJarsAreCopiedLeavesNoneOnTheCluster(namespace, conf);
      // last: the cluster is left without its ResourceManager
      assertARunStopsInOneLineWhenTheResourceManagerGoesAway(namespace, conf, p.pid(), "wordcount", List.of());
    } finally {
      p.toHandle().destroy(); // SIGTERM
      assertTrue(p.waitFor(90, java.util.concurrent.TimeUnit.SECONDS), "stopped after SIGTERM");
    }
    assertEquals(0, p.exitValue(), Files.readString(dir.toPath().resolve("storage.err")));
    assertNothingLeft(p.pid(), namespace);
    assertTrue(!Files.exists(dir.toPath().resolve("storage/hosts-" + p.pid())), "the hosts' files removed");
  }

  /**
   * cfs:// hosts started apart ({@code storage start --target cfs --hosts 1 --sshd}) as a user's
   * cluster whose default file system is cfs:// and whose Cassandra node serves YCSB: {@code run
   * --cluster CONF --target cfs --cfs-uri URI --serving cassandra://NODE --monitor-hosts root@WORKER}
   * from the master host runs a wordcount and a DFSIOE write on cfs:// through the cluster's YARN,
   * the adapter with each job (DFSIOE's bytes equal to Hadoop's count of those written to cfs://),
   * the monitor sampling the worker named over ssh and {@code --drop-caches} dropping the page cache
   * of that worker for the job and of the node for YCSB's phases, and YCSB's workload A on the node
   * with no error. The phases' records carry what the node says of its commit log, which is what the
   * hosts started it with, and that it was flushed with {@code nodetool flush} over ssh (the node's
   * own nodetool on its host's PATH, as on a user's node), which the node's files confirm: the
   * table's data is in an SSTable, where nothing else would have put it. A replication the node
   * count cannot hold is refused in one line before any step.
   */
  @Test
  void aCfsClusterStartedApartRunsTheSuiteWithYcsbOnItsCassandra() throws Exception {
    Process p = new ProcessBuilder(LauncherTest.HOME.resolve("bin/hibench").toString(), "storage", "start", "--target", "cfs", "--hosts",
        "1", "--sshd", "--dir", dir.toPath().resolve("storage").toString()).redirectError(new File(dir, "storage.err")).start();
    java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String uri = lines.readLine();
    String confLine = lines.readLine();
    String masterLine = lines.readLine();
    String sshLine = lines.readLine();
    String namespace = "hibench-" + p.pid() + "-" + HostsCluster.MASTER;
    try {
      assertTrue(uri != null && uri.startsWith("URI cfs://") && confLine != null && confLine.startsWith("CONF ") && masterLine != null
          && sshLine != null && sshLine.startsWith("SSH -i "),
          uri + " / " + confLine + " / " + masterLine + " / " + sshLine + "; " + Files.readString(dir.toPath().resolve("storage.err")));
      java.net.URI cfs = java.net.URI.create(uri.substring("URI ".length()));
      String node = "cassandra://" + cfs.getHost() + ":" + cfs.getPort();
      Path list = Files.writeString(dir.toPath().resolve("cfs-cluster.lst"), "wordcount\ndfsioe-write\nycsb-a\n");
      // --target cfs with its cfs:// named: the adapter goes with every job, as to a cluster without it
      List<String> run = new ArrayList<>(List.of("ip", "netns", "exec", namespace, LauncherTest.HOME.resolve("bin/hibench").toString(),
          "run", "--cluster", confLine.substring("CONF ".length()), "--target", "cfs", "--cfs-uri", cfs.toString(), "--serving", node,
          "--benchmarks", list.toString(), "--runs", "1",
          "--warmup", "0", "--work-dir", dir.toPath().resolve("work").toString(), "--monitor-hosts", "root@" + HostsCluster.worker(1),
          "--drop-caches"));
      // from the project's directory, as a user runs it: YCSB's workload files are conf/ycsb's
      Process refused = new ProcessBuilder(run).directory(LauncherTest.HOME.toFile()).redirectErrorStream(true).start();
      String said = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(2, refused.waitFor(), said);
      assertTrue(said.contains("hibench run: --replication 3 needs as many Cassandra nodes, and " + node + " has 1: give --replication 1"),
          said);

      Path report = dir.toPath().resolve("report");
      run.addAll(List.of("--replication", "1", "--report-dir", report.toString()));
      ProcessBuilder withSsh = new ProcessBuilder(run).directory(LauncherTest.HOME.toFile()).redirectErrorStream(true);
      withSsh.environment().put(io.hibenchdse.monitor.SshHost.OPTIONS, sshLine.substring("SSH ".length()));
      Process suite = withSsh.start();
      String log = new String(suite.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, suite.waitFor(), log);
      assertTrue(log.contains("hibench run: YCSB's store: the Cassandra cluster at " + node + ", 1 node(s), "
          + io.hibenchdse.cassandra.CommitLog.PERIODIC.description()), log);
      List<io.hibenchdse.core.RunResult> records = records(report);
      assertEquals(List.of("HadoopWordcount", "HadoopDfsioe-write", "HadoopYcsb-a-load", "HadoopYcsb-a"),
          records.stream().map(r -> r.type()).toList(), log);
      io.hibenchdse.core.RunResult wordcount = records.get(0);
      assertTrue(log.contains(cfs + " (the adapter with every job; their own files on cfs://"), log);
      for (io.hibenchdse.core.RunResult job : records.subList(0, 2)) {
        assertTrue(job.fileSystem().startsWith("cfs://" + cfs.getHost() + ":" + cfs.getPort()), job.fileSystem());
      }
      // DFSIOE's own count of what its maps wrote, against Hadoop's count of the bytes written to cfs://
      io.hibenchdse.dfsio.DfsioeMetrics dfsioe = records.get(1).metrics(io.hibenchdse.dfsio.DfsioeMetrics.class);
      long written = records.get(1).counter("org.apache.hadoop.mapreduce.FileSystemCounter", "CFS_BYTES_WRITTEN");
      assertTrue(dfsioe.totalMBytes > 0 && written >= dfsioe.totalMBytes * (1 << 20) && written < dfsioe.totalMBytes * (1 << 20) + (1 << 20),
          dfsioe.totalMBytes + " MB by DFSIOE, " + written + " bytes by Hadoop: " + records.get(1).counters());
      assertEquals("yarn", wordcount.configuration().get(org.apache.hadoop.mapreduce.MRConfig.FRAMEWORK_NAME));
      assertTrue(wordcount.counter("org.apache.hadoop.mapreduce.TaskCounter", "REDUCE_OUTPUT_RECORDS") > 0, wordcount.counters().toString());
      // the worker --monitor-hosts names, sampled over ssh in place of YARN's node list
      io.hibenchdse.monitor.Utilization used = wordcount.utilization(io.hibenchdse.monitor.Utilization.class);
      assertTrue(used.notSampled().isEmpty(), used.notSampled().toString());
      assertTrue(used.hosts().containsKey("root@" + HostsCluster.worker(1)), used.hosts().toString());
      // --drop-caches where each step reads: the worker for the job, the serving node for YCSB's phases
      assertEquals("dropped before the run (this machine and 1 worker)",
          wordcount.configuration().get(io.hibenchdse.core.HibenchConfigKeys.PAGE_CACHE));
      for (io.hibenchdse.core.RunResult ycsb : records.subList(2, 4)) {
        io.hibenchdse.ycsb.YcsbMetrics m = ycsb.metrics(io.hibenchdse.ycsb.YcsbMetrics.class);
        assertEquals(1000, m.operations, ycsb.type());
        assertEquals(0, m.errors, ycsb.type());
        // what the node says of itself: the hosts start it with the commit log of --durability memory
        assertEquals(io.hibenchdse.cassandra.CommitLog.PERIODIC.description(),
            ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_COMMIT_LOG), ycsb.type());
        assertEquals("false", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_FSYNC), ycsb.type());
        assertEquals("1", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_NODES), ycsb.type());
        assertEquals("flushed (nodetool flush over ssh)", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.SERVING_FLUSH),
            ycsb.type());
        assertEquals("dropped before the run (this machine and 1 serving node)",
            ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.PAGE_CACHE), ycsb.type());
      }
      // the flush's own trace: the node's memtables (a quarter of its heap) would have held YCSB's
      // thousand rows until the node stopped, and they are in an SSTable
      try (java.util.stream.Stream<Path> files = Files.walk(dir.toPath().resolve("storage"))) {
        List<Path> sstables = files.filter(f -> f.toString().contains("/" + io.hibenchdse.ycsb.CassandraCqlKeys.KEYSPACE_DEFAULT + "/")
            && f.getFileName().toString().endsWith("-Data.db")).toList();
        assertTrue(!sstables.isEmpty(), "no SSTable of YCSB's keyspace under " + dir.toPath().resolve("storage"));
      }
      // last: the cluster is left without its ResourceManager, here while Hive's JVM waits for its query's job
      assertARunStopsInOneLineWhenTheResourceManagerGoesAway(namespace, Path.of(confLine.substring("CONF ".length())), p.pid(),
          "aggregation", List.of("--replication", "1"));
    } finally {
      p.toHandle().destroy(); // SIGTERM
      assertTrue(p.waitFor(90, java.util.concurrent.TimeUnit.SECONDS), "stopped after SIGTERM");
    }
    assertNothingLeft(p.pid(), namespace);
  }

  /**
   * The cluster as a user's own, started apart, through HiBench's entry point as its users type it:
   * {@code HADOOP_EXECUTABLE=hadoop HADOOP_CONF_DIR=CONF scripts/run-all.sh} from the master host, as
   * from a gateway, {@code hadoop} being the stock command's {@code jar} (RunJar on the cluster line's
   * client jars). Its MapReduce steps go through that client to the cluster's YARN (each one's jar
   * and workload traced by it, the records naming it). The wordcount has the same counters as the embedded
   * default's on the same seeds, its record names the cluster (the ResourceManager of its
   * configuration, one NodeManager, the Hadoop version its ResourceManager reports, its worker as the
   * monitor sampled it over ssh, and {@code --drop-caches} dropped its page cache, through the sshd
   * of {@code storage start --sshd} with the options of its {@code SSH} line); HiveBench's
   * aggregation, its query in Hive's JVM on the master host and its job on the cluster's YARN, has
   * the embedded default's result rows and counters; and YCSB's workload is left out in one line, no
   * serving store named. Then {@code bin/hibench run --cluster CONF --serving
   * hbase:CONF} runs it on the cluster's HBase without an error, each phase's record saying what the
   * region server's own configuration says of its WAL (what the hosts started it with), that it was
   * flushed through HBase's Admin API, and that the region server's host had its page cache dropped.
   */
  /**
   * The cluster's ResourceManager killed while the suite's measured {@code workload} (its second
   * step) runs on its YARN, as a user's cluster may lose it: the run stops within
   * {@code ClusterWatch}'s 20 s and a poll or two, not after YARN's 15-minute retry window, in one
   * line naming the ResourceManager, and writes no record.
   */
  private void assertARunStopsInOneLineWhenTheResourceManagerGoesAway(String namespace, Path conf, long storage, String workload,
      List<String> options) throws Exception {
    Path list = Files.writeString(dir.toPath().resolve("rm-gone-" + workload + ".lst"), workload + "\n");
    Path report = dir.toPath().resolve("rm-gone-" + workload + "-report");
    List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespace, LauncherTest.HOME.resolve("bin/hibench").toString(),
        "run", "--cluster", conf.toString(), "--benchmarks", list.toString(), "--runs", "1", "--warmup", "0", "--report-dir",
        report.toString(), "--work-dir", dir.toPath().resolve("rm-gone-" + workload + "-work").toString()));
    command.addAll(options);
    Process run = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
    Thread reader = new Thread(() -> new java.io.BufferedReader(new java.io.InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))
        .lines().forEach(lines::add));
    reader.start();
    Configuration yarnConf = new org.apache.hadoop.yarn.conf.YarnConfiguration();
    yarnConf.addResource(new org.apache.hadoop.fs.Path(conf.resolve("yarn-site.xml").toUri()));
    long deadline = System.currentTimeMillis() + 180_000;
    // the measured step's job, once its application master runs: its reduces wait for containers the killed RM cannot give
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn = org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(yarnConf);
      yarn.start();
      long measured = 0;
      while (true) {
        assertTrue(run.isAlive() && System.currentTimeMillis() < deadline, "the measured " + workload + "'s job running: " + lines);
        if (measured == 0 && lines.stream().anyMatch(l -> l.startsWith("[2/2]"))) {
          measured = System.currentTimeMillis();
        }
        long since = measured;
        if (since > 0 && yarn.getApplications(java.util.EnumSet.of(YarnApplicationState.RUNNING)).stream()
            .anyMatch(a -> a.getStartTime() >= since)) {
          break;
        }
        Thread.sleep(200);
      }
    }
    Process kill = new ProcessBuilder("pkill", "-9", "-f", "hosts-" + storage + "/.*HostDaemon ResourceManager ").start();
    assertEquals(0, kill.waitFor(), "the ResourceManager's JVM found and killed");
    long killed = System.currentTimeMillis();
    assertTrue(run.waitFor(150, java.util.concurrent.TimeUnit.SECONDS), "the run stopped: " + lines);
    reader.join(10_000);
    double seconds = (System.currentTimeMillis() - killed) / 1000.0;
    System.out.printf("run stopped %.1f s after the ResourceManager was killed:%n%s%n", seconds, String.join("\n", lines));
    assertEquals(1, run.exitValue(), String.join("\n", lines));
    assertTrue(seconds < 90, seconds + " s: " + lines);
    List<String> said = lines.stream().filter(l -> l.startsWith("hibench run: stopped; ")).toList();
    assertEquals(1, said.size(), String.join("\n", lines));
    assertTrue(lines.stream().noneMatch(l -> l.startsWith("\tat ")), "no stack trace on the console");
    assertTrue(said.get(0).startsWith("hibench run: stopped; the ResourceManager at ") && said.get(0).contains(" stopped answering: ")
        && said.get(0).endsWith(" while " + workload + " ran: no record for it"), said.get(0));
    assertTrue(!Files.exists(report.resolve(io.hibenchdse.core.Results.JSON_FILE))
        || Files.readAllLines(report.resolve(io.hibenchdse.core.Results.JSON_FILE)).isEmpty(), "no record");
  }

  /**
   * How closely the ssh reading's stamps and the namespace's own (every 100 ms) agree: a quarter of
   * the ssh reading's interval, well beyond the 35 to 135 ms a CI run's failure showed.
   */
  private static final long STAMPS_AGREE_MS = 250;

  /** {@code kb} within 10% of the span from {@code leastKb} to {@code mostKb}. */
  private static void assertBetween(double leastKb, double kb, double mostKb, String message) {
    assertTrue(kb >= 0.9 * leastKb && kb <= 1.1 * mostKb, String.format(java.util.Locale.ROOT,
        "%.1f KB over ssh, the namespace's %.1f to %.1f KB: %s", kb, leastKb, mostKb, message));
  }

  /** Each sample's span and the kilobytes it received, for a failure's message. */
  private static String received(List<Series.HostSample> samples, long originMs) {
    return samples.stream().map(h -> String.format(java.util.Locale.ROOT, "%d-%d:%.1f", h.startMs() - originMs, h.endMs() - originMs,
        h.figures().netRxKBps() * h.figures().durationSec())).collect(java.util.stream.Collectors.joining(" "));
  }

  private void assertSuiteRunsOnItAsAUsersCluster(long storage, String namespace, Path conf, String fsUri, String ssh) throws Exception {
    Path list = dir.toPath().resolve("cluster.lst");
    Files.writeString(list, "wordcount\nspark-wordcount\naggregation\nycsb-a\n");
    Path report = dir.toPath().resolve("cluster-report");
    Path submitted = dir.toPath().resolve("submitted.txt");
    String line = Files.readString(LauncherTest.HOME.resolve("hadoop-lines/3.4/target/classpath.txt")).trim();
    Path hadoop = dir.toPath().resolve("hadoop");
    Files.writeString(hadoop, "#!/usr/bin/env bash\n# the stock hadoop's jar command: RunJar on the client jars, HADOOP_CONF_DIR first\n"
        + "[ \"$1\" = jar ] || exit 64\nshift\necho \"$1 $2\" >> '" + submitted + "'\n"
        + "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' $HADOOP_OPTS -cp \"$HADOOP_CONF_DIR:" + line
        + "\" org.apache.hadoop.util.RunJar \"$@\"\n");
    assertTrue(hadoop.toFile().setExecutable(true));
    ProcessBuilder runAll = new ProcessBuilder("ip", "netns", "exec", namespace, LauncherTest.HOME.resolve("scripts/run-all.sh").toString(),
        "--benchmarks", list.toString(), "--runs", "1", "--warmup", "0", "--work-dir", dir.toPath().resolve("cluster-work").toString(),
        "--drop-caches").directory(LauncherTest.HOME.toFile()).redirectErrorStream(true);
    runAll.environment().putAll(Map.of("HADOOP_EXECUTABLE", hadoop.toString(), "HADOOP_CONF_DIR", conf.toString(), "HIBENCH_REPORT",
        report.toString(), io.hibenchdse.monitor.SshHost.OPTIONS, ssh));
    // a second instrument beside the suite's ssh: the worker's own namespace and cgroups, read as the
    // monitor reads a host of --hosts, ten times a second
    String worker = HostsCluster.worker(1);
    Process inWorker = new ProcessBuilder("ip", "netns", "exec", "hibench-" + storage + "-" + worker, "sleep", "3600").start();
    Monitor beside = Monitor.start(100, List.of(io.hibenchdse.hosts.HostCgroup.of(storage, worker).monitored(worker, inWorker.pid())),
        List::of, System.err, Map.of());
    java.io.ByteArrayOutputStream logged = new java.io.ByteArrayOutputStream();
    String log;
    Series ownView;
    try {
      // the two instruments are compared over the same seconds: no case of the other fork beside the run
      Process run = MachineShare.alone(() -> {
        Process started = runAll.start();
        started.getInputStream().transferTo(logged);
        started.waitFor();
        return started;
      });
      log = logged.toString(StandardCharsets.UTF_8);
      assertEquals(0, run.exitValue(), log);
    } finally {
      ownView = beside.stop();
      inWorker.destroyForcibly().waitFor();
    }
    assertTrue(log.contains("hibench run: ycsb-a left out: YCSB runs on a serving store"), log);
    List<io.hibenchdse.core.RunResult> records = records(report);
    assertEquals(List.of("HadoopWordcount", "ScalaSparkWordcount", "HadoopAggregation"), records.stream().map(r -> r.type()).toList(), log);
    // every record's worker, as ssh read it, moved the bytes its namespace counted in the same seconds:
    // the ssh samples wholly inside the record's time (a sample astride its edge is weighted as if its
    // bytes came evenly, and the ssh reading's own output leaves in a burst at its start), against the
    // namespace's samples over those samples' span. The two instruments' stamps agree only to within
    // STAMPS_AGREE_MS (a CI run found the ssh samples 35 to 135 ms behind, a 23 KB burst at the edge
    // inside one span and outside the other), so the ssh bytes lie between the namespace's over the
    // span shrunk by that much at each end and grown by it, each within 10%.
    for (io.hibenchdse.core.RunResult r : records) {
      assertTrue(r.utilization(io.hibenchdse.monitor.Utilization.class).hosts().containsKey(worker), r.type() + " samples its worker");
      List<Series.HostSample> overSsh = io.hibenchdse.monitor.SeriesCsv.readHosts(report.resolve(
          io.hibenchdse.monitor.SeriesCsv.DIR), r.configuration().get(io.hibenchdse.core.HibenchConfigKeys.MONITOR_SERIES)).stream()
          .filter(h -> h.host().equals(worker) && h.startMs() >= r.startMs() && h.endMs() <= r.endMs()).toList();
      assertTrue(overSsh.size() >= 5, r.type() + ": " + overSsh);
      long from = overSsh.stream().mapToLong(Series.HostSample::startMs).min().orElseThrow();
      long to = overSsh.stream().mapToLong(Series.HostSample::endMs).max().orElseThrow();
      double seconds = overSsh.stream().mapToDouble(h -> h.figures().durationSec()).sum();
      double rx = overSsh.stream().mapToDouble(h -> h.figures().netRxKBps() * h.figures().durationSec()).sum() / seconds;
      double tx = overSsh.stream().mapToDouble(h -> h.figures().netTxKBps() * h.figures().durationSec()).sum() / seconds;
      io.hibenchdse.monitor.HostFigures own = ownView.over(from, to).hosts().get(worker);
      io.hibenchdse.monitor.HostFigures inner = ownView.over(from + STAMPS_AGREE_MS, to - STAMPS_AGREE_MS).hosts().get(worker);
      io.hibenchdse.monitor.HostFigures outer = ownView.over(from - STAMPS_AGREE_MS, to + STAMPS_AGREE_MS).hosts().get(worker);
      String both = String.format(java.util.Locale.ROOT, "%s: worker's network over ssh %.1f / %.1f KB/s received / sent, in its"
          + " namespace %.1f / %.1f, over %.1f s of the record's %.1f; received per sample, ms from the record's start: over ssh %s,"
          + " in the namespace %s", r.type(), rx, tx, own.netRxKBps(), own.netTxKBps(), seconds,
          (r.endMs() - r.startMs()) / 1000.0, received(overSsh, r.startMs()), received(ownView.hostSamples().stream()
          .filter(h -> h.host().equals(worker) && h.endMs() > from - 1000 && h.startMs() < to + 1000).toList(), r.startMs()));
      assertTrue(own.netRxKBps() > 0 && own.netTxKBps() > 0, both);
      assertBetween(inner.netRxKBps() * inner.durationSec(), rx * seconds, outer.netRxKBps() * outer.durationSec(), "received, " + both);
      assertBetween(inner.netTxKBps() * inner.durationSec(), tx * seconds, outer.netTxKBps() * outer.durationSec(), "sent, " + both);
      System.out.println(both);
    }
    io.hibenchdse.core.RunResult onCluster = records.get(0);
    assertSparkRanOnTheClustersYarn(log, records.get(1), onCluster, conf, fsUri);
    records.remove(1);
    // the MapReduce steps, the data's generation too, went through the user's client; Hive's query
    // from Hive's JVM on this machine, its job on the cluster's YARN
    List<String> jars = Files.readAllLines(submitted).stream().map(l -> l.replaceFirst(".*/", "")).toList();
    assertEquals(List.of("hibench-core.jar randomtextwriter", "hibench-core.jar wordcount", "hibench-core.jar randomtextwriter",
        "hive-datagen.jar HiBench.DataGen"), jars);
    assertEquals(hadoop + " jar", onCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_SUBMIT));
    Configuration yarnSite = new org.apache.hadoop.yarn.conf.YarnConfiguration();
    yarnSite.addResource(new org.apache.hadoop.fs.Path(conf.resolve("yarn-site.xml").toUri()));
    assertEquals(yarnSite.get(org.apache.hadoop.yarn.conf.YarnConfiguration.RM_ADDRESS),
        onCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_RESOURCE_MANAGER), log);
    assertEquals("1", onCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_HOSTS));
    assertEquals(org.apache.hadoop.util.VersionInfo.getVersion(),
        onCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_HADOOP_VERSION));
    // the NodeManager's own JMX servlet: it runs on this JVM's java, as every daemon of the hosts does
    assertEquals(String.valueOf(Runtime.version().feature()),
        onCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_NODEMANAGER_JAVA), log);
    assertEquals("yarn", onCluster.configuration().get(org.apache.hadoop.mapreduce.MRConfig.FRAMEWORK_NAME));
    assertTrue(onCluster.fileSystem().startsWith(fsUri), onCluster.fileSystem() + " / " + fsUri);
    String page = Files.readString(report.resolve("index.html"));
    // Hive's JVM submits its query's job itself, through the launcher's Hadoop client, whatever --submit says
    assertTrue(page.contains("<tr><th>Worker hosts</th><td>1</td></tr>") && page.contains("<tr><th>Jobs submitted with</th><td>" + hadoop
        + " jar, " + io.hibenchdse.core.HibenchConfigKeys.SUBMITTED_BY_LAUNCHER + "</td></tr>"), "environment");
    assertEquals(io.hibenchdse.core.HibenchConfigKeys.SUBMITTED_BY_LAUNCHER,
        records.get(1).configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_SUBMIT));
    // the worker, from YARN's node list, sampled and its page cache dropped over ssh, through the
    // sshd storage start --sshd put there (its namespace's network: the job's shuffle and HDFS traffic)
    io.hibenchdse.monitor.Utilization used = onCluster.utilization(io.hibenchdse.monitor.Utilization.class);
    assertTrue(used.notSampled().isEmpty(), used.notSampled().toString());
    io.hibenchdse.monitor.HostFigures sampled = used.hosts().get(worker);
    assertTrue(sampled != null && sampled.netRxKBps() > 0 && sampled.netTxKBps() > 0, used.hosts().toString());
    assertEquals("dropped before the run (this machine and 1 worker)",
        onCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.PAGE_CACHE));

    // YCSB on the cluster's HBase, named by the directory of its hbase-site.xml; Spark's wordcount
    // through the user's own spark-submit, a command of two words as DSE's is
    String sparkSubmit = dseSparkSubmit();
    Path ycsbList = Files.writeString(dir.toPath().resolve("ycsb.lst"), "spark-wordcount\nycsb-a\n");
    Path ycsbReport = dir.toPath().resolve("hbase-report");
    ProcessBuilder onHBase = new ProcessBuilder("ip", "netns", "exec", namespace, LauncherTest.HOME.resolve("bin/hibench").toString(),
        "run", "--cluster", conf.toString(), "--serving", "hbase:" + conf, "--benchmarks", ycsbList.toString(), "--runs", "1",
        "--warmup", "0", "--report-dir", ycsbReport.toString(), "--work-dir", dir.toPath().resolve("hbase-work").toString(),
        "--drop-caches", "--spark-submit", sparkSubmit).directory(LauncherTest.HOME.toFile()).redirectErrorStream(true);
    onHBase.environment().put(io.hibenchdse.monitor.SshHost.OPTIONS, ssh);
    Process ycsbRun = onHBase.start();
    String ycsbLog = new String(ycsbRun.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, ycsbRun.waitFor(), ycsbLog);
    io.hibenchdse.hbase.LocalHBase.Settings wal = io.hibenchdse.hbase.LocalHBase.Settings.of(1);
    assertTrue(ycsbLog.contains("hibench run: YCSB's store: the HBase of " + conf + ": HBase " + io.hibenchdse.hbase.LocalHBase.version()
        + ", 1 region server(s), " + wal.description()), ycsbLog);
    List<io.hibenchdse.core.RunResult> phases = records(ycsbReport);
    assertEquals(List.of("ScalaSparkWordcount", "HadoopYcsb-a-load", "HadoopYcsb-a"), phases.stream().map(r -> r.type()).toList(), ycsbLog);
    // the user's spark-submit ran the suite's Spark job jar on the cluster's YARN, as its own
    // settings say (two executors of 1 GB), and the launcher copied no jars of its own
    io.hibenchdse.core.RunResult sparkStep = phases.remove(0);
    io.hibenchdse.spark.SparkFigures viaSubmit = sparkStep.metrics(io.hibenchdse.spark.SparkFigures.class);
    assertEquals("yarn", viaSubmit.master());
    assertEquals("client", sparkStep.configuration().get("spark.submit.deployMode"));
    assertEquals("2", sparkStep.configuration().get("spark.executor.instances"));
    assertEquals(List.of(HostsCluster.worker(1)), viaSubmit.executorHosts());
    assertEquals(sparkSubmit, sparkStep.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_SUBMIT));
    assertEquals(onCluster.counter("org.apache.hadoop.mapreduce.TaskCounter", "REDUCE_OUTPUT_RECORDS"), viaSubmit.recordsWritten());
    assertTrue(!ycsbLog.contains("Spark's jars ("), ycsbLog);
    for (io.hibenchdse.core.RunResult ycsb : phases) {
      io.hibenchdse.ycsb.YcsbMetrics m = ycsb.metrics(io.hibenchdse.ycsb.YcsbMetrics.class);
      assertEquals("hbase2", m.binding, ycsb.type());
      assertEquals(1000, m.operations, ycsb.type());
      assertEquals(0, m.errors, ycsb.type());
      // what the region server says of itself: the hosts start it with HBase's default sync (hflush) at one copy
      assertEquals(wal.description(), ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_COMMIT_LOG), ycsb.type());
      assertEquals("false", ycsb.configuration().get(io.hibenchdse.hbase.LocalHBase.WAL_HSYNC), ycsb.type());
      assertEquals("1", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_NODES), ycsb.type());
      assertEquals("flushed (HBase's Admin API)", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.SERVING_FLUSH), ycsb.type());
      assertEquals("dropped before the run (this machine and 1 serving node)",
          ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.PAGE_CACHE), ycsb.type());
    }

    io.hibenchdse.core.RunResult embedded = embeddedWordcountAndAggregation().get(0);
    assertEquals(embedded.inputBytes(), onCluster.inputBytes());
    assertTrue(onCluster.counter("org.apache.hadoop.mapreduce.TaskCounter", "REDUCE_OUTPUT_RECORDS") > 0, onCluster.counters().toString());
    for (String counter : List.of("MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "REDUCE_INPUT_GROUPS", "REDUCE_OUTPUT_RECORDS")) {
      assertEquals(embedded.counter("org.apache.hadoop.mapreduce.TaskCounter", counter),
          onCluster.counter("org.apache.hadoop.mapreduce.TaskCounter", counter), counter);
    }
    // HiveBench's aggregation: the cluster's YARN ran its job, on the same data as at home, to the same rows
    io.hibenchdse.core.RunResult hiveHome = embeddedWordcountAndAggregation().get(1);
    io.hibenchdse.core.RunResult hiveOnCluster = records.get(1);
    assertEquals("yarn", hiveOnCluster.configuration().get(org.apache.hadoop.mapreduce.MRConfig.FRAMEWORK_NAME));
    assertEquals(yarnSite.get(org.apache.hadoop.yarn.conf.YarnConfiguration.RM_ADDRESS),
        hiveOnCluster.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_RESOURCE_MANAGER));
    assertTrue(hiveOnCluster.fileSystem().startsWith(fsUri), hiveOnCluster.fileSystem() + " / " + fsUri);
    assertEquals(hiveHome.metrics().get("resultRows"), hiveOnCluster.metrics().get("resultRows"));
    assertTrue(hiveHome.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_INPUT_RECORDS") > 0, hiveHome.counters().toString());
    for (String counter : List.of("MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "REDUCE_INPUT_RECORDS", "REDUCE_OUTPUT_RECORDS")) {
      assertEquals(hiveHome.counter("org.apache.hadoop.mapreduce.TaskCounter", counter),
          hiveOnCluster.counter("org.apache.hadoop.mapreduce.TaskCounter", counter), "aggregation " + counter);
    }
  }

  /**
   * Spark's wordcount on a user's cluster: Spark on its YARN (client mode, the driver on the
   * launching host), its one executor and every task on the worker, from Spark's jars the run copied
   * to the cluster's file system and removed at its end; it read the MapReduce wordcount's input
   * (regenerated with the same seed) and wrote as many words as its reduces did.
   */
  private static void assertSparkRanOnTheClustersYarn(String log, io.hibenchdse.core.RunResult spark,
      io.hibenchdse.core.RunResult mapreduce, Path conf, String fsUri) throws Exception {
    io.hibenchdse.spark.SparkFigures f = spark.metrics(io.hibenchdse.spark.SparkFigures.class);
    assertEquals("yarn", f.master());
    assertEquals("client", spark.configuration().get("spark.submit.deployMode"));
    assertEquals(List.of(HostsCluster.worker(1)), f.executorHosts());
    assertEquals(List.of(HostsCluster.worker(1)), f.taskHosts());
    assertTrue(spark.fileSystem().startsWith(fsUri), spark.fileSystem());
    assertEquals(mapreduce.inputBytes(), spark.inputBytes());
    assertEquals(mapreduce.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_INPUT_RECORDS"), f.recordsRead());
    assertEquals(mapreduce.counter("org.apache.hadoop.mapreduce.TaskCounter", "REDUCE_OUTPUT_RECORDS"), f.recordsWritten());
    java.util.regex.Matcher copied = java.util.regex.Pattern.compile("hibench run: Spark's jars \\((\\d+), \\d+ MB\\) copied to (\\S+) in ")
        .matcher(log);
    assertTrue(copied.find(), log);
    assertEquals(io.hibenchdse.spark.SparkProcess.classPath(List.of()).size() + 1, Integer.parseInt(copied.group(1)), copied.group());
    org.apache.hadoop.fs.Path jars = new org.apache.hadoop.fs.Path(copied.group(2));
    Configuration client = new Configuration();
    client.addResource(new org.apache.hadoop.fs.Path(conf.resolve("core-site.xml").toUri()));
    try (org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.newInstance(jars.toUri(), client)) {
      assertTrue(!fs.exists(jars.getParent().getParent()), "the run's directory on the cluster removed: " + jars);
    }
  }

  /**
   * A SIGTERM to {@code bin/hibench run --cluster} while it copies Spark's jars to the cluster
   * (before its first step): the run stops in the copy, the jar in flight finished and then every
   * jar and the run's directory removed from the cluster's file system, no record written.
   */
  private void assertASigtermWhileSparksJarsAreCopiedLeavesNoneOnTheCluster(String namespace, Path conf) throws Exception {
    Path list = Files.writeString(dir.toPath().resolve("spark-only.lst"), "spark-wordcount\n");
    Path report = dir.toPath().resolve("copy-report");
    Path log = dir.toPath().resolve("copy.log");
    Process run = new ProcessBuilder("ip", "netns", "exec", namespace, LauncherTest.HOME.resolve("bin/hibench").toString(), "run",
        "--cluster", conf.toString(), "--benchmarks", list.toString(), "--runs", "1", "--warmup", "0", "--report-dir", report.toString(),
        "--work-dir", dir.toPath().resolve("copy-work").toString(), "--monitor-interval", "0").directory(LauncherTest.HOME.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Configuration client = new Configuration();
    client.addResource(new org.apache.hadoop.fs.Path(conf.resolve("core-site.xml").toUri()));
    try (FileSystem fs = FileSystem.newInstance(FileSystem.getDefaultUri(client), client)) {
      org.apache.hadoop.fs.Path runs = new org.apache.hadoop.fs.Path(fs.getHomeDirectory(), ".hibench");
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
      int copied;
      while ((copied = copiedJars(fs, runs)) == 0) {
        assertTrue(run.isAlive() && System.nanoTime() < deadline, "no jar copied: " + Files.readString(log));
        Thread.sleep(200);
      }
      run.destroy(); // SIGTERM: ip netns exec became bin/hibench, which became the launcher's JVM
      assertTrue(run.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "stopped within 60 s of the SIGTERM");
      String out = Files.readString(log);
      assertTrue(run.exitValue() != 0 && !out.contains("copied to"), "stopped in the copy, after " + copied + " jar(s): " + out);
      assertEquals(0, fs.exists(runs) ? fs.listStatus(runs).length : 0, "nothing of the run left on the cluster: " + out);
    }
    assertTrue(!Files.exists(report.resolve(io.hibenchdse.core.Results.JSON_FILE)), "no record");
  }

  /** The jars of Spark's copies under the runs' directory {@code runs} now. */
  private static int copiedJars(FileSystem fs, org.apache.hadoop.fs.Path runs) throws IOException {
    int jars = 0;
    if (fs.exists(runs)) {
      for (org.apache.hadoop.fs.FileStatus run : fs.listStatus(runs)) {
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(run.getPath(), "spark-jars");
        jars += fs.exists(dir) ? fs.listStatus(dir).length : 0;
      }
    }
    return jars;
  }

  /**
   * {@code dse spark-submit} as a DataStax Enterprise gateway has it, a command of two words: its
   * Spark's {@code SparkSubmit} on Spark's own jars alone (none of the suite's: those come in the job
   * jar), with Spark's JDK 17 options and {@code HADOOP_CONF_DIR} first, its defaults Spark on YARN
   * from the jars installed on every node ({@code local:}, as this machine's files are the hosts').
   */
  private String dseSparkSubmit() throws IOException {
    List<String> sparkJars = io.hibenchdse.spark.SparkProcess.classPath(List.of()).stream()
        .filter(jar -> !jar.toAbsolutePath().startsWith(LauncherTest.HOME)).map(Path::toString)
        .filter(jar -> !jar.contains("/info/picocli/") && !jar.contains("/hadoop-mapreduce-examples/")).toList();
    Path script = dir.toPath().resolve("dse");
    Files.writeString(script, "#!/usr/bin/env bash\n[ \"$1\" = spark-submit ] || { echo \"dse: $1: not here\" >&2; exit 64; }\nshift\n"
        + "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' "
        + String.join(" ", io.hibenchdse.node.ChildJvm.extraOptions()) + " "
        + String.join(" ", org.apache.spark.launcher.JavaModuleOptions.defaultModuleOptionArray()) + " -Xmx1g -cp \"$HADOOP_CONF_DIR:"
        + String.join(":", sparkJars) + "\" org.apache.spark.deploy.SparkSubmit --master yarn --num-executors 2 --conf spark.executor.memory=1g"
        + " --conf spark.yarn.jars=" + String.join(",", sparkJars.stream().map(j -> "local:" + j).toList())
        + " --conf spark.yarn.populateHadoopClasspath=false \"$@\"\n");
    assertTrue(script.toFile().setExecutable(true));
    return script + " spark-submit";
  }

  private static List<io.hibenchdse.core.RunResult> records(Path report) throws IOException {
    List<io.hibenchdse.core.RunResult> records = new ArrayList<>();
    for (String line : Files.readAllLines(report.resolve(io.hibenchdse.core.Results.JSON_FILE))) {
      records.add(io.hibenchdse.core.JsonLinesExporter.fromJson(line));
    }
    return records;
  }

  /**
   * A suite run on hosts: HiveBench's aggregation through Hive's JVM on the master, its job on the
   * hosts' YARN, with the same result and counters as the embedded default's on the same data; YCSB
   * on HBase's region server on the worker host, its client on the master; a SIGTERM in the middle of
   * the next YCSB workload leaves no namespace, link, cgroup or process behind.
   */
  @Test
  void aSuiteRunOnHostsRunsHiveAndYcsbOnThemAndSigtermLeavesNothing() throws Exception {
    io.hibenchdse.core.RunResult expected = embeddedWordcountAndAggregation().get(1);

    Path list = dir.toPath().resolve("hosts.lst");
    Files.writeString(list, "aggregation\nycsb-c\nycsb-a\n");
    Path report = dir.toPath().resolve("hosts");
    // from the project's directory, where YCSB's workload files are
    Process p = new ProcessBuilder(LauncherTest.HOME.resolve("bin/hibench").toString(), "run", "--hosts", "1", "--benchmarks",
        list.toString(), "--runs", "1", "--warmup", "0", "--report-dir", report.toString(), "--work-dir",
        dir.toPath().resolve("work").toString()).directory(LauncherTest.HOME.toFile()).redirectErrorStream(true)
        .redirectOutput(new File(dir, "run.out")).start();
    String namespace = "hibench-" + p.pid() + "-" + HostsCluster.MASTER;
    Path records = report.resolve(io.hibenchdse.core.Results.JSON_FILE);
    // aggregation's run, then ycsb-c's load and run
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(600);
    while (p.isAlive() && System.nanoTime() < deadline && (!Files.exists(records) || Files.readAllLines(records).size() < 3)) {
      Thread.sleep(500);
    }
    String out = Files.readString(dir.toPath().resolve("run.out"));
    assertTrue(p.isAlive() && Files.exists(records), out);
    p.toHandle().destroy(); // SIGTERM, in ycsb-a
    long signalled = System.nanoTime();
    assertTrue(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "stopped within 20 s of a SIGTERM");
    assertNothingLeft(p.pid(), namespace);
    // every JVM the run started has its temporary directory in the run's scratch directory, under the work directory
    String work = dir.toPath().resolve("work").toString();
    while (ProcessHandle.allProcesses().anyMatch(h -> String.join(" ", io.hibenchdse.node.ChildJvm.commandLine(h)).contains(work))
        && System.nanoTime() - signalled < java.util.concurrent.TimeUnit.SECONDS.toNanos(20)) {
      Thread.sleep(100);
    }
    assertTrue(ProcessHandle.allProcesses().noneMatch(h -> String.join(" ", io.hibenchdse.node.ChildJvm.commandLine(h)).contains(namespace)
        || String.join(" ", io.hibenchdse.node.ChildJvm.commandLine(h)).contains(work)),
        "no process of the hosts left, Hive's, HBase's and YCSB's JVMs included");
    assertTrue(!Files.exists(Path.of(work)), "the run's scratch directory removed, and the work directory it made");
    out = Files.readString(dir.toPath().resolve("run.out"));
    assertTrue(out.lines().anyMatch(l -> l.matches("hibench run: stopped by SIGTERM while \\[\\d+/\\d+\\] ycsb-a(-load)? run 1 ran: no record for it")),
        out);
    assertTrue(out.contains("a region server on each of 1 worker hosts, ZooKeeper and the master on " + HostsCluster.MASTER), out);

    List<io.hibenchdse.core.RunResult> all = InProcess.records(report);
    for (io.hibenchdse.core.RunResult ycsb : all.subList(1, 3)) {
      io.hibenchdse.ycsb.YcsbMetrics m = ycsb.metrics(io.hibenchdse.ycsb.YcsbMetrics.class);
      assertEquals("1", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_HOSTS), ycsb.workload());
      assertEquals("1", ycsb.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_NODES), ycsb.workload());
      // every record loaded, then every one read back: a read of a row the load missed is an error
      assertEquals(1000, m.operations, ycsb.workload());
      assertEquals(0, m.errors, ycsb.workload());
    }

    io.hibenchdse.core.RunResult r = all.get(0);
    assertEquals("HadoopAggregation", r.type());
    assertEquals("yarn", r.configuration().get("mapreduce.framework.name"));
    assertEquals("1", r.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_HOSTS));
    assertEquals(expected.metrics().get("resultRows"), r.metrics().get("resultRows"));
    assertTrue(expected.counter(org.apache.hadoop.mapreduce.TaskCounter.class.getName(), "MAP_INPUT_RECORDS") > 0, expected.counters().toString());
    for (String counter : List.of("MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "REDUCE_INPUT_RECORDS", "REDUCE_OUTPUT_RECORDS")) {
      assertEquals(expected.counter(org.apache.hadoop.mapreduce.TaskCounter.class.getName(), counter),
          r.counter(org.apache.hadoop.mapreduce.TaskCounter.class.getName(), counter), counter);
    }
  }

  /**
   * The suite on cfs:// on hosts: a Cassandra node on each of two workers in place of a DataNode,
   * wordcount's tasks in YARN's containers reading and writing cfs://, YCSB's phases on the same
   * nodes. Wordcount's counters equal the embedded default's on the same generated data, and every
   * record says yarn (a job's), 2 hosts and cfs://.
   */
  @Test
  void aSuiteRunOnCfsHostsRunsItsJobsOnYarnOverCassandraNodes() throws Exception {
    Path list = dir.toPath().resolve("cfs.lst");
    Files.writeString(list, "wordcount\nycsb-c\n");
    // the embedded default's wordcount alone: its counters are what the hosts' must equal
    Path wordcount = Files.writeString(dir.toPath().resolve("wordcount.lst"), "wordcount\n");
    List<List<io.hibenchdse.core.RunResult>> runs = new ArrayList<>();
    for (List<String> where : List.of(List.<String>of(), List.of("--hosts", "2"))) {
      String name = where.isEmpty() ? "embedded" : "hosts";
      List<String> args = new ArrayList<>(List.of("run", "--target", "cfs", "--benchmarks", (where.isEmpty() ? wordcount : list).toString(),
          "--runs", "1", "--warmup", "0",
          "--ycsb-workloads", LauncherTest.HOME.resolve("conf/ycsb").toString(), "--report-dir", dir.toPath().resolve(name).toString(),
          "--work-dir", dir.toPath().resolve(name + "-work").toString()));
      args.addAll(where);
      InProcess.Outcome run = InProcess.hibench(args.toArray(new String[0]));
      assertEquals(0, run.status(), run.said());
      runs.add(InProcess.records(dir.toPath().resolve(name)));
    }
    io.hibenchdse.core.RunResult embedded = runs.get(0).get(0);
    io.hibenchdse.core.RunResult hosts = runs.get(1).get(0);
    assertEquals("HadoopWordcount", hosts.type());
    assertEquals("yarn", hosts.configuration().get("mapreduce.framework.name"));
    assertTrue(hosts.fileSystem().startsWith("cfs://"), hosts.fileSystem());
    assertTrue(embedded.counter(org.apache.hadoop.mapreduce.TaskCounter.class.getName(), "MAP_INPUT_RECORDS") > 0, embedded.counters().toString());
    for (String counter : List.of("MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "MAP_OUTPUT_BYTES", "REDUCE_INPUT_RECORDS", "REDUCE_OUTPUT_RECORDS")) {
      assertEquals(embedded.counter(org.apache.hadoop.mapreduce.TaskCounter.class.getName(), counter),
          hosts.counter(org.apache.hadoop.mapreduce.TaskCounter.class.getName(), counter), counter);
    }
    for (io.hibenchdse.core.RunResult r : runs.get(1)) {
      assertEquals("2", r.configuration().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_HOSTS), r.workload());
      assertEquals("2", r.configuration().get(io.hibenchdse.core.HibenchConfigKeys.STORAGE_NODES), r.workload());
    }
    for (io.hibenchdse.core.RunResult ycsb : runs.get(1).subList(1, 3)) {
      io.hibenchdse.ycsb.YcsbMetrics m = ycsb.metrics(io.hibenchdse.ycsb.YcsbMetrics.class);
      assertEquals("cassandra-cql", m.binding, ycsb.workload());
      assertEquals(1000, m.operations, ycsb.workload());
      assertEquals(0, m.errors, ycsb.workload());
    }
  }

  /**
   * The seeds' network question on three hosts at replication 3, and a host's failure. TPCx-HS's
   * HSGen and HSSort under a 1gbit link, then under 10mbit on the same cluster (the link alone
   * changed): the slower link's run is slower, HSSort by more seconds than HSGen, and the monitor
   * sees no host send or receive beyond its link. Then, unshaped, a worker host running one of
   * HSSort's tasks dies, every process of it (its DataNode, its NodeManager and the containers under it) killed
   * with SIGKILL: the job completes on the other hosts, and HSValidate accepts its output with
   * HSGen's checksum, which Hadoop's GenSort gives too. One cluster for both, as a start costs
   * more than either half.
   */
  @Test
  void aSlowerLinkSlowsTpcxHsMostInItsSortAndAWorkerKilledMidSortCostsNoData() throws Exception {
    long rows = 100_000;
    String namespace;
    try (HostsCluster cluster = HostsCluster.start(dir.toPath().resolve("hosts"), 3, Link.parse("1gbit"), 3, System.out)) {
      namespace = cluster.network().namespace(HostsCluster.MASTER);
      Configuration jobs = cluster.conf();
      jobs.set("hibench.report.dir", new File(dir, "report").getPath());
      jobs.setInt("mapreduce.job.reduces", 2);
      Link slowLink = Link.parse("10mbit");
      Map<String, String> notSampled = new TreeMap<>();
      // the two links' times are compared: no case of the other fork beside either run
      record LinkRuns(double[] fast, double[] slow, Series series) {}
      LinkRuns runs = MachineShare.alone(() -> {
        double[] fastTimes = genAndSort(jobs, rows, "/fast");
        cluster.network().reshape(slowLink);
        Monitor monitor = Monitor.start(1000, cluster.monitored(notSampled), List::of, System.out, notSampled);
        double[] slowTimes = genAndSort(jobs, rows, "/slow");
        return new LinkRuns(fastTimes, slowTimes, monitor.stop());
      });
      assertEquals("10mbit", cluster.conf().get(io.hibenchdse.core.HibenchConfigKeys.CLUSTER_LINK));
      double[] fast = runs.fast();
      double[] slow = runs.slow();
      Series series = runs.series();
      System.out.printf("HostsClusterTest: TPCx-HS of %d rows on 3 hosts: HSGen %.1f s and HSSort %.1f s at 1gbit, %.1f s and %.1f s at 10mbit%n",
          rows, fast[0], fast[1], slow[0], slow[1]);
      assertTrue(slow[0] + slow[1] > fast[0] + fast[1], "10mbit slower");
      assertTrue(slow[1] - fast[1] > slow[0] - fast[0], "HSSort slowed most");
      // a second's sample may hold the token bucket's burst (64 KiB) beside the rate
      double wire = slowLink.bytesPerSecond() / 1024;
      for (int i = 1; i <= 3; i++) {
        String host = HostsCluster.worker(i);
        double tx = series.hostSamples().stream().filter(h -> h.host().equals(host)).mapToDouble(h -> h.figures().netTxKBps()).max().orElse(-1);
        double rx = series.hostSamples().stream().filter(h -> h.host().equals(host)).mapToDouble(h -> h.figures().netRxKBps()).max().orElse(-1);
        System.out.printf("HostsClusterTest: %s at most %.0f KB/s sent, %.0f KB/s received (link %.0f KB/s)%n", host, tx, rx, wire);
        assertTrue(tx > 0 && rx > 0, host + " sampled");
        assertTrue(tx <= 1.08 * wire && rx <= 1.08 * wire, host + ": " + tx + " / " + rx + " KB/s against " + wire);
      }

      cluster.network().reshape(null);
      java.util.concurrent.CompletableFuture<TestData.Outcome> sort = java.util.concurrent.CompletableFuture.supplyAsync(
          () -> TestData.run(TpcxHsJar.DRIVER, jobs, "hssort", "-replication", "3", "/slow/in", "/killed/out"));
      awaitRunningMaps(jobs, sort);
      int victim = hostOfATask(jobs);
      List<Long> killed = cluster.cgroups().get(victim).pids();
      killed.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
      System.out.printf("HostsClusterTest: killed %s mid-sort (%d processes)%n", HostsCluster.worker(victim), killed.size());
      TestData.Outcome sorted = sort.get(10, java.util.concurrent.TimeUnit.MINUTES);
      assertEquals(0, sorted.status, sorted.toString());
      // Hadoop counts an attempt lost with its host as killed, or not at all where it had not reported yet: no assertion on it
      String jobCounters = org.apache.hadoop.mapreduce.JobCounter.class.getName();
      System.out.printf("HostsClusterTest: HSSort took %.1f s with %s killed: %d map attempts launched, %d killed, %d failed%n",
          sorted.result.durationSec(), HostsCluster.worker(victim), sorted.result.counter(jobCounters, "TOTAL_LAUNCHED_MAPS"),
          sorted.result.counter(jobCounters, "NUM_KILLED_MAPS"), sorted.result.counter(jobCounters, "NUM_FAILED_MAPS"));
      TestData.Outcome validate = TestData.run(TpcxHsJar.DRIVER, jobs, "hsvalidate", "-rows", Long.toString(rows), "-checksum",
          checksum, "/killed/out", "/killed/validate");
      assertEquals(0, validate.status, validate.toString());
      assertTrue(checksum.equalsIgnoreCase(validate.result.metrics(HsValidate.Metrics.class).checksum), validate.toString());
    }
    assertNothingLeft(namespace);
  }

  /** HSGen's checksum of the last {@link #genAndSort}, which Hadoop's GenSort gives for as many rows. */
  private String checksum;

  /** HSGen of {@code rows} at three copies into {@code root/in}, then HSSort into {@code root/out}: their seconds. */
  private double[] genAndSort(Configuration jobs, long rows, String root) throws IOException {
    TestData.Outcome gen = TestData.run(TpcxHsJar.DRIVER, jobs, "hsgen", "-rows", Long.toString(rows), "-replication", "3", root + "/in");
    assertEquals(0, gen.status, gen.toString());
    checksum = gen.result.metrics(HsGen.Metrics.class).checksum;
    assertEquals(FaultsSurvivedTest.genSortChecksum(rows), checksum);
    TestData.Outcome sort = TestData.run(TpcxHsJar.DRIVER, jobs, "hssort", "-replication", "3", root + "/in", root + "/out");
    assertEquals(0, sort.status, sort.toString());
    return new double[] {gen.result.durationSec(), sort.result.durationSec()};
  }

  /**
   * Waits until a job of the cluster runs: its application master up, and its maps started or 5 s
   * gone by (a tiny job's maps may end between two polls). {@code job} ending first fails the test.
   */
  private static void awaitRunningMaps(Configuration conf, java.util.concurrent.Future<TestData.Outcome> job) throws Exception {
    long deadline = System.currentTimeMillis() + 180_000;
    long running = 0;
    Cluster cluster = new Cluster(conf);
    try {
      while (System.currentTimeMillis() < deadline && !job.isDone()) {
        for (JobStatus s : cluster.getAllJobStatuses()) {
          if (s.getState() == JobStatus.State.RUNNING) {
            running = running == 0 ? System.currentTimeMillis() : running;
            if (s.getMapProgress() > 0 || System.currentTimeMillis() - running > 5_000) {
              return;
            }
          }
        }
        Thread.sleep(100);
      }
    } finally {
      cluster.close();
    }
    throw new AssertionError(job.isDone() ? "the job ended before it was seen running: " + job.get() : "no job ran within 180 s");
  }

  /**
   * The number of a worker that runs one of the running application's tasks (a container other than
   * its master's), one without the master where there is one: a host whose death costs the job a
   * task it must run again elsewhere.
   */
  private static int hostOfATask(Configuration conf) throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      ApplicationReport app = yarn.getApplications(java.util.EnumSet.of(YarnApplicationState.RUNNING)).get(0);
      ApplicationAttemptId attempt = app.getCurrentApplicationAttemptId();
      ContainerId master = yarn.getApplicationAttemptReport(attempt).getAMContainerId();
      Set<String> masterHost = new TreeSet<>();
      Set<String> taskHosts = new TreeSet<>();
      for (ContainerReport c : yarn.getContainers(attempt)) {
        if (c.getContainerId().equals(master)) {
          masterHost.add(c.getAssignedNode().getHost());
        } else if (c.getContainerState() == ContainerState.RUNNING) {
          taskHosts.add(c.getAssignedNode().getHost());
        }
      }
      assertTrue(!taskHosts.isEmpty(), "no task of " + app.getApplicationId() + " running");
      String chosen = taskHosts.stream().filter(h -> !masterHost.contains(h)).findFirst().orElse(taskHosts.iterator().next());
      System.out.printf("HostsClusterTest: %s runs tasks on %s, its master on %s%n", app.getApplicationId(), taskHosts, masterHost);
      for (int i = 1; ; i++) {
        if (HostsCluster.worker(i).equals(chosen)) {
          return i;
        }
      }
    }
  }

  /** Hadoop's own {@code yarn node -list}, in a JVM of its own with {@code conf} first on its class path. */
  static String yarnNodeList(Path conf) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(ChildJvm.command());
    command.addAll(List.of("-cp", conf + File.pathSeparator + System.getProperty("java.class.path"),
        "org.apache.hadoop.yarn.client.cli.NodeCLI", "-list"));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    return out;
  }

  /** The hosts the last job's successful maps ran on, from its task reports (the history server's, once it is done). */
  static Set<String> mapHosts(Configuration conf) throws IOException, InterruptedException {
    Cluster cluster = new Cluster(conf);
    try {
      JobStatus last = null;
      for (JobStatus s : cluster.getAllJobStatuses()) {
        if (last == null || s.getStartTime() > last.getStartTime()) {
          last = s;
        }
      }
      Job job = cluster.getJob(last.getJobID());
      Set<String> hosts = new TreeSet<>();
      for (TaskCompletionEvent e : job.getTaskCompletionEvents(0, 10_000)) {
        if (e.isMapTask() && e.getStatus() == TaskCompletionEvent.Status.SUCCEEDED) {
          hosts.add(e.getTaskTrackerHttp().replaceFirst("^\\w+://", "").replaceFirst(":\\d+.*$", ""));
        }
      }
      return hosts;
    } finally {
      cluster.close();
    }
  }

  /** No namespace, link, cgroup or hosts file of this JVM's clusters is left, nor the daemons. */
  static void assertNothingLeft(String namespace) throws IOException, InterruptedException {
    assertNothingLeft(ProcessHandle.current().pid(), namespace);
    assertTrue(ProcessHandle.current().children().noneMatch(c -> io.hibenchdse.node.ChildJvm.commandLine(c).contains(HostDaemon.class.getName())),
        "a daemon outlived its cluster");
  }

  /** No namespace, link, cgroup or hosts file of the clusters of process {@code owner} is left. */
  static void assertNothingLeft(long owner, String namespace) throws IOException, InterruptedException {
    String pid = Long.toString(owner);
    String netns = run("ip", "netns", "list");
    assertTrue(!netns.contains("hibench-" + pid), netns);
    String links = run("ip", "-o", "link", "show");
    assertTrue(!links.contains("hb" + pid), links);
    // a group under each v1 controller, v2's unified/ beside them, or a cgroup2 /sys/fs/cgroup itself
    Path cgroups = Path.of("/sys/fs/cgroup");
    assertTrue(!Files.exists(cgroups.resolve("hibench-" + pid)), cgroups.toString());
    try (var hierarchies = Files.newDirectoryStream(cgroups, Files::isDirectory)) {
      for (Path hierarchy : hierarchies) {
        assertTrue(!Files.exists(hierarchy.resolve("hibench-" + pid)), hierarchy.toString());
      }
    }
    assertTrue(!Files.exists(Path.of("/etc/netns", namespace)), namespace);
  }

  static String run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }
}

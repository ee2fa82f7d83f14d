package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.BuildInfo;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunEnvironment;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.launcher.Hibench;
import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/hibench and the packaged jars, as a newcomer uses them. */
class LauncherTest {
  static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();

  @TempDir File dir;

  record Proc(int status, List<String> out, List<String> err) {}

  private Proc exec(String... command) throws Exception {
    return exec(java.util.Map.of(), command);
  }

  private Proc exec(java.util.Map<String, String> env, String... command) throws Exception {
    File out = new File(dir, "out.txt");
    File err = new File(dir, "err.txt");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir).redirectOutput(out).redirectError(err);
    pb.environment().putAll(env);
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished in time");
    return new Proc(p.exitValue(), Files.readAllLines(out.toPath()), Files.readAllLines(err.toPath()));
  }

  /** What {@code git} prints in the checkout, line by line. */
  private static List<String> git(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("git", "-C", HOME.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    assertEquals(0, p.waitFor(), command + ": " + lines);
    return lines;
  }

  /**
   * YCSB's command line through bin/hibench without a cluster: load and run on an embedded
   * Cassandra node, or an embedded HBase on an embedded HDFS, whose data the run finds again (every
   * value read checked), YCSB's output as YCSB prints it, a record per phase naming the store; a
   * wrong binding, a missing workload file and a ZooKeeper nobody answers at are one line each.
   */
  @FullTier
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({"cassandra-cql, cql://127.0.0.1:", "hbase2, hbase://127.0.0.1:"})
  void binHibenchYcsbLoadsAndRunsOnAnEmbeddedStore(String bindingName, String store) throws Exception {
    String bin = HOME.resolve("bin/hibench").toString();
    String workload = HOME.resolve("conf/ycsb/workloada").toString();
    // dataintegrity in both phases: the load writes values the run's reads can check
    Proc load = exec(bin, "ycsb", "load", bindingName, "-P", workload, "-p", "recordcount=300", "-p", "dataintegrity=true",
        "-threads", "2");
    assertEquals(0, load.status(), load.toString());
    assertTrue(load.out().contains("[INSERT], Return=OK, 300") && load.out().get(load.out().size() - 1)
        .startsWith("ycsb load: 300 operations in "), load.toString());
    Proc run = exec(bin, "ycsb", "run", bindingName, "-P", workload, "-p", "recordcount=300", "-p", "operationcount=400",
        "-p", "dataintegrity=true", "-threads", "2");
    assertEquals(0, run.status(), run.toString());
    assertTrue(run.out().stream().anyMatch(l -> l.startsWith("[OVERALL], Throughput(ops/sec), ")), run.toString());
    assertTrue(run.out().get(run.out().size() - 1).startsWith("ycsb run: 400 operations in ")
        && run.out().get(run.out().size() - 1).contains(", 0 errors; "), run.toString());
    List<RunResult> records = new ArrayList<>();
    for (String line : Files.readAllLines(dir.toPath().resolve("report").resolve(Results.JSON_FILE))) {
      records.add(JsonLinesExporter.fromJson(line));
    }
    assertEquals(List.of("HadoopYcsb-a-load", "HadoopYcsb-a"), records.stream().map(r -> r.type()).toList());
    assertTrue(records.stream().allMatch(r -> r.fileSystem().startsWith(store)), records.get(0).fileSystem());
    io.hibenchdse.ycsb.YcsbMetrics m = records.get(1).metrics(io.hibenchdse.ycsb.YcsbMetrics.class);
    assertEquals(400, m.operations);
    assertEquals(m.byType.get("READ").returns.get("OK"), m.byType.get("VERIFY").returns.get("OK"), "every read verified");

    Proc binding = exec(bin, "ycsb", "run", "cassandra", "-P", workload);
    assertEquals(2, binding.status());
    assertEquals(List.of("ycsb: unknown binding 'cassandra'; this suite has cassandra-cql, hbase2, basic"), binding.err());
    Proc missing = exec(bin, "ycsb", "load", bindingName, "-P", "no-such-workload");
    assertEquals(2, missing.status());
    assertEquals(List.of("ycsb: -P no-such-workload: no such workload file"), missing.err());
    if (bindingName.equals("hbase2")) {
      Proc nobody = exec(bin, "ycsb", "load", bindingName, "-P", workload, "-p", "hbase.zookeeper.quorum=127.0.0.1",
          "-p", "hbase.zookeeper.property.clientPort=1");
      assertEquals(2, nobody.status());
      assertEquals(List.of("ycsb: cannot reach HBase: no ZooKeeper answers at 127.0.0.1:1"), nobody.err());
    }
  }

  @Test
  void suiteRunOnTheEmbeddedHdfsWritesReportJsonAndSummary() throws Exception {
    Path list = dir.toPath().resolve("benchmarks.lst");
    Files.writeString(list, "# micro\nwordcount\nsort  # the other one\ndfsioe-read\n");
    Path report = dir.toPath().resolve("report");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = Hibench.run(new String[] {"run", "--runs", "2", "--warmup", "0", "--benchmarks", list.toString(),
        "--report-dir", report.toString(), "--work-dir", dir.toPath().resolve("work").toString(), "--drop-caches"},
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    assertEquals(0, status, out.toString(StandardCharsets.UTF_8));
    List<String> lines = Files.readAllLines(report.resolve(Results.REPORT_FILE));
    assertEquals(7, lines.size(), String.join("\n", lines));
    assertEquals(2, lines.stream().filter(l -> l.startsWith("HadoopWordcount ")).count());
    assertEquals(2, lines.stream().filter(l -> l.startsWith("HadoopSort ")).count());
    assertEquals(2, lines.stream().filter(l -> l.startsWith("HadoopDfsioe-read ")).count(), "prepare writes are not reported");
    List<String> json = Files.readAllLines(report.resolve(Results.JSON_FILE));
    assertEquals(6, json.size());
    assertTrue(JsonLinesExporter.fromJson(json.get(0)).fileSystem().startsWith("hdfs://localhost:"), json.get(0));
    for (String line : json) {
      java.util.Map<String, String> environment = JsonLinesExporter.fromJson(line).environment();
      assertEquals(BuildInfo.current().commit(), environment.get(RunEnvironment.COMMIT), line);
      assertEquals(BuildInfo.current().version(), environment.get(RunEnvironment.SUITE), line);
    }
    // dropped where this machine lets us (root on Linux), else the record says why not
    boolean mayDrop = Files.isWritable(Path.of("/proc/sys/vm/drop_caches"));
    for (String line : json) {
      String pageCache = JsonLinesExporter.fromJson(line).configuration().get("hibench.pagecache");
      assertTrue(mayDrop ? pageCache.equals("dropped before the run") : pageCache.startsWith("not dropped: cannot write"), line);
    }
    List<String> csv = Files.readAllLines(report.resolve("summary.csv"));
    assertEquals(4, csv.size());
    assertTrue(csv.get(1).startsWith("wordcount,tiny,2,"), csv.get(1));
    assertTrue(Files.size(report.resolve("summary.png")) > 1000);
    String html = Files.readString(report.resolve("index.html"));
    assertTrue(html.contains("<code>bin/hibench run --runs 2 --warmup 0 --benchmarks " + list), "the suite's command in the report");
    assertTrue(html.contains("<tr><th>Suite, commit built from</th><td>" + BuildInfo.current().version() + ", "
        + BuildInfo.current().commit() + "</td>"), "the build on the page");
    assertTrue(html.contains("<tr><th>Page cache</th><td>" + (mayDrop ? "dropped before the run" : "not dropped: cannot write")), "page cache");
    assertTrue(html.contains("<h2 id=\"dfsioe-read\">") && html.contains("Aggregated throughput of all maps per"), "DFSIOE's slot chart");
    assertTrue(!Files.exists(dir.toPath().resolve("work")), "scratch space removed");
  }

  /**
   * {@code --runs auto}: a workload's runs stop at the third once its interval is narrow enough
   * (a precision of 1000% is met by any three), the fourth planned run left out; and with a
   * precision no three runs meet, all three of auto:3 run and the line after the table gives the
   * interval's half-width as Student's t over the records' own times gives it.
   */
  @FullTier
  @Test
  void runsAutoStopsOnceTheMeanTimesIntervalIsNarrowEnough() throws Exception {
    Path list = Files.writeString(dir.toPath().resolve("wordcount.lst"), "wordcount\n");
    Path met = dir.toPath().resolve("met");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = Hibench.run(new String[] {"run", "--runs", "auto:4", "--precision", "1000", "--warmup", "0", "--benchmarks",
        list.toString(), "--report-dir", met.toString(), "--work-dir", dir.toPath().resolve("work").toString(), "--monitor-interval", "0"},
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    String log = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, log);
    List<String> metRecords = Files.readAllLines(met.resolve(Results.JSON_FILE));
    assertEquals(3, metRecords.size(), log);
    // the last record says how many runs the workload took; the others, which did not end it, say nothing
    List<String> taken = new ArrayList<>();
    for (String r : metRecords) {
      taken.add(JsonLinesExporter.fromJson(r).configuration().get(HibenchConfigKeys.SUITE_RUNS_TAKEN));
    }
    assertEquals(Arrays.asList(null, null, "3"), taken);
    assertTrue(log.contains("hibench run: wordcount tiny: the 95% interval of the mean time within ") && log.contains("after 3 runs (asked"
        + " 1000.0%); its other runs left out"), log);

    Path missed = dir.toPath().resolve("missed");
    out.reset();
    status = Hibench.run(new String[] {"run", "--runs", "auto:3", "--precision", "0.001", "--warmup", "0", "--benchmarks", list.toString(),
        "--report-dir", missed.toString(), "--work-dir", dir.toPath().resolve("work").toString(), "--monitor-interval", "0"},
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    log = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, log);
    List<String> records = Files.readAllLines(missed.resolve(Results.JSON_FILE));
    assertEquals(3, records.size(), log);
    double[] t = new double[3];
    for (int i = 0; i < 3; i++) {
      t[i] = JsonLinesExporter.fromJson(records.get(i)).durationSec();
    }
    // ended at the most runs, the precision not reached: the last record says so all the same
    assertEquals("3", JsonLinesExporter.fromJson(records.get(2)).configuration().get(HibenchConfigKeys.SUITE_RUNS_TAKEN));
    double mean = (t[0] + t[1] + t[2]) / 3;
    double sd = Math.sqrt(((t[0] - mean) * (t[0] - mean) + (t[1] - mean) * (t[1] - mean) + (t[2] - mean) * (t[2] - mean)) / 2);
    // Student's t at 95% on two degrees of freedom
    double halfPct = 100 * 4.302653 * sd / Math.sqrt(3) / mean;
    // under the summary's table, as bin/hibench summary prints it too
    assertTrue(log.contains(String.format(java.util.Locale.ROOT, "\nwordcount tiny: precision not reached: after 3 runs the"
        + " 95%% interval is within %.1f%% of the mean time, not 0.001%%", halfPct)), halfPct + ": " + log);
  }

  @Test
  void binHibenchRunsOneWorkloadOnTheLocalFileSystem() throws Exception {
    Path in = dir.toPath().resolve("in");
    Files.createDirectories(in);
    Files.writeString(in.resolve("a.txt"), "to be or not to be\n");
    String bin = HOME.resolve("bin/hibench").toString();
    // under bin/hibench monitor, as a stock tool would be: its record gets what this machine and the command used
    Path report = dir.toPath().resolve("report");
    Proc ok = exec(bin, "monitor", "--interval", "200", "--report-dir", report.toString(), "--", bin, "wordcount", in.toString(),
        dir.toPath().resolve("out").toString());
    assertEquals(0, ok.status(), ok.toString());
    assertEquals(List.of("be\t2", "not\t1", "or\t1", "to\t2"),
        Files.readAllLines(dir.toPath().resolve("out/part-r-00000")));
    assertTrue(Files.exists(report.resolve(Results.REPORT_FILE)));
    List<String> measured = Files.readAllLines(report.resolve(Results.JSON_FILE));
    io.hibenchdse.monitor.Utilization u = JsonLinesExporter.fromJson(measured.get(0)).utilization(io.hibenchdse.monitor.Utilization.class);
    assertEquals(1, u.hosts().size(), u.toString());
    assertTrue(u.processes().get("command").cpuPct() > 0, u.toString());
    try (var samples = Files.list(report.resolve("monitor"))) {
      assertEquals(2, samples.count(), "the command's hosts and processes CSV");
    }

    Proc again = exec(bin, "wordcount", in.toString(), dir.toPath().resolve("out").toString());
    assertEquals(2, again.status());
    assertEquals(1, again.err().size(), again.toString());
    assertTrue(again.err().get(0).startsWith("wordcount: output ") && again.err().get(0).contains("-overwrite"));

    Proc badProfile = exec(bin, "run", "--profile", "enormous");
    assertEquals(2, badProfile.status());
    assertEquals(List.of("hibench run: unknown profile 'enormous'; use tiny, small, large, huge, gigantic or bigdata"),
        badProfile.err());
  }

  @Test
  void binHibenchAnswersHelpAndFailsInOneLine() throws Exception {
    String bin = HOME.resolve("bin/hibench").toString();
    Proc help = exec(bin, "--help");
    assertEquals(0, help.status(), help.toString());
    assertTrue(help.out().get(0).startsWith("Usage: bin/hibench [-hV] [COMMAND]")
        && help.out().stream().anyMatch(l -> l.startsWith("  wordcount ")) && help.out().stream().anyMatch(l -> l.startsWith("  compare ")),
        help.toString());
    // the build the jars came from: the checkout's commit, as git itself names it
    Proc version = exec(bin, "--version");
    assertEquals(0, version.status(), version.toString());
    assertTrue(version.out().get(0).matches("hibench-dse \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), version.toString());
    String head = git("rev-parse", "HEAD").get(0);
    String commit = version.out().get(1);
    assertTrue(commit.equals("commit " + head) || commit.equals("commit " + head + BuildInfo.DIRTY), commit + " against HEAD " + head);
    // a tree clean now was clean when built (files the tests make later may only add changes)
    if (git("status", "--porcelain").isEmpty()) {
      assertEquals("commit " + head, commit);
    }
    assertEquals("commit " + BuildInfo.current().commit(), commit, "the launcher's and the tests' hibench-core are one build");
    // the launcher's commands' help in this JVM, as bin/hibench's main runs them (a JVM each would cost
    // more than the help); the workloads' below, whose tools print to the JVM's own streams
    for (String command : new String[] {"run", "plan", "summary", "compare", "monitor", "storage", "storage start", "cfs",
        "help run"}) {
      List<String> words = new java.util.ArrayList<>(List.of(command.split(" ")));
      if (!command.startsWith("help")) {
        words.add("--help");
      }
      ByteArrayOutputStream helpOut = new ByteArrayOutputStream();
      ByteArrayOutputStream helpErr = new ByteArrayOutputStream();
      int status = Hibench.run(words.toArray(new String[0]), new PrintStream(helpOut, true, StandardCharsets.UTF_8),
          new PrintStream(helpErr, true, StandardCharsets.UTF_8));
      String said = helpOut.toString(StandardCharsets.UTF_8);
      assertEquals(0, status, command + ": " + said + helpErr);
      assertTrue(said.lines().anyMatch(l -> l.startsWith("Usage:")) && helpErr.size() == 0, command + ": " + said + helpErr);
    }
    for (String workload : new String[] {"scan", "wordcount", "hsgen", "dfsioe", "HSGen", "spark-wordcount"}) {
      Proc h = exec(bin, workload, "--help");
      assertEquals(0, h.status(), workload + ": " + h);
      assertTrue(h.out().stream().anyMatch(l -> l.startsWith("Usage:")) && h.err().isEmpty(), workload + ": " + h);
    }

    Proc none = exec(bin);
    assertEquals(2, none.status(), none.toString());
    assertTrue(none.err().get(0).startsWith("Usage: bin/hibench") && none.out().isEmpty(), "without a command: the usage, as a mistake");
    Proc typo = exec(bin, "wordcont", "a", "b");
    assertEquals(2, typo.status(), typo.toString());
    assertEquals(List.of("hibench: unknown command or workload 'wordcont'; did you mean wordcount or spark-wordcount or monitor? "
        + "(bin/hibench --help lists them)"), typo.err());

    Path data = dir.toPath().resolve("data");
    assertEquals(0, exec(bin, "randomtextwriter", "-D", "mapreduce.randomtextwriter.totalbytes=100000", data.toString()).status());
    Path cut = dir.toPath().resolve("cut");
    Files.createDirectories(cut);
    byte[] part = Files.readAllBytes(data.resolve("part-m-00000"));
    Files.write(cut.resolve("part-m-00000"), java.util.Arrays.copyOf(part, part.length / 2));
    Proc failed = exec(bin, "sort", cut.toString(), dir.toPath().resolve("sorted").toString());
    assertEquals(1, failed.status(), failed.toString());
    // progress, then the one line: no WARN from Hadoop, no stack trace
    assertEquals(2, failed.err().size(), failed.toString());
    String line = failed.err().get(1);
    assertTrue(line.startsWith("sort: job ") && line.contains(cut.resolve("part-m-00000") + " (bytes 0-")
        && line.contains("record") && line.contains("EOFException") && line.contains("full trace in "), line);
    assertTrue(Files.readString(Path.of(line.replaceFirst(".*full trace in (.*)\\)$", "$1"))).contains("at org.apache.hadoop.io.SequenceFile"));

    File notADir = new File(dir, "a-file");
    Files.writeString(notADir.toPath(), "x");
    Proc workDir = exec(bin, "run", "--work-dir", notADir.getPath());
    assertEquals(2, workDir.status(), workDir.toString());
    assertEquals(List.of("hibench run: --work-dir " + notADir + " is a file, not a directory"), workDir.err());

    // --hosts and --link: refused in one line before anything starts (no root needed to be told)
    java.util.Map<List<String>, String> refused = new java.util.LinkedHashMap<>();
    refused.put(List.of("run", "--link", "40mbit"), "--link shapes the links of --hosts; give --hosts N");
    refused.put(List.of("run", "--hosts", "2", "--link", "fast"), "--link 'fast' is not RATE[,DELAY] (such as 1gbit or 100mbit,0.5ms)");
    refused.put(List.of("run", "--hosts", "2", "--nodes", "2"), "--nodes and --hosts both size the cluster: give one");
    refused.put(List.of("run", "--hosts", "2", "--target", "hbase"), "--target hbase is for storage start; a run on hdfs serves YCSB's"
        + " phases from HBase over it");
    refused.put(List.of("run", "--hosts", "2", "--target", "cfs", "--commitlog", "group"),
        "--commitlog and --cfs set the embedded default's cfs:// so far");
    refused.put(List.of("run", "--hosts", "2", "--replication", "3"), "--replication 3 needs as many hosts, and --hosts is 2");
    refused.put(List.of("run", "--runs", "many"), "--runs takes a count or auto[:MAX], not 'many'");
    refused.put(List.of("run", "--runs", "auto:2"), "--runs auto:2 stops before the 3 runs an interval is judged on");
    refused.put(List.of("run", "--precision", "5"), "--precision says when --runs auto stops; give --runs auto[:MAX]");
    // YCSB's workload files looked for as the plan is made, not after the workloads before it ran
    Path wordcountAndYcsb = Files.writeString(dir.toPath().resolve("wordcount-ycsb.lst"), "wordcount\nycsb-c\n");
    refused.put(List.of("run", "--benchmarks", wordcountAndYcsb.toString(), "--ycsb-workloads", dir + "/no-ycsb"),
        "--ycsb-workloads " + dir + "/no-ycsb has no workloadc for ycsb-c: run from the suite's directory, or give --ycsb-workloads DIR");
    // --cluster: the directory and what it names checked before any step, each in one line
    Path noSites = Files.createDirectories(dir.toPath().resolve("no-sites"));
    Files.writeString(noSites.resolve("core-site.xml"), site("fs.defaultFS", "file:///"));
    Path local = Files.createDirectories(dir.toPath().resolve("local-framework"));
    Path noNameNode = Files.createDirectories(dir.toPath().resolve("no-namenode"));
    Path noRm = Files.createDirectories(dir.toPath().resolve("no-resourcemanager"));
    for (Path c : List.of(local, noNameNode, noRm)) {
      Files.writeString(c.resolve("core-site.xml"), site("fs.defaultFS", c == noNameNode ? "hdfs://127.0.0.1:1" : "file:///"));
      Files.writeString(c.resolve("yarn-site.xml"), site("yarn.resourcemanager.address", "127.0.0.1:2"));
      Files.writeString(c.resolve("mapred-site.xml"), site("mapreduce.framework.name", c == local ? "local" : "yarn"));
    }
    refused.put(List.of("run", "--cluster", dir + "/none"), "--cluster " + dir + "/none is not a directory");
    refused.put(List.of("run", "--cluster", noSites.toString()), "--cluster " + noSites + " has no yarn-site.xml: ");
    refused.put(List.of("run", "--cluster", local.toString()), "--cluster " + local + ": mapreduce.framework.name is local, not yarn");
    // the plan made first: these go as far as the cluster's servers
    Path wordcount = Files.writeString(dir.toPath().resolve("wordcount.lst"), "wordcount\n");
    refused.put(List.of("run", "--cluster", noNameNode.toString(), "--benchmarks", wordcount.toString()),
        "--cluster: the file system hdfs://127.0.0.1:1 does not answer: ");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--benchmarks", wordcount.toString()),
        "--cluster: the ResourceManager at 127.0.0.1:2 does not answer: ");
    // with YARN's high availability: each ResourceManager tried through YARN's failover, each named
    Path noRms = Files.createDirectories(dir.toPath().resolve("no-resourcemanagers"));
    Files.copy(noRm.resolve("core-site.xml"), noRms.resolve("core-site.xml"));
    Files.copy(noRm.resolve("mapred-site.xml"), noRms.resolve("mapred-site.xml"));
    Files.writeString(noRms.resolve("yarn-site.xml"), "<configuration>" + property("yarn.resourcemanager.ha.enabled", "true")
        + property("yarn.resourcemanager.ha.rm-ids", "rm1,rm2") + property("yarn.resourcemanager.address.rm1", "127.0.0.1:2")
        + property("yarn.resourcemanager.address.rm2", "127.0.0.1:3") + "</configuration>\n");
    refused.put(List.of("run", "--cluster", noRms.toString(), "--benchmarks", wordcount.toString()),
        "--cluster: the ResourceManager at 127.0.0.1:2 or 127.0.0.1:3 does not answer: ");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--hosts", "2"),
        "--hosts sets up a deployment of the suite's own; --cluster runs on yours as it is");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--serving", "hbase:" + noRm),
        "--serving hbase:" + noRm + ": " + noRm + " has no hbase-site.xml: give hbase:CONF_DIR");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--serving", "redis://10.0.0.1"),
        "--serving redis://10.0.0.1 is not cassandra://HOST[,HOST...][:PORT] or hbase:CONF_DIR");
    refused.put(List.of("run", "--serving", "cassandra://10.0.0.1"), "--serving names a user's cluster's store; give --cluster CONF_DIR too");
    refused.put(List.of("run", "--submit", "hadoop jar"), "--submit submits to a user's cluster; give --cluster CONF_DIR too");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--submit", " "), "--submit needs a command, such as \"hadoop jar\"");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--submit", "no-such-hadoop jar"),
        "--submit no-such-hadoop jar: no-such-hadoop is not found on PATH");
    refused.put(List.of("run", "--spark-submit", "spark-submit"), "--spark-submit submits to a user's cluster; give --cluster CONF_DIR too");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--spark-submit", "no-such-spark-submit --master yarn"),
        "--spark-submit no-such-spark-submit --master yarn: no-such-spark-submit is not found on PATH");
    refused.put(List.of("run", "--monitor-hosts", "h1,h2"), "--monitor-hosts names a user's cluster's workers; give --cluster CONF_DIR too");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--vary", "nodes=1,2"),
        "--vary nodes varies a deployment of the suite's own; --cluster runs on yours as it is");
    refused.put(List.of("run", "--cfs-uri", "cfs://10.0.0.1:9042/"),
        "--cfs-uri names a user's cluster's cfs://; give --cluster CONF_DIR too");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--cfs-uri", "cfs://10.0.0.1:9042/"),
        "--cfs-uri puts the jobs' data on cfs://: give --target cfs too");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--target", "cfs", "--cfs-uri", "hdfs://10.0.0.1/"),
        "--cfs-uri hdfs://10.0.0.1/ is not a cfs:// URI, such as cfs://HOST:9042/");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--target", "hbase"), "--target hbase is for storage start");
    refused.put(List.of("run", "--cluster", noRm.toString(), "--target", "cfs", "--benchmarks", wordcount.toString()),
        "--target cfs: the cluster's default file system is file:///: give --cfs-uri cfs://HOST:9042/");
    // in this JVM, as bin/hibench's main calls it: a JVM each would cost more than the checks
    for (java.util.Map.Entry<List<String>, String> r : refused.entrySet()) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int status = Hibench.run(r.getKey().toArray(new String[0]), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8));
      List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
      assertEquals(2, status, r.getKey() + ": " + lines);
      assertEquals(1, lines.size(), r.getKey() + ": " + lines);
      assertTrue(lines.get(0).startsWith("hibench run: " + r.getValue()), r.getKey() + ": " + lines);
    }

    // without --serving, YCSB's workloads are left out in one line, before the cluster is asked anything
    Path withYcsb = Files.writeString(dir.toPath().resolve("with-ycsb.lst"), "wordcount\nycsb-a\n");
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    int unserved = Hibench.run(new String[] {"run", "--cluster", noNameNode.toString(), "--benchmarks", withYcsb.toString()},
        new PrintStream(said, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertEquals(2, unserved, said.toString(StandardCharsets.UTF_8));
    assertTrue(said.toString(StandardCharsets.UTF_8).contains("hibench run: ycsb-a left out: YCSB runs on a serving store; give --serving"
        + " cassandra://HOST[,HOST...][:PORT] or hbase:CONF_DIR"), said.toString(StandardCharsets.UTF_8));

    Path report = dir.toPath().resolve("damaged");
    Files.createDirectories(report);
    Files.writeString(report.resolve(Results.JSON_FILE), "{\"workload\":\"wordcount\"}\n{\"workload\":\n");
    Proc summary = exec(bin, "summary", "--report-dir", report.toString());
    assertEquals(2, summary.status(), summary.toString());
    assertEquals(1, summary.err().size(), summary.toString());
    assertTrue(summary.err().get(0).startsWith("hibench summary: " + report.resolve(Results.JSON_FILE) + " line 2: not a result record"),
        summary.toString());
  }

  /** A Hadoop site file holding one property. */
  private static String site(String key, String value) {
    return "<configuration>" + property(key, value) + "</configuration>\n";
  }

  private static String property(String key, String value) {
    return "<property><name>" + key + "</name><value>" + value + "</value></property>";
  }

  /** The adapter goes on every node's class path: it must not carry (and shadow) the suite's classes. */
  @Test
  void theAdapterJarCarriesOnlyItselfAndItsRelocatedDriver() throws Exception {
    List<String> ours = new java.util.ArrayList<>();
    try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(HOME.resolve("cfs-adapter/target/cfs-adapter.jar").toFile())) {
      jar.stream().map(java.util.zip.ZipEntry::getName).filter(n -> n.startsWith("io/hibenchdse/") && n.endsWith(".class"))
          .forEach(ours::add);
    }
    assertTrue(ours.stream().anyMatch(n -> n.equals("io/hibenchdse/cfs/CassandraFileSystem.class")), ours.toString());
    assertEquals(List.of(), ours.stream().filter(n -> !n.startsWith("io/hibenchdse/cfs/") && !n.startsWith("io/hibenchdse/shaded/")).toList());
  }

  private static File jobJar() {
    return HOME.resolve("hibench-core/target/hibench-core.jar").toFile();
  }

  private static String hadoopClasspath() throws Exception {
    return Files.readString(HOME.resolve("hibench-launcher/target/runtime-classpath.txt")).trim();
  }

  /**
   * run-all.sh is bin/hibench run on the cluster of HADOOP_CONF_DIR, submitting with
   * HADOOP_EXECUTABLE's jar command (HostsClusterTest runs it on a cluster): a directory that is not
   * there is refused in bin/hibench run's one line, before anything runs; HBASE_CONF_DIR becomes
   * --serving hbase:HBASE_CONF_DIR.
   */
  @FullTier
  @Test
  void runAllIsRunOnTheClusterOfHadoopConfDir() throws Exception {
    Path none = dir.toPath().resolve("no-conf");
    Proc run = exec(java.util.Map.of("HADOOP_EXECUTABLE", "hadoop", "HADOOP_CONF_DIR", none.toString()),
        HOME.resolve("scripts/run-all.sh").toString(), "--runs", "1");
    assertEquals(2, run.status(), run.toString());
    assertEquals(List.of("hibench run: --cluster " + none + " is not a directory"), run.err());
    // an option given wins over its variable, rather than being given twice
    Path given = dir.toPath().resolve("given-conf");
    Proc own = exec(java.util.Map.of("HADOOP_EXECUTABLE", "hadoop", "HADOOP_CONF_DIR", none.toString(), "HIBENCH_REPORT",
        dir.toPath().resolve("r").toString()), HOME.resolve("scripts/run-all.sh").toString(), "--cluster", given.toString(),
        "--report-dir", dir.toPath().resolve("r2").toString());
    assertEquals(List.of("hibench run: --cluster " + given + " is not a directory"), own.err());
    // HBase's own HBASE_CONF_DIR names YCSB's store, as --serving hbase:DIR (read before the cluster's directory)
    Path noHBase = Files.createDirectories(dir.toPath().resolve("no-hbase"));
    Proc hbase = exec(java.util.Map.of("HADOOP_EXECUTABLE", "hadoop", "HADOOP_CONF_DIR", none.toString(), "HBASE_CONF_DIR",
        noHBase.toString()), HOME.resolve("scripts/run-all.sh").toString(), "--runs", "1");
    assertEquals(2, hbase.status(), hbase.toString());
    assertEquals(List.of("hibench run: --serving hbase:" + noHBase + ": " + noHBase + " has no hbase-site.xml: give hbase:CONF_DIR,"
        + " the directory of the HBase client configuration (HBASE_CONF_DIR)"), hbase.err());
  }

  @Test
  void hiveQueriesRunInTheSuite() throws Exception {
    // the embedded suite: DataGen, then the query in the run's one Hive JVM
    Path list = dir.toPath().resolve("hive.lst");
    Files.writeString(list, "join\n");
    Path report = dir.toPath().resolve("report-suite");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = Hibench.run(new String[] {"run", "--runs", "2", "--warmup", "0", "--benchmarks", list.toString(),
        "--report-dir", report.toString(), "--work-dir", dir.toPath().resolve("work").toString(), "--drop-caches"},
        new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    assertEquals(0, status, out.toString(StandardCharsets.UTF_8));
    List<String> json = Files.readAllLines(report.resolve(Results.JSON_FILE));
    assertEquals(2, json.size());
    for (String line : json) {
      io.hibenchdse.core.RunResult r = JsonLinesExporter.fromJson(line);
      assertEquals("HadoopJoin", r.type());
      assertTrue(r.fileSystem().startsWith("hdfs://localhost:"), r.fileSystem());
      assertTrue(((Number) r.metrics().get("resultRows")).longValue() > 0, r.metrics().toString());
    }
    assertTrue(Files.readAllLines(report.resolve("summary.csv")).get(1).startsWith("join,tiny,2,"));
    assertTrue(!Files.exists(dir.toPath().resolve("work")), "scratch space removed");
  }

  @Test
  void jobJarListsItsWorkloadsLikeTheExamplesJar() throws Exception {
    File jar = jobJar();
    String hadoop = hadoopClasspath();
    Proc list = exec("java", "-cp", jar + File.pathSeparator + hadoop, "io.hibenchdse.core.HibenchCoreJar");
    assertEquals(2, list.status());
    assertTrue(list.err().stream().anyMatch(l -> l.trim().startsWith("randomtextwriter")), list.toString());
    assertTrue(list.err().stream().anyMatch(l -> l.trim().startsWith("sort")), list.toString());
    // Main-Class is set, picocli and Jackson are relocated inside the jar
    try (var j = new java.util.jar.JarFile(jar)) {
      assertEquals("io.hibenchdse.core.HibenchCoreJar", j.getManifest().getMainAttributes().getValue("Main-Class"));
      assertTrue(j.getEntry("io/hibenchdse/shaded/picocli/CommandLine.class") != null);
      assertTrue(j.getEntry("io/hibenchdse/shaded/jackson/databind/ObjectMapper.class") != null);
      assertTrue(j.getEntry("org/apache/hadoop/conf/Configuration.class") == null, "Hadoop is provided");
    }
  }
}

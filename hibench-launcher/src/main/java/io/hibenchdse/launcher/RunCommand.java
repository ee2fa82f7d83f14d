package io.hibenchdse.launcher;

import io.hibenchdse.cassandra.CommitLog;
import io.hibenchdse.cfs.CassandraFileSystem;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.launcher.deployment.ServingAddress;
import io.hibenchdse.launcher.deployment.ClusterDeployment;
import io.hibenchdse.launcher.deployment.Deployment;
import io.hibenchdse.launcher.deployment.EmbeddedDeployment;
import io.hibenchdse.launcher.deployment.HostsDeployment;
import io.hibenchdse.launcher.deployment.Target;
import io.hibenchdse.report.HtmlReport;
import io.hibenchdse.report.Summary;
import io.hibenchdse.report.SummaryReport;
import io.hibenchdse.report.Measurement;
import io.hibenchdse.launcher.suite.Precision;
import io.hibenchdse.launcher.suite.RunScope;
import io.hibenchdse.report.RowKey;
import io.hibenchdse.launcher.suite.Series;
import io.hibenchdse.launcher.suite.SeriesKey;
import io.hibenchdse.launcher.suite.SeriesPoint;
import io.hibenchdse.launcher.suite.SuiteExecution;
import io.hibenchdse.launcher.suite.SuiteOptions;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.Monitor;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/hibench run}: the whole suite on the embedded default ({@link EmbeddedDeployment}): a
 * real HDFS (the NameNode in this JVM, DataNodes in JVMs of their own), or with {@code --target cfs}
 * real Cassandra nodes in child JVMs, with Hadoop's local job runner, so it needs no installed Hadoop;
 * or with {@code --hosts N} on a cluster of hosts on this machine, jobs on YARN ({@link HostsDeployment}),
 * or with {@code --cluster CONF_DIR} on the user's own cluster ({@link ClusterDeployment}).
 */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Runs the listed workloads on an in-process HDFS (or Cassandra node) and writes the report.")
final class RunCommand implements Callable<Integer> {
  @Mixin SuiteOptions options;

  @Spec
  CommandSpec spec;

  @Option(names = "--target", defaultValue = "hdfs", paramLabel = "hdfs|cfs",
      description = "Storage to run on: an in-process HDFS (YCSB's steps on HBase over it), or cfs:// on Cassandra nodes in"
      + " child JVMs (YCSB's steps on those nodes); with --cluster, its default file system or cfs:// (see --cfs-uri)"
      + " (default: ${DEFAULT-VALUE}).")
  Target target;

  @Option(names = {"--nodes", "--datanodes"}, defaultValue = "1",
      description = "Nodes of the storage: HDFS DataNodes, or Cassandra nodes on 127.0.0.1, 127.0.0.2, ... (default: ${DEFAULT-VALUE}).")
  int nodes;

  @Option(names = "--hosts", paramLabel = "N", description = "A real cluster on this machine instead (Linux, root): a master"
      + " host and N worker hosts, each a network namespace on one bridge, HDFS's and YARN's daemons in JVMs of their own,"
      + " jobs on YARN.")
  Integer hosts;

  @Option(names = "--cluster", paramLabel = "CONF_DIR", description = "Your own cluster instead, running already: CONF_DIR is"
      + " its Hadoop client configuration (core-, hdfs-, yarn- and mapred-site.xml); the data on its default file system, the"
      + " jobs on its YARN, submitted by this launcher's own Hadoop client.")
  Path cluster;

  @Option(names = "--submit", paramLabel = "CMD", description = "With --cluster: submit each MapReduce step with your own"
      + " Hadoop client, such as \"hadoop jar\", \"yarn jar\" or \"dse hadoop jar\" (the step's jar and arguments follow;"
      + " HADOOP_CONF_DIR is CONF_DIR) instead of this launcher's.")
  String submit;

  @Option(names = "--spark-submit", paramLabel = "CMD", description = "With --cluster: run each Spark step with your own"
      + " Spark 4.0 spark-submit, such as \"spark-submit --master yarn\" (in client mode, the suite's Spark job jar"
      + " spark-runner/target/spark-runner.jar and the step's arguments follow; HADOOP_CONF_DIR is CONF_DIR; its master and"
      + " executors are its own) instead of this launcher's Spark JVM on the cluster's YARN.")
  String sparkSubmit;

  @Option(names = "--monitor-hosts", split = ",", paramLabel = "H1,H2,...", description = "With --cluster: the workers the"
      + " monitor samples and --drop-caches reaches over ssh ([user@]host[:port]; default: $" + Hosts.ENVIRONMENT + ", else the"
      + " hosts of YARN's running NodeManagers).")
  List<String> monitorHosts;

  @Option(names = "--serving", paramLabel = "cassandra://HOST[,HOST...][:PORT]|hbase:CONF_DIR", description = "With --cluster: the"
      + " Cassandra cluster or the HBase (CONF_DIR holding its hbase-site.xml) YCSB's workloads run on, emptied, flushed (Cassandra:"
      + " nodetool over ssh, where it reaches; HBase: its Admin API) and settled as at home (without it they are left out).")
  String serving;

  @Option(names = "--cfs-uri", paramLabel = "cfs://HOST:PORT/", description = "With --cluster and --target cfs: the Cassandra"
      + " cluster whose cfs:// holds the jobs' data, named in full in their paths, the adapter's jar going with every job"
      + " (-libjars); their staging stays on the cluster's default file system (default: that one, when it is cfs://).")
  URI cfsUri;

  @Option(names = "--link", paramLabel = "RATE[,DELAY]", description = "With --hosts: every host's link shaped by tc in both"
      + " directions, such as 1gbit or 100mbit,0.5ms (default: unshaped).")
  String link;

  @Option(names = "--cfs", paramLabel = "KEY=VALUE", description = "With --target cfs: a cfs:// setting for this run, such as"
      + " cfs.durable.writes=false or fs.local.subblock.size=4m; repeatable, recorded with every result.")
  Map<String, String> cfsSettings = new LinkedHashMap<>();

  @Option(names = "--commitlog", paramLabel = "periodic|group|batch",
      description = "How the Cassandra nodes sync their commit log: every 10 s, acknowledging first (Cassandra's default;"
      + " like an HDFS DataNode, which acknowledges from the OS's buffers), or before acknowledging, a 15 ms window's"
      + " writes at a time or each batch (default: periodic with --durability memory, group with disk).")
  CommitLog commitLog;

  @Option(names = "--report-dir", defaultValue = "report", description = "Where hibench.report and the JSON results go (default: ${DEFAULT-VALUE}).")
  Path reportDir;

  @Option(names = "--drop-caches", description = "Drop the OS page cache before every measured run, where the machine permits"
      + " (Linux, root); each run's record says whether it was dropped or why not.")
  boolean dropCaches;

  @Option(names = "--monitor-interval", defaultValue = "1000", paramLabel = "MS",
      description = "How often every measured run's CPU, memory, disk and network are sampled, per host and server process"
      + " (0: not sampled) (default: ${DEFAULT-VALUE}).")
  long monitorIntervalMs;

  @Option(names = "--work-dir", defaultValue = "work", description = "Scratch space of the run, removed at the end (default: ${DEFAULT-VALUE}).")
  Path workDir;

  private final PrintStream out;

  RunCommand(PrintStream out) {
    this.out = out;
  }

  /** Points of a series in a row that share one deployment, and their steps on it. */
  private record Segment(Deployment.Local deployment, List<SeriesPoint> points, List<SuiteOptions.PlannedStep> steps) {}

  @Override
  public Integer call() throws Exception {
    Series series = options.series();
    if (Files.exists(workDir) && !Files.isDirectory(workDir)) {
      throw new UsageException("--work-dir " + workDir + " is a file, not a directory");
    }
    if (monitorIntervalMs != 0) {
      try {
        Monitor.checkedInterval(monitorIntervalMs);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--monitor-interval must be 0 (not sampled) or " + e.getMessage());
      }
    }
    Precision precision = options.precision();
    options.runs(); // checked before any list is read
    List<Segment> segments = segments(series);
    List<String> unserved = options.unserved(segments.get(0).deployment());
    if (!unserved.isEmpty()) {
      out.println("hibench run: " + String.join(", ", unserved) + " left out: YCSB runs on a serving store; give --serving "
          + ServingAddress.FORMS);
    }
    int total = segments.stream().mapToInt(s -> s.steps().size()).sum();
    List<Measurement> measurements = new ArrayList<>();
    try (RunScope scope = RunScope.open(workDir, out)) {
      int status = run(segments, scope, total, measurements, precision);
      if (status != 0) {
        return status;
      }
    }
    List<Summary.Row> rows = SummaryReport.write(measurements, reportDir);
    out.println();
    SummaryReport.print(rows, out);
    out.println();
    out.println("hibench run: " + reportDir.resolve(Results.REPORT_FILE) + ", "
        + reportDir.resolve(Results.JSON_FILE) + ", " + reportDir.resolve("summary.csv") + ", "
        + reportDir.resolve("summary.png") + ", " + reportDir.resolve(HtmlReport.FILE));
    return 0;
  }

  /** Runs the segments' steps in the run's scratch directory; returns 0, or the exit status of the step that failed. */
  private int run(List<Segment> segments, RunScope scope, int total, List<Measurement> measurements, Precision precision)
      throws Exception {
    Series series = options.series();
    File scratch = scope.dir().toFile();
    out.printf("hibench run: %d steps, profiles %s, %d warm-up + %s measured runs; data in %s%n", total, options.profiles,
        options.warmup, precision == null ? Integer.toString(options.runs()) : String.format(java.util.Locale.ROOT,
            "%d to %d (until the mean time's 95%% interval is within %s%% of it)", Precision.MIN_RUNS, precision.maxRuns(),
            precision.percent()), scratch);
    if (!series.points().get(0).settings().isEmpty()) {
      out.println("hibench run: a series of " + series.points().size() + " points: "
          + String.join("; ", series.points().stream().map(SeriesPoint::label).toList()));
      options.seriesNotes(series).forEach(n -> out.println("hibench run: " + n));
    }
    int done = 0;
    for (Segment segment : segments) {
      File dir = segments.size() == 1 ? scratch : new File(scratch, "deployment-" + segment.points().get(0).index());
      int status = run(segment, dir, scope, done, total, measurements, precision);
      if (status != 0) {
        return status;
      }
      done += segment.steps().size();
    }
    return 0;
  }

  /**
   * The series' points grouped into the deployments they run on, each with its steps: every
   * deployment and plan made, so checked, before anything starts.
   */
  private List<Segment> segments(Series series) throws IOException {
    List<Segment> segments = new ArrayList<>();
    Set<RowKey> planned = new HashSet<>();
    Segment current = null;
    for (SeriesPoint point : series.points()) {
      if (current == null || !current.points().get(0).deployment().equals(point.deployment())) {
        current = new Segment(deployment(point), new ArrayList<>(), new ArrayList<>());
        segments.add(current);
      }
      current.points().add(point);
      current.steps().addAll(options.plan(current.deployment(), point, planned));
    }
    return segments;
  }

  /** Starts a segment's deployment and runs its steps on it; returns 0 or the failed step's exit status. */
  private int run(Segment segment, File scratch, RunScope scope, int done, int total, List<Measurement> measurements,
      Precision precision) throws Exception {
    try (RunScope.Owned<Deployment.Running> owned = scope.own(segment.deployment().startForRun(scratch))) {
      Deployment.Running running = owned.get();
      Configuration conf = running.conf();
      conf.setBoolean(HibenchConfigKeys.PRINT_COUNTERS, false);
      // the parse result holds the whole command line, bin/hibench's own words included
      List<String> all = spec.commandLine().getParseResult().originalArgs();
      conf.set(HibenchConfigKeys.SUITE_COMMAND, command(all.subList(all.indexOf(spec.name()) + 1, all.size())));
      out.println("hibench run: " + running.describe());
      try (RunScope.Owned<SuiteExecution> execution = scope.own(new SuiteExecution(conf, scratch, reportDir, dropCaches, out,
          running, monitorIntervalMs, precision, scope))) {
        return execution.get().run(segment.steps(), done, total, measurements);
      }
    }
  }

  /**
   * The embedded default, with {@code --hosts} a cluster of hosts, as a series' point sets them, or
   * with {@code --cluster} the user's; its options checked.
   */
  private Deployment.Local deployment(SeriesPoint point) {
    if (cluster != null) {
      return clusterDeployment(point);
    }
    if (cfsUri != null) {
      throw new UsageException("--cfs-uri names a user's cluster's cfs://; give --cluster CONF_DIR too (the embedded default and"
          + " --hosts start their own)");
    }
    if (serving != null) {
      throw new UsageException("--serving names a user's cluster's store; give --cluster CONF_DIR too");
    }
    if (submit != null || sparkSubmit != null) {
      throw new UsageException((submit != null ? "--submit" : "--spark-submit") + " submits to a user's cluster; give --cluster CONF_DIR too");
    }
    if (monitorHosts != null) {
      throw new UsageException("--monitor-hosts names a user's cluster's workers; give --cluster CONF_DIR too");
    }
    Integer h = point.count(SeriesKey.HOSTS) != null ? point.count(SeriesKey.HOSTS) : hosts;
    String l = point.get(SeriesKey.LINK) != null ? point.get(SeriesKey.LINK) : link;
    Integer rep = point.count(SeriesKey.REPLICATION) != null ? point.count(SeriesKey.REPLICATION) : options.replication;
    boolean nodesOption = spec.commandLine().getParseResult().hasMatchedOption("--nodes");
    if (point.get(SeriesKey.NODES) != null && nodesOption) {
      throw new UsageException("--nodes and --vary nodes both set it: give one");
    }
    if (h == null) {
      if (l != null) {
        throw new UsageException("--link shapes the links of --hosts; give --hosts N");
      }
      int n = point.count(SeriesKey.NODES) != null ? point.count(SeriesKey.NODES) : nodes;
      return EmbeddedDeployment.forRun(target, n, rep, options.writeAck, commitLog, cfsSettings);
    }
    if (nodesOption || point.get(SeriesKey.NODES) != null) {
      throw new UsageException("--nodes and --hosts both size the cluster: give one");
    }
    if (commitLog != null || !cfsSettings.isEmpty()) {
      throw new UsageException("--commitlog and --cfs set the embedded default's cfs:// so far; --hosts runs cfs:// with the"
          + " commit log --durability asks for and cfs://'s defaults");
    }
    return new HostsDeployment(target.checkedForRun(), h, l, rep, options.writeAck, out);
  }

  /** The user's cluster: the options that size or start a deployment of the suite's own are refused. */
  private Deployment.Local clusterDeployment(SeriesPoint point) {
    var parsed = spec.commandLine().getParseResult();
    for (String own : List.of("--hosts", "--link", "--nodes", "--commitlog", "--cfs")) {
      if (parsed.hasMatchedOption(own)) {
        throw new UsageException(own + " sets up a deployment of the suite's own; --cluster runs on yours as it is");
      }
    }
    for (SeriesKey key : List.of(SeriesKey.HOSTS, SeriesKey.LINK, SeriesKey.NODES)) {
      if (point.get(key) != null) {
        throw new UsageException("--vary " + key.label() + " varies a deployment of the suite's own; --cluster runs on yours as it is");
      }
    }
    Integer rep = point.count(SeriesKey.REPLICATION) != null ? point.count(SeriesKey.REPLICATION) : options.replication;
    if (cfsUri != null && target != Target.cfs) {
      throw new UsageException("--cfs-uri puts the jobs' data on cfs://: give --target cfs too");
    }
    if (cfsUri != null && !CassandraFileSystem.SCHEME.equals(cfsUri.getScheme())) {
      throw new UsageException("--cfs-uri " + cfsUri + " is not a cfs:// URI, such as cfs://HOST:9042/");
    }
    return ClusterDeployment.of(cluster, target.checkedForRun(), cfsUri, serving == null ? null : ServingAddress.parse(serving), rep,
        options.writeAck, submit, sparkSubmit,
        monitorHosts == null ? null : monitorHosts.stream().map(String::trim).filter(h -> !h.isEmpty()).toList());
  }

  /** {@code bin/hibench run} with these arguments, quoted for a POSIX shell where needed. */
  static String command(List<String> args) {
    StringBuilder b = new StringBuilder("bin/hibench run");
    for (String a : args) {
      b.append(' ').append(a.matches("[A-Za-z0-9_./=:,@%+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return b.toString();
  }
}

package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Measurement;
import io.hibenchdse.launcher.deployment.ClusterJar;
import io.hibenchdse.launcher.deployment.ClusterWatch;
import io.hibenchdse.launcher.deployment.Deployment;
import io.hibenchdse.launcher.deployment.ServingCluster;
import io.hibenchdse.launcher.deployment.SubmitCommand;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.CleanStop;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.hive.runner.HiveProcess;
import io.hibenchdse.launcher.storage.PageCache;
import io.hibenchdse.spark.SparkProcess;
import io.hibenchdse.ycsb.YcsbArgs;
import io.hibenchdse.ycsb.YcsbProcess;
import io.hibenchdse.ycsb.YcsbResult;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs a planned suite on a storage's configuration, a line per step: preparations and warm-ups
 * report into scratch space, measured runs into the report directory (with the page cache dropped
 * first when asked). Each Spark step runs in a Spark JVM of its own; the Hive queries share one Hive JVM, started by the first, so Hive's metastore
 * is made once. YCSB's phases run on a serving store started for the first of them (cfs://'s
 * Cassandra nodes, or HBase on the HDFS), which flushes and finishes compacting before every
 * measured phase.
 */
public final class SuiteExecution implements AutoCloseable {
  private final Configuration conf;
  private final File scratch;
  private final Path reportDir;
  private final boolean dropCaches;
  private final PrintStream out;
  private final Deployment.Running deployment;
  private final long monitorIntervalMs;
  private final Precision precision;
  /** With --runs auto, the measured times so far; else null. */
  private final AutoRuns autoRuns;
  /** Read by a cluster watch's thread, which may stop it. */
  private volatile HiveProcess hive;
  private ServingCluster serving;
  /** The Spark steps' configuration file, once written. */
  private File sparkConf;
  private final RunScope scope;

  /**
   * An execution with {@code conf} on {@code deployment}'s storage, YCSB's phases on the store it
   * serves them from, each measured step sampled every {@code monitorIntervalMs} (0: not sampled),
   * a workload's runs stopping at {@code precision} ({@code --runs auto}; null: every planned run),
   * each step named to the run's {@code scope}, which says which one a stop cut short.
   */
  public SuiteExecution(Configuration conf, File scratch, Path reportDir, boolean dropCaches, PrintStream out,
      Deployment.Running deployment, long monitorIntervalMs, Precision precision, RunScope scope) {
    this.scope = scope;
    this.precision = precision;
    this.autoRuns = precision == null ? null : new AutoRuns(precision);
    this.conf = conf;
    this.scratch = scratch;
    this.reportDir = reportDir;
    this.dropCaches = dropCaches;
    this.out = out;
    this.deployment = deployment;
    this.monitorIntervalMs = monitorIntervalMs;
  }

  /**
   * Runs the steps, numbered on from {@code done} of {@code total} (a series runs its points' steps
   * on one deployment after another), adding each measured run to {@code measured}; returns 0, or
   * the exit status of the step that failed.
   */
  public int run(List<SuiteOptions.PlannedStep> plan, int done, int total, List<Measurement> measured) throws Exception {
    if (plan.stream().anyMatch(p -> p.step().runner() == SuiteJar.Runner.SPARK)) {
      sparkConf(); // what Spark needs of the deployment, before any step and outside every measured one
    }
    for (SuiteOptions.PlannedStep p : plan) {
      Step step = p.step();
      if (!p.warmup() && autoRuns != null && autoRuns.ended(p.runsOf())) {
        done++;
        continue;
      }
      out.printf(Locale.ROOT, "[%d/%d] %-9s %-10s %s %d: %s%n", ++done, total, p.profile().label(),
          step.suiteWorkload(), p.warmup() ? "warm-up" : "run", p.run(),
          (step.role() == Step.Role.WARMUP ? "(warm-up) " : "") + String.join(" ", step.args()));
      scope.step(String.format(Locale.ROOT, "[%d/%d] %s %s %d", done, total, step.suiteWorkload(), p.warmup() ? "warm-up" : "run",
          p.run()));
      String stepReportDir = p.reported() ? reportDir.toString() : new File(scratch, p.kind() + "-report").getPath();
      StepOutcome o;
      // a measured step's records wait apart, and go to the report whole once the monitor's figures for them are known
      try (PendingRecords pending = p.reported() ? PendingRecords.under(scratch.toPath().resolve("records")) : null;
          RunMonitor monitor = p.reported() && monitorIntervalMs > 0
          ? RunMonitor.start(monitorIntervalMs, deployment::hosts, deployment::processes, out) : null) {
        Path recordsDir = pending != null ? pending.dir() : Path.of(stepReportDir);
        String gone;
        try (ClusterWatch watch = watch(step)) {
          try {
            o = execute(p, stepReportDir, recordsDir, done);
          } catch (Exception e) {
            // a step cut short by a stop: the run's scope says so, and its hook releases the rest
            CleanStop.awaitIfStopping();
            // what an interrupted client throws is Hadoop's to choose; the watch says why
            if (watch == null || watch.gone() == null) {
              throw e;
            }
            o = new StepOutcome(1, null);
          }
          if (o.status() != 0) {
            CleanStop.awaitIfStopping();
          }
          // a step that succeeded keeps its record, whatever went away after
          gone = watch == null || o.status() == 0 ? null : watch.gone();
        }
        if (gone != null) {
          out.println("hibench run: stopped; " + gone + " while " + step.workload() + " ran: no record for it");
          return 1;
        }
        // the step's number first: a series of YCSB record counts has many steps of one run
        RunMonitor.Finished sampled = monitor == null ? null : monitor.finish(reportDir, String.format(Locale.ROOT, "%03d-%s-%s-%d",
            done, step.suiteWorkload(), p.profile().label(), p.run()));
        if (pending != null && o.status() == 0) {
          List<RunResult> published = pending.publish(reportDir, sampled, autoRunsEnded(p, o.result()));
          o = new StepOutcome(0, published.isEmpty() ? o.result() : published.get(published.size() - 1));
        }
      }
      scope.step(null);
      int status = o.status();
      if (status != 0) {
        out.println("hibench run: stopped; " + step.workload() + " exited with " + status);
        return status;
      }
      if (p.reported()) {
        measured.add(new Measurement(step.suiteWorkload(), p.profile(), o.result()));
      }
    }
    return 0;
  }

  /**
   * Under {@code --runs auto}, adds a measured step's time to its workload's; where that ends the
   * workload's runs, says so when settled, and gives the label its records take; else no labels.
   */
  private Map<String, String> autoRunsEnded(SuiteOptions.PlannedStep p, RunResult result) {
    if (autoRuns == null || result == null) {
      return Map.of();
    }
    Optional<AutoRuns.Ended> ended = autoRuns.add(p.runsOf(), p.step().suiteWorkload(), result.durationSec());
    if (ended.isEmpty()) {
      return Map.of();
    }
    if (ended.get().reached()) {
      out.printf(Locale.ROOT, "hibench run: %s: the 95%% interval of the mean time within %.1f%% of it after %d runs (asked %s%%);"
          + " its other runs left out%n", p.runsOf(), ended.get().widestPct(), ended.get().runs(), precision.percent());
    }
    return Map.of(HibenchConfigKeys.SUITE_RUNS_TAKEN, Integer.toString(ended.get().runs()));
  }

  /**
   * The watch over a user's cluster while a step whose jobs run there runs: it interrupts this
   * thread (which ends a Hadoop client's retries, or stops the Spark JVM this thread waits for) or
   * stops the Hive JVM, whose answer this thread waits for. YCSB's phases use no job.
   */
  private ClusterWatch watch(Step step) throws IOException {
    Thread thread = Thread.currentThread();
    return switch (step.runner()) {
      case HADOOP, SPARK -> deployment.watch(thread::interrupt);
      case HIVE -> deployment.watch(() -> {
        HiveProcess h = hive;
        if (h != null) {
          h.stopNow();
        }
      });
      case YCSB -> null;
    };
  }

  /** A step's exit status and, where it measured one, its record. */
  private record StepOutcome(int status, RunResult result) {}

  /**
   * Runs one step by what runs it: YCSB's client JVM, the Hive JVM, or a Hadoop tool in this JVM;
   * its files go to {@code stepReportDir}, its records to {@code recordsDir}.
   */
  private StepOutcome execute(SuiteOptions.PlannedStep p, String stepReportDir, Path recordsDir, int number) throws Exception {
    Step step = p.step();
    switch (step.runner()) {
      case YCSB -> {
        // a YCSB phase drops the page cache after the nodes' flush, which writes through it
        YcsbPhase phase = ycsb(p, new File(stepReportDir), number);
        int status = phase.status();
        return new StepOutcome(status, status != 0 || !p.reported() ? null : ycsbRecord(step, phase, recordsDir));
      }
      case HIVE -> {
        String pageCache = pageCache(p);
        if (hive == null) {
          hive = HiveProcess.serve(conf, new File(scratch, "hive"), deployment.clientHost());
        }
        Step hiveStep = step.withOption(HibenchConfigKeys.REPORT_DIR, stepReportDir)
            .withOption(HibenchConfigKeys.RECORDS_DIR, recordsDir.toString());
        HiveProcess.Outcome o = hive.run((pageCache == null ? hiveStep : hiveStep.withOption(HibenchConfigKeys.PAGE_CACHE, pageCache))
            .args(), out);
        return new StepOutcome(o.status(), o.result());
      }
      case SPARK -> {
        return spark(p, stepReportDir, recordsDir);
      }
      default -> { // HADOOP: a tool of one of the suite's jars, in this JVM or through the user's --submit
        String pageCache = pageCache(p);
        Configuration stepConf = new Configuration(conf);
        stepConf.set(HibenchConfigKeys.REPORT_DIR, stepReportDir);
        stepConf.set(HibenchConfigKeys.RECORDS_DIR, recordsDir.toString());
        if (pageCache != null) {
          stepConf.set(HibenchConfigKeys.PAGE_CACHE, pageCache);
        }
        BenchmarkTool tool = step.jar().driver().find(step.workload()).newTool();
        List<String> args = step.args().subList(1, step.args().size());
        if (deployment.submitCommand().isPresent()) {
          return submitted(deployment.submitCommand().get(), step, tool, stepConf, args, recordsDir);
        }
        int status = WorkloadDriver.run(tool, stepConf, args.toArray(new String[0]), System.err);
        return new StepOutcome(status, tool.result());
      }
    }
  }

  /**
   * A Hadoop step through the user's own client: the tool in its JVM writes the record to the step's
   * records directory, from where it is read back; a command that ends well without one fails the step.
   */
  private StepOutcome submitted(SubmitCommand submit, Step step, BenchmarkTool tool, Configuration stepConf, List<String> args,
      Path recordsDir) throws Exception {
    Path jar = builtJar(submit, tool.getClass(), step.jar().artifact());
    if (jar == null) {
      return new StepOutcome(2, null);
    }
    long mark = Results.mark(recordsDir);
    stepConf.set(HibenchConfigKeys.CLUSTER_SUBMIT, submit.toString());
    List<Path> jobJars = deployment.jobJars();
    if (!jobJars.isEmpty()) {
      // the option, not only its key: the client's own JVM then loads them too
      args = new ArrayList<>(args);
      args.addAll(0, List.of("-libjars", String.join(",", jobJars.stream().map(Path::toString).toList())));
    }
    int status = submit.run(jar, step.workload(), stepConf, args);
    return writtenBy(submit + " " + jar.getFileName() + " " + step.workload(), status, recordsDir, mark);
  }

  /**
   * A Spark step in a Spark JVM of its own, on the storage's configuration and the deployment's
   * Spark settings, started where the deployment's clients run, or through the user's own
   * {@code spark-submit} with its own settings; its record read back.
   */
  private StepOutcome spark(SuiteOptions.PlannedStep p, String stepReportDir, Path recordsDir) throws Exception {
    String pageCache = pageCache(p);
    Step step = p.step().withOption(HibenchConfigKeys.REPORT_DIR, stepReportDir)
        .withOption(HibenchConfigKeys.RECORDS_DIR, recordsDir.toString());
    if (pageCache != null) {
      step = step.withOption(HibenchConfigKeys.PAGE_CACHE, pageCache);
    }
    Optional<SubmitCommand> submit = deployment.sparkSubmitCommand();
    List<String> args = new ArrayList<>(step.args());
    args.addAll(1, List.of("-conf", sparkConf().getPath()));
    long mark = Results.mark(recordsDir);
    if (submit.isPresent()) {
      Path jar = builtJar(submit.get(), SparkProcess.class, SparkProcess.ARTIFACT);
      if (jar == null) {
        return new StepOutcome(2, null);
      }
      int status = submit.get().runSpark(SparkProcess.MAIN_CLASS, jar, args);
      return writtenBy(submit.get() + " " + jar.getFileName() + " " + step.workload(), status, recordsDir, mark);
    }
    int status = SparkProcess.run(deployment.clientHost(), args, new File(scratch, "spark/spark.log"), List.of(ClusterJar.cfsAdapter()),
        out);
    return writtenBy(step.workload(), status, recordsDir, mark);
  }

  /**
   * The cluster jar of {@code artifact}, the module of {@code owner}, that the user's {@code submit}
   * command takes; null, said in one line, where the build has not written it.
   */
  private Path builtJar(SubmitCommand submit, Class<?> owner, String artifact) throws IOException {
    Path jar = ClusterJar.of(owner, artifact);
    if (jar == null) {
      out.println("hibench run: " + submit.option() + " needs " + artifact + ".jar beside " + ClusterJar.classesOf(owner)
          + ": build it with mvn -B -ntp -DskipTests package");
    }
    return jar;
  }

  /**
   * The Spark steps' configuration file, written on first use: the run's settings with the
   * deployment's Spark settings (which may copy Spark's jars to a user's cluster), or with the user's
   * {@code --spark-submit}, which brings its own, the command that submits.
   */
  private File sparkConf() throws IOException {
    if (sparkConf == null) {
      // a file of this execution's: a series' next deployment has settings of its own
      Files.createDirectories(scratch.toPath().resolve("spark"));
      File file = File.createTempFile("conf-", ".xml", new File(scratch, "spark"));
      Configuration settings = new Configuration(conf);
      Optional<SubmitCommand> submit = deployment.sparkSubmitCommand();
      if (submit.isPresent()) {
        settings.set(HibenchConfigKeys.CLUSTER_SUBMIT, submit.get().toString());
      } else {
        deployment.sparkSettings(out).forEach(settings::set);
      }
      SparkProcess.writeConf(settings, file);
      this.sparkConf = file;
    }
    return sparkConf;
  }

  /**
   * The outcome of a step that ran in another JVM, which writes its record to the step's records
   * directory: the record read back; one that ended well without writing one fails the step.
   */
  private StepOutcome writtenBy(String what, int status, Path recordsDir, long mark) throws IOException {
    List<RunResult> written = Results.since(recordsDir, mark);
    if (status == 0 && written.isEmpty()) {
      out.println("hibench run: " + what + " ended well but wrote no record to " + recordsDir.resolve(Results.JSON_FILE));
      return new StepOutcome(1, null);
    }
    return new StepOutcome(status, written.isEmpty() ? null : written.get(written.size() - 1));
  }

  /** For a reported step, the page cache dropped if asked, and what the record says of it; null for others. */
  private String pageCache(SuiteOptions.PlannedStep p) {
    String pageCache = !p.reported() ? null
        : dropCaches ? deployment.dropPageCache(p.step().runner() == SuiteJar.Runner.YCSB) : PageCache.NOT_ASKED;
    if (dropCaches && pageCache != null && !pageCache.startsWith(PageCache.DROPPED)) {
      out.println("hibench run: page cache " + pageCache);
    }
    return pageCache;
  }

  /** A YCSB phase that ran: its outcome, the wait for the nodes to settle before it, and the page cache then. */
  private record YcsbPhase(YcsbProcess.Outcome outcome, long settledMs, String pageCache) {
    /** YCSB's exit status, or 1 where operations failed: a phase with errors measured something else than the workload. */
    int status() {
      return outcome.status() != 0 ? outcome.status() : outcome.metrics().errors > 0 ? 1 : 0;
    }
  }

  /**
   * Runs a YCSB phase on the serving store: a load into a table emptied first, and before a measured
   * phase the store's memory flushed and its compactions finished.
   */
  private YcsbPhase ycsb(SuiteOptions.PlannedStep p, File stepReportDir, int number) throws Exception {
    Step step = p.step();
    if (serving == null) {
      serving = deployment.servingCluster().start();
      out.println("hibench run: YCSB's store: " + serving.describe());
    }
    YcsbProcess.Phase phase = YcsbProcess.Phase.valueOf(step.workload());
    List<String> args = new ArrayList<>(step.args().subList(2, step.args().size()));
    args.addAll(serving.connection());
    if (phase == YcsbProcess.Phase.load) {
      serving.empty(YcsbArgs.parse(args).properties());
    }
    long settledMs = 0;
    if (p.reported()) {
      settledMs = serving.settle();
      out.printf(Locale.ROOT, "hibench run: %s, compactions finished in %.1f s%n", serving.flushed(), settledMs / 1000.0);
    }
    String pageCache = pageCache(p);
    // YCSB's own output, as bin/ycsb prints it, in a file of the phase (numbered as the step: a
    // series has many phases of one workload, profile and run); here a line
    File output = new File(ycsbOutputDir(stepReportDir), String.format(Locale.ROOT, "%03d-%s-%s-%s-%d.txt", number,
        step.suiteWorkload(), p.profile().label(), p.kind(), p.run()));
    YcsbProcess.Outcome o;
    try (PrintStream file = new PrintStream(output, StandardCharsets.UTF_8)) {
      o = YcsbProcess.run(deployment.clientHost(), phase, serving.binding(), args, file, file);
    }
    if (o.status() != 0) {
      CleanStop.awaitIfStopping();
    }
    if (o.status() == 0 && o.metrics().errors > 0) {
      out.println("hibench run: ycsb " + phase + " failed: " + o.metrics().summary() + "; YCSB's output: " + output);
    } else if (o.status() == 0) {
      out.println("hibench run: ycsb " + phase + ": " + o.metrics().summary() + "; YCSB's output: " + output);
    } else {
      List<String> lines = Files.readAllLines(output.toPath());
      out.println("hibench run: " + (lines.isEmpty() ? "YCSB exited with " + o.status() : lines.get(lines.size() - 1))
          + "; YCSB's output: " + output);
    }
    return new YcsbPhase(o, settledMs, pageCache);
  }

  private static File ycsbOutputDir(File reportDir) {
    File dir = new File(reportDir, "ycsb");
    dir.mkdirs();
    return dir;
  }

  /** A measured phase's record, with what the suite's other records say: the storage's durability, the page cache, the suite's command. */
  private RunResult ycsbRecord(Step step, YcsbPhase phase, Path recordsDir) throws IOException {
    YcsbProcess.Outcome o = phase.outcome();
    long end = System.currentTimeMillis();
    RunResult r = YcsbResult.of(YcsbProcess.Phase.valueOf(step.workload()), o.args(), o.metrics(),
        end - Math.round(o.metrics().runtimeSec * 1000), end);
    serving.record(r);
    r.configured(HibenchConfigKeys.PAGE_CACHE, phase.pageCache());
    r.configured(HibenchConfigKeys.SUITE_COMMAND, conf.get(HibenchConfigKeys.SUITE_COMMAND, ""));
    r.configured(YcsbResult.SETTLED_MS, Long.toString(phase.settledMs()));
    // the cluster's labels, as a job's record on it says, but how jobs were submitted: a phase is no job
    conf.getPropsWithPrefix(HibenchConfigKeys.CLUSTER_PREFIX).forEach((name, value) -> {
      if (!HibenchConfigKeys.CLUSTER_SUBMIT.equals(HibenchConfigKeys.CLUSTER_PREFIX + name)) {
        r.configured(HibenchConfigKeys.CLUSTER_PREFIX + name, value);
      }
    });
    Results.publishTo(recordsDir, r);
    return r;
  }

  /**
   * Stops the Hive JVM and YCSB's store, where they were started: before the storage stops, so Hive
   * removes its session directories and HBase's files are not cut from under it.
   */
  @Override
  public void close() throws Exception {
    try {
      if (hive != null) {
        hive.close();
      }
    } finally {
      if (serving != null) {
        serving.close();
      }
    }
  }
}

package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.hive.runner.HiveProcess;
import io.hibenchdse.launcher.storage.PageCache;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs a planned suite on a storage's configuration, a line per step: preparations and warm-ups
 * report into scratch space, measured runs into the report directory (with the page cache dropped
 * first when asked). The Hive queries share one Hive JVM, started by the first, so Hive's metastore
 * is made once.
 */
public final class SuiteExecution implements AutoCloseable {
  private final Configuration conf;
  private final File scratch;
  private final Path reportDir;
  private final boolean dropCaches;
  private final PrintStream out;
  private HiveProcess hive;

  public SuiteExecution(Configuration conf, File scratch, Path reportDir, boolean dropCaches, PrintStream out) {
    this.conf = conf;
    this.scratch = scratch;
    this.reportDir = reportDir;
    this.dropCaches = dropCaches;
    this.out = out;
  }

  /** Runs the steps, adding each measured run to {@code measured}; returns 0, or the exit status of the step that failed. */
  public int run(List<SuiteOptions.PlannedStep> plan, List<Measurement> measured, int warmup) throws Exception {
    int done = 0;
    for (SuiteOptions.PlannedStep p : plan) {
      Step step = p.step();
      out.printf(Locale.ROOT, "[%d/%d] %-9s %-10s %s %d: %s%n", ++done, plan.size(), p.profile().label(),
          step.suiteWorkload(), p.warmup() ? "warm-up" : "run", p.warmup() ? p.run() + 1 : p.run() - warmup + 1,
          String.join(" ", step.args()));
      String stepReportDir = p.reported() ? reportDir.toString()
          : new File(scratch, p.warmup() ? "warmup-report" : "prepare-report").getPath();
      String pageCache = !p.reported() ? null : dropCaches ? PageCache.drop() : PageCache.NOT_ASKED;
      if (dropCaches && pageCache != null && !pageCache.equals(PageCache.DROPPED)) {
        out.println("hibench run: page cache " + pageCache);
      }
      int status;
      RunResult result;
      if (step.jar().equals(HiveBenchWorkload.JAR)) {
        if (hive == null) {
          hive = HiveProcess.serve(conf, new File(scratch, "hive"));
        }
        Step hiveStep = step.withOption(Results.REPORT_DIR, stepReportDir);
        HiveProcess.Outcome o = hive.run((pageCache == null ? hiveStep : hiveStep.withOption(PageCache.KEY, pageCache)).args(), out);
        status = o.status();
        result = o.result();
      } else {
        Configuration stepConf = new Configuration(conf);
        stepConf.set(Results.REPORT_DIR, stepReportDir);
        if (pageCache != null) {
          stepConf.set(PageCache.KEY, pageCache);
        }
        BenchmarkTool tool = Suite.JARS.get(step.jar()).find(step.workload()).newTool();
        status = WorkloadDriver.run(tool, stepConf,
            step.args().subList(1, step.args().size()).toArray(new String[0]), System.err);
        result = tool.result();
      }
      if (status != 0) {
        out.println("hibench run: stopped; " + step.workload() + " exited with " + status);
        return status;
      }
      if (p.reported()) {
        measured.add(new Measurement(step.suiteWorkload(), p.profile(), result));
      }
    }
    return 0;
  }

  /** Stops the Hive JVM, if one was started: before the storage stops, so Hive removes its session directories. */
  @Override
  public void close() throws Exception {
    if (hive != null) {
      hive.close();
    }
  }
}

package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.ClusterNodes;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.CleanStop;
import io.hibenchdse.core.FreeSpace;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.core.WorkloadDriver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The TPCx-HS benchmark: two complete runs (HSGen, HSDataCheck, HSSort, HSDataCheck, HSValidate,
 * HSDataCheck) with only cleanup between them; each run's elapsed T gives HSph@SF = SF / (T/3600);
 * the run with the lower metric is the performance run, the other the repeatability run. The
 * benchmark is many jobs, so it runs them itself and publishes its own record.
 */
@Command(name = TpcxHs.NAME, description = "Runs the TPCx-HS benchmark (two runs) and reports HSph@SF.")
public class TpcxHs extends BenchmarkTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "tpcxhs";

  @Mixin ScaleOptions size;

  @Option(names = "-replication", defaultValue = "3", description = "Replication of data and sorted output (default: ${DEFAULT-VALUE}).")
  short replication;

  @Option(names = "-root", defaultValue = "/TPCx-HS", description = "Benchmark directory (default: ${DEFAULT-VALUE}).")
  Path root;

  @Option(names = "-systemCost", description = "Total system cost, for $/HSph@SF.")
  Double systemCost;

  @Option(names = "-watts", description = "Average power of the system under test, W, for Watts/HSph@SF.")
  Double watts;

  @Override
  protected Path output() {
    return root;
  }

  /** HSph@SF = SF / (T / 3600). */
  public static double hsph(double sf, double seconds) {
    return sf / (seconds / 3600);
  }

  private ScaleFactor scale;

  @Override
  protected void validate(Configuration conf) throws IOException {
    scale = size.scale();
    if ((systemCost != null && systemCost <= 0) || (watts != null && watts <= 0)) {
      throw new UsageException("-systemCost and -watts must be positive");
    }
    if (replication < 1) {
      throw new UsageException("-replication must be at least 1, was " + replication);
    }
    // the generated data and its sorted copy exist together
    FreeSpace.require(conf, root, 2 * scale.rows * Records.LENGTH, replication);
  }

  @Override
  protected RunResult measure(Configuration conf, CleanStop.Run stop) throws Exception {
    FileSystem fs = root.getFileSystem(conf);
    List<RunResult> phaseLines = new ArrayList<>();
    long startMs = System.currentTimeMillis();
    fs.delete(root, true); // cleanup: the only thing allowed between the runs
    TpcxHsMetrics.Run first = run(conf, 1, phaseLines);
    fs.delete(root, true);
    TpcxHsMetrics.Run second = run(conf, 2, phaseLines);
    long endMs = System.currentTimeMillis();
    TpcxHsMetrics metrics = new TpcxHsMetrics(scale.sf, scale.rows, first, second, systemCost, watts);
    for (RunResult line : phaseLines) {
      Results.publish(conf, line);
    }
    RunResult r = newResult(conf, root);
    r.storedOn(r.fileSystem(), replication, r.blockSize());
    // start and end span both runs; the duration is the performance run's T
    return r.metrics(metrics).timed(startMs, endMs, metrics.performance().nanos, scale.rows * Records.LENGTH, ClusterNodes.count(conf));
  }

  /** One complete run, its phases and T; an exception when any phase fails. */
  private TpcxHsMetrics.Run run(Configuration conf, int run, List<RunResult> phaseLines) throws IOException {
    String in = new Path(root, "input").toString();
    String out = new Path(root, "output").toString();
    String validate = new Path(root, "validate").toString();
    String[] size = {"-rows", Long.toString(scale.rows)};
    String rep = Short.toString(replication);
    Map<String, Double> phases = new LinkedHashMap<>();
    long bytes = scale.rows * Records.LENGTH;
    long t0 = System.nanoTime();
    RunResult gen = phase(conf, phases, phaseLines, "HSGen", new HsGen(), concat(size, "-replication", rep, in), bytes);
    String checksum = gen.metrics(HsGen.Metrics.class).checksum;
    phase(conf, phases, phaseLines, "HSDataCheck", new HsDataCheck(), concat(size, "-replication", rep, in), bytes);
    phase(conf, phases, phaseLines, "HSSort", new HsSort(), new String[] {"-replication", rep, in, out}, bytes);
    phase(conf, phases, phaseLines, "HSDataCheck (sorted)", new HsDataCheck(), concat(size, "-replication", rep, out), bytes);
    phase(conf, phases, phaseLines, "HSValidate", new HsValidate(),
        new String[] {"-rows", Long.toString(scale.rows), "-checksum", checksum, out, validate}, bytes);
    phase(conf, phases, phaseLines, "HSDataCheck (validated)", new HsDataCheck(), concat(size, "-replication", rep, out), bytes);
    return new TpcxHsMetrics.Run(run, System.nanoTime() - t0, scale.sf, phases, checksum);
  }

  private static String[] concat(String[] head, String... tail) {
    String[] all = Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  /**
   * Runs one phase and adds its line for hibench.report ({@code HadoopTpcxhs-<phase>}); the phase
   * tools' own records, with their counters, go to {@code <report dir>/tpcxhs-phases}.
   */
  private RunResult phase(Configuration conf, Map<String, Double> phases, List<RunResult> phaseLines, String name,
      BenchmarkTool tool, String[] args, long bytes) throws IOException {
    System.err.println("tpcxhs: " + name + " " + String.join(" ", args));
    Configuration c = new Configuration(conf);
    if (Results.reporting(conf)) {
      String phasesDir = Results.reportDir(conf).resolve("tpcxhs-phases").toString();
      c.set(HibenchConfigKeys.REPORT_DIR, phasesDir);
      // straight there, not where the benchmark's own records wait for the launcher
      c.set(HibenchConfigKeys.RECORDS_DIR, phasesDir);
    }
    long startMs = System.currentTimeMillis();
    long t0 = System.nanoTime();
    java.io.ByteArrayOutputStream why = new java.io.ByteArrayOutputStream();
    int status = WorkloadDriver.run(tool, c, args, new java.io.PrintStream(why, true));
    long nanos = System.nanoTime() - t0;
    phases.put(name, nanos / 1e9);
    if (status != 0) {
      throw new IOException(name + " failed: " + why.toString().trim() + "; the run reports no metric");
    }
    RunResult line = new RunResult(name(), reportType() + "-" + name.replace(" (", "-").replace(")", ""));
    line.parameter("phase", name);
    phaseLines.add(line.timed(startMs, System.currentTimeMillis(), nanos, bytes, ClusterNodes.count(conf)));
    return tool.result();
  }

  @Override
  protected void printResult(Configuration conf, RunResult r) {
    TpcxHsMetrics m = r.metrics(TpcxHsMetrics.class);
    String label = size.sf != null ? size.sf : java.math.BigDecimal.valueOf(m.scaleFactor).stripTrailingZeros().toPlainString();
    System.out.printf(Locale.ROOT, "===== TPCx-HS at SF %s (%d rows, replication %d) =====%n", label, m.rows, replication);
    for (TpcxHsMetrics.Run run : m.runs) {
      System.out.printf(Locale.ROOT, "Run %d: T = %.3f s, HSph@%s = %.4g%n", run.run, run.seconds, label, run.hsph);
      run.phases.forEach((phase, s) -> System.out.printf(Locale.ROOT, "    %-24s %10.3f s%n", phase, s));
    }
    System.out.printf(Locale.ROOT, "Performance run: %d, HSph@SF = %.4g; repeatability run: %d, HSph@SF = %.4g%n",
        m.performanceRun, m.hsph, m.repeatabilityRun, m.repeatability().hsph);
    if (m.pricePerformance != null) {
      System.out.printf(Locale.ROOT, "$/HSph@SF = %.2f%n", m.pricePerformance);
    }
    if (m.wattsPerHsph != null) {
      System.out.printf(Locale.ROOT, "Watts/HSph@SF = %.2f%n", m.wattsPerHsph);
    }
  }
}

package io.hibenchdse.it.bench;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.launcher.storage.EmbeddedCfs;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import io.hibenchdse.launcher.storage.EmbeddedStorage;
import io.hibenchdse.tpcxhs.TpcxHsJar;
import io.hibenchdse.tpcxhs.TpcxHsMetrics;
import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What each TPCx-HS phase costs on cfs:// against HDFS when there is little data to move (the tiny
 * profile's 10 MB): the fixed costs of a phase, the tool's own file system accesses (its checks,
 * its recorded settings) included, since a phase is timed from the tool's start to its end. The
 * whole benchmark (two runs of six phases) on each, alternating which goes first, in this JVM as
 * the launcher runs it; medians per phase and run. Run it with scripts/bench/cfs-phases.sh.
 */
@Command(name = "cfs-phases.sh", mixinStandardHelpOptions = true)
public final class CfsPhasesBenchmark implements Callable<Integer> {
  @Option(names = "--runs", defaultValue = "5", description = "Benchmarks per file system (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--warmup", defaultValue = "1", description = "Unmeasured benchmarks first (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--rows", defaultValue = "100000", description = "Rows, 100 bytes each (default: ${DEFAULT-VALUE}, tiny's).")
  long rows;

  @Option(names = "--dir", defaultValue = "target/bench-cfs-phases", description = "Where both keep their data (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new CfsPhasesBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    dir.mkdirs();
    // "<target> run <n> <phase>" -> seconds
    Map<String, List<Double>> figures = new LinkedHashMap<>();
    List<String> phases = new ArrayList<>();
    try (EmbeddedStorage hdfs = EmbeddedHdfs.start(new File(dir, "hdfs"), 1, true);
        EmbeddedStorage cfs = EmbeddedCfs.start(new File(dir, "cassandra"), CassandraSettings.BENCHMARK, 1, 1)) {
      Map<String, Configuration> targets = new LinkedHashMap<>();
      targets.put("hdfs", TestData.localConf(hdfs.conf(), new File(dir, "mr-hdfs")));
      targets.put("cfs", TestData.localConf(cfs.conf(), new File(dir, "mr-cfs")));
      out.printf("cfs phases benchmark: tpcxhs -rows %d (two runs of six phases) %d times on each after %d warm-up, alternating, local job runner%n",
          rows, runs, warmup);
      try {
        for (int round = 1 - warmup; round <= runs; round++) {
          List<String> order = (round & 1) != 0 ? List.of("hdfs", "cfs") : List.of("cfs", "hdfs");
          for (String target : order) {
            TpcxHsMetrics m = tpcxhs(targets.get(target));
            for (TpcxHsMetrics.Run run : m.runs) {
              StringBuilder line = new StringBuilder();
              for (Map.Entry<String, Double> phase : run.phases.entrySet()) {
                line.append(String.format(Locale.ROOT, "  %s %.3f", phase.getKey(), phase.getValue()));
                if (round > 0) {
                  figures.computeIfAbsent(target + " run " + run.run + " " + phase.getKey(), k -> new ArrayList<>()).add(phase.getValue());
                }
                if (!phases.contains(phase.getKey())) {
                  phases.add(phase.getKey());
                }
              }
              out.printf(Locale.ROOT, "%-7s %-4s run %d: %.3f s;%s%n", round <= 0 ? "warm-up" : "round " + round, target, run.run,
                  run.seconds, line);
            }
          }
        }
      } finally {
        // close the cached cfs:// clients while their node still runs
        FileSystem.closeAll();
      }
    }
    out.println();
    Map<String, Double> differences = new LinkedHashMap<>();
    for (int run = 1; run <= 2; run++) {
      for (String phase : phases) {
        double h = Figures.median(figures.get("hdfs run " + run + " " + phase));
        double c = Figures.median(figures.get("cfs run " + run + " " + phase));
        differences.put("run " + run + " " + phase + " cfs-hdfs s", c - h);
        out.printf(Locale.ROOT, "run %d %-24s median: hdfs %7.3f s  cfs %7.3f s  cfs-hdfs %+7.3f s (target <= +0.100)%n",
            run, phase, h, c, c - h);
      }
    }
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("runs", runs);
    all.put("rows", rows);
    all.put("figures", figures);
    all.put("differences", differences);
    Figures.write(json, all);
    FileUtil.fullyDelete(dir);
    return 0;
  }

  private TpcxHsMetrics tpcxhs(Configuration conf) {
    BenchmarkTool tool = TpcxHsJar.DRIVER.find("tpcxhs").newTool();
    Configuration c = new Configuration(conf);
    c.set("hibench.report.dir", new File(dir, "report").getPath());
    if (WorkloadDriver.run(tool, c, new String[] {"-rows", Long.toString(rows), "-replication", "1", "-overwrite"}, System.err) != 0) {
      throw new IllegalStateException("tpcxhs failed on " + FileSystem.getDefaultUri(conf));
    }
    return tool.result().metrics(TpcxHsMetrics.class);
  }
}

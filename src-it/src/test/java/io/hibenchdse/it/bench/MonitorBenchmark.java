package io.hibenchdse.it.bench;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.HibenchCoreJar;
import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.launcher.deployment.RunProcesses;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.Monitor;
import java.io.File;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What the monitor costs: WordCount with and without the suite's sampling (this machine and every
 * process of the run, every second), taking turns, medians and their ratio; and the sampler's own
 * CPU time (its threads', from the JVM) per second of sampling. Run it with scripts/bench/monitor.sh.
 */
@Command(name = "monitor.sh", mixinStandardHelpOptions = true)
public final class MonitorBenchmark implements java.util.concurrent.Callable<Integer> {
  @Option(names = "--runs", defaultValue = "5", description = "Measured runs each way (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--mb", defaultValue = "100", description = "WordCount input in MB (default: ${DEFAULT-VALUE}).")
  long mb;

  @Option(names = "--interval", defaultValue = "1000", description = "Sampling interval, ms (default: ${DEFAULT-VALUE}).")
  long intervalMs;

  @Option(names = "--idle-seconds", defaultValue = "30", description = "Sampling with nothing else running, to time the sampler alone (default: ${DEFAULT-VALUE}).")
  int idleSeconds;

  @Option(names = "--dir", defaultValue = "target/bench-monitor", description = "Scratch directory (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

  public static void main(String[] args) {
    System.exit(new CommandLine(new MonitorBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    Configuration conf = TestData.localConf(new File(dir, "mr"));
    conf.setInt(MRJobConfig.NUM_REDUCES, 2);
    conf.setBoolean(HibenchConfigKeys.PRINT_COUNTERS, false);
    conf.set(HibenchConfigKeys.REPORT_DIR, new File(dir, "report").getPath());
    String root = new File(dir, "data").getAbsolutePath();
    out.printf("monitor benchmark: WordCount on %d MB with and without sampling every %d ms, %d runs each, alternating%n",
        mb, intervalMs, runs);
    Configuration gen = new Configuration(conf);
    gen.setLong(RandomTextWriter.TOTAL_BYTES, mb << 20);
    gen.setLong(RandomTextWriter.BYTES_PER_MAP, (mb << 20) / 4);
    run(gen, "randomtextwriter", root + "/in");

    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    for (int run = 0; run <= runs; run++) {
      for (int turn = 0; turn < 2; turn++) {
        boolean sampled = (turn == 0) == (run % 2 == 1);
        Path output = new Path(root, "out");
        output.getFileSystem(conf).delete(output, true);
        Monitor m = sampled ? Monitor.start(intervalMs, Hosts.of(List.of(), new HashMap<>()), RunProcesses::now, System.err, Map.of()) : null;
        long t0 = System.nanoTime();
        run(conf, "wordcount", root + "/in", output.toString());
        double sec = (System.nanoTime() - t0) / 1e9;
        if (m != null) {
          m.stop();
        }
        String tag = sampled ? "sampled" : "unsampled";
        out.printf(Locale.ROOT, "%s %-9s wordcount %7.3f s%n", run == 0 ? "warm-up" : "run " + run, tag, sec);
        if (run > 0) {
          seconds.computeIfAbsent(tag, k -> new ArrayList<>()).add(sec);
        }
      }
    }
    double with = Figures.median(seconds.get("sampled"));
    double without = Figures.median(seconds.get("unsampled"));

    // the sampler alone: its threads' CPU time over a quiet stretch
    Monitor idle = Monitor.start(intervalMs, Hosts.of(List.of(), new HashMap<>()), RunProcesses::now, System.err, Map.of());
    Thread.sleep(idleSeconds * 1000L);
    long cpuNanos = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("monitor-")) {
        cpuNanos += threads.getThreadCpuTime(t.getId());
      }
    }
    idle.stop();
    double ownPct = 100.0 * cpuNanos / (idleSeconds * 1e9);
    out.println();
    out.printf(Locale.ROOT, "WordCount time, median of %d: unsampled %.3f s, sampled %.3f s, sampled/unsampled %.3f (target <= 1.02);"
        + " means: %s%n", runs, without, with, with / without, Figures.shown(Figures.ratio(seconds.get("unsampled"), seconds.get("sampled"))));
    out.printf(Locale.ROOT, "the sampler's own CPU at %d ms: %.3f%% of one core over %d s (target <= 0.5%%)%n", intervalMs, ownPct,
        idleSeconds);
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("runs", runs);
    figures.put("wordcountSeconds", seconds);
    figures.put("ratioSampledToUnsampled", with / without);
    figures.put("samplerCpuPctOfOneCore", ownPct);
    Figures.write(json, figures);
    FileUtil.fullyDelete(dir);
    return 0;
  }

  private static void run(Configuration conf, String workload, String... args) {
    BenchmarkTool tool = HibenchCoreJar.DRIVER.find(workload).newTool();
    if (WorkloadDriver.run(tool, new Configuration(conf), args, System.err) != 0) {
      throw new IllegalStateException(workload + " failed");
    }
  }
}

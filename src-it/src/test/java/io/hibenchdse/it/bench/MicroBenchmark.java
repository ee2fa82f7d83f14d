package io.hibenchdse.it.bench;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.HibenchCoreJar;
import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.it.StockWordCount;
import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Ours against Hadoop's stock RandomTextWriter and WordCount (hadoop-mapreduce-examples 3.4.2):
 * same input, same maps and reducers, same local job runner and disk, alternating which goes
 * first, and prints medians and the ratio ours/stock. Run it with scripts/bench/micro.sh.
 */
@Command(name = "micro.sh", mixinStandardHelpOptions = true)
public final class MicroBenchmark implements java.util.concurrent.Callable<Integer> {
  @Option(names = "--runs", defaultValue = "3", description = "Measured runs of each tool (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--mb", defaultValue = "100", description = "WordCount input in MB (default: ${DEFAULT-VALUE}).")
  long mb;

  @Option(names = "--rtw-mb", defaultValue = "100", description = "RandomTextWriter output per run in MB, one map (default: ${DEFAULT-VALUE}).")
  long rtwMb;

  @Option(names = "--maps", defaultValue = "4", description = "Maps of the WordCount input (default: ${DEFAULT-VALUE}).")
  int maps;

  @Option(names = "--reduces", defaultValue = "2", description = "Reducers of both WordCounts (default: ${DEFAULT-VALUE}).")
  int reduces;

  @Option(names = "--dir", defaultValue = "target/bench-micro", description = "Scratch directory on the disk to measure (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new MicroBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    Configuration conf = TestData.localConf(new File(dir, "mr"));
    conf.set("mapreduce.job.reduces", String.valueOf(reduces));
    // The stock tools wait with waitForCompletion, which polls every 1 s (verbose) or 5 s; ours polls
    // every 100 ms. The same 100 ms for all keeps polling out of the comparison.
    conf.setInt("mapreduce.client.completion.pollinterval", 100);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    String root = new File(dir, "data").getAbsolutePath();
    out.printf("micro benchmark: %d runs, WordCount on %d MB in %d maps with %d reducers, RandomTextWriter %d MB in one map, local job runner, %s%n",
        runs, mb, maps, reduces, rtwMb, root);

    // One input for both WordCounts: ours, so its bytes are the same for both tools.
    Configuration gen = new Configuration(conf);
    gen.setLong(RandomTextWriter.TOTAL_BYTES, mb << 20);
    gen.setLong(RandomTextWriter.BYTES_PER_MAP, (mb << 20) / maps);
    require(run(gen, "randomtextwriter", root + "/wc-in"));

    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    Map<String, List<Double>> rates = new LinkedHashMap<>();
    Map<String, Map<String, Long>> counters = new LinkedHashMap<>();
    for (int run = 0; run <= runs; run++) {
      boolean warmup = run == 0;
      boolean stockFirst = run % 2 == 1;
      for (int turn = 0; turn < 2; turn++) {
        boolean stock = (turn == 0) == stockFirst;
        String tag = stock ? "stock" : "ours";
        // RandomTextWriter: one map, as the local runner gives the stock tool only one.
        Configuration rtw = new Configuration(conf);
        rtw.setLong(RandomTextWriter.TOTAL_BYTES, rtwMb << 20);
        rtw.setLong(RandomTextWriter.BYTES_PER_MAP, rtwMb << 20);
        rtw.setLong(RandomTextWriter.SEED, run);
        Path rtwOut = new Path(root, "rtw-" + tag);
        rtwOut.getFileSystem(conf).delete(rtwOut, true);
        long t0 = System.nanoTime();
        if (stock) {
          require(ToolRunner.run(rtw, new org.apache.hadoop.examples.RandomTextWriter(), new String[] {rtwOut.toString()}) == 0);
        } else {
          require(run(rtw, "randomtextwriter", rtwOut.toString()));
        }
        double rtwSec = (System.nanoTime() - t0) / 1e9;
        long rtwBytes = rtwOut.getFileSystem(conf).getContentSummary(rtwOut).getLength();

        Path wcOut = new Path(root, "wc-" + tag);
        wcOut.getFileSystem(conf).delete(wcOut, true);
        t0 = System.nanoTime();
        Map<String, Long> c = stock ? work(StockWordCount.run(conf, new Path(root, "wc-in"), wcOut))
            : work(run(conf, "wordcount", root + "/wc-in", wcOut.toString()).counters().get(TaskCounter.class.getName()));
        double wcSec = (System.nanoTime() - t0) / 1e9;
        counters.put(tag, c);
        out.printf(Locale.ROOT, "%s %-5s randomtextwriter %7.3f s %8.1f MB/s | wordcount %7.3f s%n",
            warmup ? "warm-up" : "run " + run, tag, rtwSec, rtwBytes / rtwSec / 1e6, wcSec);
        if (!warmup) {
          seconds.computeIfAbsent("wordcount " + tag, k -> new ArrayList<>()).add(wcSec);
          rates.computeIfAbsent("randomtextwriter " + tag, k -> new ArrayList<>()).add(rtwBytes / rtwSec);
        }
      }
    }
    double wcStock = Figures.median(seconds.get("wordcount stock"));
    double wcOurs = Figures.median(seconds.get("wordcount ours"));
    double rtwStock = Figures.median(rates.get("randomtextwriter stock"));
    double rtwOurs = Figures.median(rates.get("randomtextwriter ours"));
    boolean sameWork = counters.get("stock").equals(counters.get("ours"));
    out.println();
    out.printf(Locale.ROOT, "WordCount time, median of %d:        stock %8.3f s  ours %8.3f s  ours/stock %.3f (target <= 1.10)%n",
        runs, wcStock, wcOurs, wcOurs / wcStock);
    out.printf(Locale.ROOT, "RandomTextWriter rate, median of %d:  stock %8.1f MB/s ours %8.1f MB/s ours/stock %.3f (target >= 1.20)%n",
        runs, rtwStock / 1e6, rtwOurs / 1e6, rtwOurs / rtwStock);
    io.hibenchdse.report.Confidence.Ratio wcRatio = Figures.ratio(seconds.get("wordcount stock"), seconds.get("wordcount ours"));
    io.hibenchdse.report.Confidence.Ratio rtwRatio = Figures.ratio(rates.get("randomtextwriter stock"),
        rates.get("randomtextwriter ours"));
    out.printf("WordCount time, mean ours/stock, 95%% interval, Welch's test: %s%n", Figures.shown(wcRatio));
    out.printf("RandomTextWriter rate, mean ours/stock, 95%% interval, Welch's test: %s%n", Figures.shown(rtwRatio));
    out.printf("WordCount counters equal: %s %s%n", sameWork ? "yes" : "NO", counters.get("ours"));
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("runs", runs);
    figures.put("wordcountSeconds", seconds);
    figures.put("randomtextwriterBytesPerSec", rates);
    figures.put("wordcountRatioOursToStock", wcOurs / wcStock);
    figures.put("randomtextwriterRateRatioOursToStock", rtwOurs / rtwStock);
    figures.put("wordcountMeanRatio", Figures.json(wcRatio));
    figures.put("randomtextwriterMeanRateRatio", Figures.json(rtwRatio));
    figures.put("wordcountCounters", counters);
    figures.put("wordcountCountersEqual", sameWork);
    Figures.write(json, figures);
    FileUtil.fullyDelete(dir);
    return sameWork ? 0 : 1;
  }

  /** The counters that say two WordCounts did the same work. */
  static final TaskCounter[] WORK = {TaskCounter.MAP_INPUT_RECORDS, TaskCounter.MAP_OUTPUT_RECORDS,
      TaskCounter.MAP_OUTPUT_BYTES, TaskCounter.COMBINE_INPUT_RECORDS, TaskCounter.COMBINE_OUTPUT_RECORDS,
      TaskCounter.REDUCE_INPUT_RECORDS, TaskCounter.REDUCE_OUTPUT_RECORDS};

  private static Map<String, Long> work(Map<String, Long> taskCounters) {
    Map<String, Long> c = new LinkedHashMap<>();
    for (TaskCounter t : WORK) {
      c.put(t.name(), taskCounters.get(t.name()));
    }
    return c;
  }

  private static Map<String, Long> work(org.apache.hadoop.mapreduce.Counters counters) {
    Map<String, Long> c = new LinkedHashMap<>();
    for (TaskCounter t : WORK) {
      c.put(t.name(), counters.findCounter(t).getValue());
    }
    return c;
  }

  private static RunResult run(Configuration conf, String workload, String... args) {
    BenchmarkTool tool = HibenchCoreJar.DRIVER.find(workload).newTool();
    Configuration c = new Configuration(conf);
    c.set("hibench.report.dir", new File(System.getProperty("java.io.tmpdir"), "hibench-bench-report").getPath());
    require(WorkloadDriver.run(tool, c, args, System.err) == 0);
    return tool.result();
  }

  private static void require(boolean ok) {
    if (!ok) {
      throw new IllegalStateException("a benchmark step failed");
    }
  }

  private static void require(RunResult r) {
    require(r != null);
  }

}

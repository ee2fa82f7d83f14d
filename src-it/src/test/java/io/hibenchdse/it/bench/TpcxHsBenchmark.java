package io.hibenchdse.it.bench;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.tpcxhs.TpcxHsJar;
import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Hadoop's TeraGen, TeraSort and TeraValidate (hadoop-mapreduce-examples 3.4.2) against HSGen,
 * HSSort and HSValidate on the same row count, local job runner and disk, alternating, medians and
 * ratios per phase. Run it with scripts/bench/tpcxhs.sh.
 */
@Command(name = "tpcxhs.sh", mixinStandardHelpOptions = true)
public final class TpcxHsBenchmark implements Callable<Integer> {
  @Option(names = "--runs", defaultValue = "3", description = "Measured rounds (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--rows", defaultValue = "1000000", description = "Rows, 100 bytes each (default: ${DEFAULT-VALUE}).")
  long rows;

  @Option(names = "--reduces", defaultValue = "2", description = "Reducers of both sorts (default: ${DEFAULT-VALUE}).")
  int reduces;

  @Option(names = "--dir", defaultValue = "target/bench-tpcxhs", description = "Scratch directory (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new TpcxHsBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    Configuration conf = TestData.localConf(new File(dir, "mr"));
    conf.setInt("mapreduce.job.reduces", reduces);
    // the stock tools wait with waitForCompletion (1 or 5 s polls); ours poll every 100 ms
    conf.setInt("mapreduce.client.completion.pollinterval", 100);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    // the local runner gives TeraGen one map (it resets mapreduce.job.maps), so HSGen gets one too
    String r = String.valueOf(rows);
    out.printf("tpcx-hs benchmark: %d rounds, %d rows (%d MB), %d reducers, local job runner, %s%n",
        runs, rows, rows * 100 / 1_000_000, reduces, dir.getAbsolutePath());
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    for (int round = 0; round <= runs; round++) {
      boolean stockFirst = round % 2 == 1;
      for (int turn = 0; turn < 2; turn++) {
        boolean stock = (turn == 0) == stockFirst;
        String tag = stock ? "stock" : "ours";
        String in = path(tag + "-in");
        String sorted = path(tag + "-sorted");
        String report = path(tag + "-report");
        for (String p : new String[] {in, sorted, report}) {
          FileUtil.fullyDelete(new File(p));
        }
        double gen = stock ? stock(conf, new TeraGen(), r, in) : ours(conf, "hsgen", "-rows", r, "-maps", "1", "-replication", "1", in);
        double sort = stock ? stock(conf, new TeraSort(), in, sorted) : ours(conf, "hssort", "-replication", "1", in, sorted);
        double validate = stock ? stock(conf, new TeraValidate(), sorted, report) : ours(conf, "hsvalidate", sorted, report);
        out.printf(Locale.ROOT, "%-8s %-5s gen %7.3f s  sort %7.3f s  validate %7.3f s%n",
            round == 0 ? "warm-up" : "round " + round, tag, gen, sort, validate);
        if (round > 0) {
          seconds.computeIfAbsent(tag + " gen", k -> new ArrayList<>()).add(gen);
          seconds.computeIfAbsent(tag + " sort", k -> new ArrayList<>()).add(sort);
          seconds.computeIfAbsent(tag + " validate", k -> new ArrayList<>()).add(validate);
        }
      }
    }
    out.println();
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("runs", runs);
    figures.put("rows", rows);
    figures.put("seconds", seconds);
    String[][] pairs = {{"gen", "TeraGen", "HSGen"}, {"sort", "TeraSort", "HSSort"}, {"validate", "TeraValidate", "HSValidate"}};
    for (String[] p : pairs) {
      double s = Figures.median(seconds.get("stock " + p[0]));
      double o = Figures.median(seconds.get("ours " + p[0]));
      figures.put(p[2] + "/" + p[1], o / s);
      io.hibenchdse.report.Confidence.Ratio means = Figures.ratio(seconds.get("stock " + p[0]), seconds.get("ours " + p[0]));
      figures.put(p[2] + "/" + p[1] + " means", Figures.json(means));
      out.printf(Locale.ROOT, "%-12s %8.3f s   %-10s %8.3f s   ours/stock %.3f (target <= 1.10); means: %s%n", p[1], s, p[2], o,
          o / s, Figures.shown(means));
    }
    Figures.write(json, figures);
    FileUtil.fullyDelete(dir);
    return 0;
  }

  private String path(String name) {
    return new File(dir, name).getAbsolutePath();
  }

  private static double stock(Configuration conf, Tool tool, String... args) throws Exception {
    long t0 = System.nanoTime();
    if (ToolRunner.run(new Configuration(conf), tool, args) != 0) {
      throw new IllegalStateException(tool.getClass().getSimpleName() + " failed");
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  private double ours(Configuration conf, String workload, String... args) {
    BenchmarkTool tool = TpcxHsJar.DRIVER.find(workload).newTool();
    Configuration c = new Configuration(conf);
    c.set("hibench.report.dir", new File(dir, "report").getPath());
    long t0 = System.nanoTime();
    if (WorkloadDriver.run(tool, c, args, System.err) != 0) {
      throw new IllegalStateException(workload + " failed");
    }
    return (System.nanoTime() - t0) / 1e9;
  }
}

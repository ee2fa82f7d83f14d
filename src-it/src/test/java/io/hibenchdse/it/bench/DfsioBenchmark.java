package io.hibenchdse.it.bench;

import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.TestDFSIO;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Ours against Hadoop's stock TestDFSIO (hadoop-mapreduce-client-jobclient 3.4.2 tests jar) with
 * the same files and sizes on the same local disk and runner, alternating, and {@code dd} moving
 * the same bytes through the page cache as the limit. Run it with scripts/bench/dfsio.sh.
 */
@Command(name = "dfsio.sh", mixinStandardHelpOptions = true)
public final class DfsioBenchmark implements Callable<Integer> {
  @Option(names = "--runs", defaultValue = "9", description = "Measured rounds (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--files", defaultValue = "4", description = "Files, one map each (default: ${DEFAULT-VALUE}).")
  int files;

  @Option(names = "--mb", defaultValue = "256", description = "MB per file (default: ${DEFAULT-VALUE}).")
  int mb;

  @Option(names = "--dir", defaultValue = "target/bench-dfsio", description = "Scratch directory on the disk to measure (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new DfsioBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    dir.mkdirs();
    Configuration conf = TestData.localConf(new File(dir, "mr"));
    conf.setInt("mapreduce.client.completion.pollinterval", 100);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    // Both tools and dd move plain bytes: no CRC32 side files on the local file system.
    FileSystem local = FileSystem.getLocal(conf);
    local.setWriteChecksum(false);
    local.setVerifyChecksum(false);
    out.printf("dfsio benchmark: %d rounds, %d files x %d MB, local job runner (%s maps at once), page cache, %s%n",
        runs, files, mb, conf.get("mapreduce.local.map.tasks.maximum"), dir.getAbsolutePath());

    Map<String, List<Double>> figures = new LinkedHashMap<>();
    for (int round = 0; round <= runs; round++) {
      boolean warmup = round == 0;
      boolean stockFirst = round % 2 == 1;
      for (int turn = 0; turn < 2; turn++) {
        boolean stock = (turn == 0) == stockFirst;
        for (String mode : new String[] {"write", "read"}) {
          double[] classic = stock ? stock(conf, mode) : ours(conf, mode, figures, warmup);
          String tag = (stock ? "stock " : "ours ") + mode;
          out.printf(Locale.ROOT, "%-8s %-11s throughput %8.1f mb/s  average IO rate %8.1f mb/s%n",
              warmup ? "warm-up" : "round " + round, tag, classic[0], classic[1]);
          if (!warmup) {
            figures.computeIfAbsent(tag + " throughput", k -> new ArrayList<>()).add(classic[0]);
            figures.computeIfAbsent(tag + " io rate", k -> new ArrayList<>()).add(classic[1]);
          }
        }
      }
      if (!warmup) {
        int atOnce = conf.getInt("mapreduce.local.map.tasks.maximum", 1);
        double[] dd = dd(atOnce);
        out.printf(Locale.ROOT, "round %d dd          write %8.1f mb/s  read %8.1f mb/s (one of %d streams at once, median)%n",
            round, dd[0], dd[1], atOnce);
        figures.computeIfAbsent("dd write", k -> new ArrayList<>()).add(dd[0]);
        figures.computeIfAbsent("dd read", k -> new ArrayList<>()).add(dd[1]);
      }
    }
    out.println();
    Map<String, Double> ratios = new LinkedHashMap<>();
    for (String mode : new String[] {"write", "read"}) {
      for (String metric : new String[] {"throughput", "io rate"}) {
        double s = Figures.median(figures.get("stock " + mode + " " + metric));
        double o = Figures.median(figures.get("ours " + mode + " " + metric));
        ratios.put(mode + " " + metric + " ours/stock", o / s);
        out.printf(Locale.ROOT, "%-5s %-10s median: stock %8.1f mb/s  ours %8.1f mb/s  ours/stock %.3f (target 0.95..1.05);"
            + " means: %s%n", mode, metric, s, o, o / s,
            Figures.shown(Figures.ratio(figures.get("stock " + mode + " " + metric), figures.get("ours " + mode + " " + metric))));
      }
      double ours = Figures.median(figures.get("ours " + mode + " throughput"));
      double dd = Figures.median(figures.get("dd " + mode));
      ratios.put(mode + " ours/dd", ours / dd);
      out.printf(Locale.ROOT, "%-5s per-stream rate: ours %8.1f mb/s  dd %8.1f mb/s  ours/dd %.3f (target >= 0.90)%n",
          mode, ours, dd, ours / dd);
    }
    double overhead = Figures.median(figures.get("ours sampling overhead %"));
    out.printf(Locale.ROOT, "sampling overhead, median: %.4f %% of task time (target <= 1 %%)%n", overhead);
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("runs", runs);
    all.put("files", files);
    all.put("mbPerFile", mb);
    all.put("figures", figures);
    all.put("ratios", ratios);
    Figures.write(json, all);
    FileUtil.fullyDelete(dir);
    return 0;
  }

  /** Stock TestDFSIO; its figures parsed from its result file. */
  private double[] stock(Configuration conf, String mode) throws Exception {
    Configuration c = new Configuration(conf);
    c.set("test.build.data", new File(dir, "stock").getAbsolutePath());
    File res = new File(dir, "stock-result.txt");
    res.delete();
    int status = ToolRunner.run(c, new TestDFSIO(), new String[] {"-" + mode, "-nrFiles", String.valueOf(files),
        "-size", mb + "MB", "-resFile", res.getPath()});
    if (status != 0) {
      throw new IllegalStateException("stock TestDFSIO -" + mode + " exited with " + status);
    }
    return new double[] {value(res, "Throughput mb/sec:"), value(res, "Average IO rate mb/sec:")};
  }

  private static double value(File res, String label) throws Exception {
    for (String line : Files.readAllLines(res.toPath())) {
      int at = line.indexOf(label);
      if (at >= 0) {
        return Double.parseDouble(line.substring(at + label.length()).trim());
      }
    }
    throw new IllegalStateException(label + " not in " + res);
  }

  private double[] ours(Configuration conf, String mode, Map<String, List<Double>> figures, boolean warmup) {
    Configuration c = new Configuration(conf);
    c.set("test.build.data", new File(dir, "ours").getAbsolutePath());
    RunResult r = Figures.dfsioe(c, mode, files, mb, dir, "-skipAnalyze");
    if (!warmup) {
      figures.computeIfAbsent("ours sampling overhead %", k -> new ArrayList<>())
          .add((Double) r.metrics().get("samplingOverheadPct"));
    }
    return new double[] {(Double) r.metrics().get("throughputMbSec"), (Double) r.metrics().get("averageIoRateMbSec")};
  }

  /**
   * dd writes, then reads, the same files (1 MiB blocks, page cache, like the tools), as many at
   * once as the runner runs maps, so each stream competes as a map does; MB/s of one stream,
   * median over the waves.
   */
  private double[] dd(int atOnce) throws Exception {
    List<Double> write = new ArrayList<>();
    List<Double> read = new ArrayList<>();
    for (int first = 0; first < files; first += atOnce) {
      List<List<String>> writes = new ArrayList<>();
      List<List<String>> reads = new ArrayList<>();
      for (int i = first; i < Math.min(files, first + atOnce); i++) {
        File f = new File(dir, "dd-" + i);
        writes.add(List.of("dd", "if=/dev/zero", "of=" + f, "bs=1M", "count=" + mb));
        reads.add(List.of("dd", "if=" + f, "of=/dev/null", "bs=1M"));
      }
      write.add(mb / time(writes));
      read.add(mb / time(reads));
    }
    for (int i = 0; i < files; i++) {
      new File(dir, "dd-" + i).delete();
    }
    return new double[] {Figures.median(write), Figures.median(read)};
  }

  /** Seconds until the last of the commands, started together, has finished. */
  private static double time(List<List<String>> commands) throws Exception {
    long t0 = System.nanoTime();
    List<Process> running = new ArrayList<>();
    for (List<String> c : commands) {
      running.add(new ProcessBuilder(c).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }
    for (Process p : running) {
      if (p.waitFor() != 0) {
        throw new IllegalStateException("dd failed");
      }
    }
    return (System.nanoTime() - t0) / 1e9;
  }

}

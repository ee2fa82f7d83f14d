package io.hibenchdse.it.bench;

import io.hibenchdse.core.LocalRunner;
import io.hibenchdse.core.TestData;
import io.hibenchdse.hosts.HostsCluster;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What a job costs on YARN beyond its work: the same tiny wordcount on a cluster of hosts
 * ({@code --hosts}: an application master and tasks in containers of their own) and on Hadoop's
 * local job runner in this JVM, both reading the hosts' HDFS, alternating which goes first; prints
 * the hosts' start time, medians and the difference. Run it with scripts/bench/yarn.sh (as root).
 */
@Command(name = "yarn.sh", mixinStandardHelpOptions = true)
public final class YarnOverheadBenchmark implements java.util.concurrent.Callable<Integer> {
  @Option(names = "--runs", defaultValue = "3", description = "Measured runs of each (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--hosts", defaultValue = "2", description = "Worker hosts (default: ${DEFAULT-VALUE}).")
  int hosts;

  @Option(names = "--dir", defaultValue = "target/bench-yarn", description = "Scratch directory (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new YarnOverheadBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    long t0 = System.nanoTime();
    try (HostsCluster cluster = HostsCluster.start(dir.toPath().toAbsolutePath().resolve("hosts"), hosts, null, 1, out)) {
      double startSec = (System.nanoTime() - t0) / 1e9;
      Configuration yarn = cluster.conf();
      Configuration local = LocalRunner.configure(new Configuration(yarn), new File(dir, "local"));
      // tiny's wordcount input: 32 KB of words in two files
      FileSystem fs = FileSystem.get(yarn);
      for (int f = 0; f < 2; f++) {
        try (OutputStream o = fs.create(new Path("/bench/in/part-" + f))) {
          for (int line = 0; line < 1600; line++) {
            o.write(("w" + (line * 31 + f) % 700 + " v" + line % 40 + "\n").getBytes(StandardCharsets.UTF_8));
          }
        }
      }
      Map<String, List<Double>> seconds = new LinkedHashMap<>();
      for (int run = 0; run <= runs; run++) {
        for (int turn = 0; turn < 2; turn++) {
          boolean onYarn = (turn == 0) == (run % 2 == 0);
          String tag = onYarn ? "yarn" : "local";
          Path wcOut = new Path("/bench/out-" + tag);
          fs.delete(wcOut, true);
          long s = System.nanoTime();
          TestData.Outcome o = TestData.run(onYarn ? yarn : local, "wordcount", "/bench/in", wcOut.toString());
          double sec = (System.nanoTime() - s) / 1e9;
          if (o.status != 0) {
            throw new IllegalStateException(tag + " wordcount failed: " + o);
          }
          out.printf(Locale.ROOT, "%s %-5s wordcount %7.3f s%n", run == 0 ? "warm-up" : "run " + run, tag, sec);
          if (run > 0) {
            seconds.computeIfAbsent(tag, k -> new ArrayList<>()).add(sec);
          }
        }
      }
      double onYarn = Figures.median(seconds.get("yarn"));
      double onLocal = Figures.median(seconds.get("local"));
      out.printf(Locale.ROOT, "%d hosts started in %.1f s; tiny wordcount, median of %d: YARN %.2f s, local runner %.2f s,"
          + " YARN's overhead %.2f s (%.1fx)%n", hosts + 1, startSec, runs, onYarn, onLocal, onYarn - onLocal, onYarn / onLocal);
      if (json != null) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("hosts", hosts);
        figures.put("startSec", startSec);
        figures.put("seconds", seconds);
        figures.put("yarnOverheadSec", onYarn - onLocal);
        Figures.write(json, figures);
      }
    } finally {
      FileUtil.fullyDelete(dir);
    }
    return 0;
  }
}

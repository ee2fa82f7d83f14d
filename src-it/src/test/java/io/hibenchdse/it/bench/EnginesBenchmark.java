package io.hibenchdse.it.bench;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.HibenchCoreJar;
import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.spark.SparkFigures;
import io.hibenchdse.tpcxhs.TpcxHsJar;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.mapreduce.TaskCounter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * MapReduce against Spark on the same input, as the suite runs them: wordcount, sort and terasort
 * (HSSort) on the local job runner in this JVM, and spark-wordcount, spark-sort and spark-terasort
 * each in a Spark JVM of its own (bin/hibench, local[N]) with as many shuffle partitions as
 * reduces, on the local file system; alternating which engine goes first, a warm-up round first.
 * Prints each pair's median times and ratio Spark/MapReduce (the jobs' own times), and the Spark
 * JVM's and context's start apart. Run it with scripts/bench/engines.sh.
 */
@Command(name = "engines.sh", mixinStandardHelpOptions = true)
public final class EnginesBenchmark implements java.util.concurrent.Callable<Integer> {
  @Option(names = "--runs", defaultValue = "3", description = "Measured runs of each engine (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--mb", defaultValue = "320", description = "Input of each workload in MB; 320 is HiBench's small (default: ${DEFAULT-VALUE}).")
  long mb;

  @Option(names = "--maps", defaultValue = "4", description = "Input files, one map or partition each (default: ${DEFAULT-VALUE}).")
  int maps;

  @Option(names = "--reduces", defaultValue = "2", description = "Reduces, and Spark's shuffle partitions (default: ${DEFAULT-VALUE}).")
  int reduces;

  @Option(names = "--dir", defaultValue = "target/bench-engines", description = "Scratch directory on the disk to measure (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;

  /** A workload on both engines: the MapReduce tool (of its jar), Spark's, and the input they share. */
  private record Pair(String mapreduce, WorkloadDriver jar, String spark, String input) {}

  public static void main(String[] args) {
    System.exit(new CommandLine(new EnginesBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    Configuration conf = TestData.localConf(new File(dir, "mr"));
    conf.setInt("mapreduce.job.reduces", reduces);
    conf.setInt("mapreduce.client.completion.pollinterval", 100);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    String root = new File(dir, "data").getAbsolutePath();
    Path report = dir.toPath().resolve("report");
    out.printf("engines benchmark: %d runs, %d MB in %d files, %d reduces (Spark's shuffle partitions), local job runner"
        + " against local[%d], %s%n", runs, mb, maps, reduces, Runtime.getRuntime().availableProcessors(), root);
    Configuration gen = new Configuration(conf);
    gen.setLong(RandomTextWriter.TOTAL_BYTES, mb * 1_000_000);
    gen.setLong(RandomTextWriter.BYTES_PER_MAP, mb * 1_000_000 / maps);
    require(mapreduce(gen, HibenchCoreJar.DRIVER, report, "randomtextwriter", root + "/rtw"));
    Configuration hsgen = new Configuration(conf);
    hsgen.setInt("mapreduce.job.maps", maps);
    require(mapreduce(hsgen, TpcxHsJar.DRIVER, report, "hsgen", "-rows", Long.toString(mb * 10_000), root + "/hs"));

    List<Pair> pairs = List.of(new Pair("wordcount", HibenchCoreJar.DRIVER, "spark-wordcount", root + "/rtw"),
        new Pair("sort", HibenchCoreJar.DRIVER, "spark-sort", root + "/rtw"),
        new Pair("hssort", TpcxHsJar.DRIVER, "spark-terasort", root + "/hs"));
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    Map<String, List<Double>> sparkStart = new LinkedHashMap<>();
    Map<String, String> sameWork = new LinkedHashMap<>();
    for (int run = 0; run <= runs; run++) {
      boolean warmup = run == 0;
      for (Pair pair : pairs) {
        for (int turn = 0; turn < 2; turn++) {
          boolean spark = (turn == 0) == (run % 2 == 1);
          String output = root + "/out-" + (spark ? pair.spark() : pair.mapreduce());
          RunResult r = spark ? spark(pair.spark(), report, pair.input(), output)
              : mapreduce(conf, pair.jar(), report, pair.mapreduce(), pair.input(), output);
          require(r);
          FileUtil.fullyDelete(new File(output));
          String line = String.format(Locale.ROOT, "%-8s %-16s %8.3f s", warmup ? "warm-up" : "run " + run,
              spark ? pair.spark() : pair.mapreduce(), r.durationSec());
          if (spark) {
            SparkFigures f = r.metrics(SparkFigures.class);
            double start = f.commandSec() - r.durationSec(); // the JVM's and the context's start, and Spark's own set-up
            line += String.format(Locale.ROOT, " (command %.3f s, context %.3f s)", f.commandSec(), f.contextSec());
            if (!warmup) {
              sparkStart.computeIfAbsent(pair.spark(), k -> new ArrayList<>()).add(start);
            }
            sameWork.put(pair.spark(), Long.toString(f.recordsWritten()));
          } else {
            sameWork.put(pair.mapreduce(), Long.toString(r.counter(TaskCounter.class.getName(), TaskCounter.REDUCE_OUTPUT_RECORDS.name())));
          }
          out.println(line);
          if (!warmup) {
            seconds.computeIfAbsent(spark ? pair.spark() : pair.mapreduce(), k -> new ArrayList<>()).add(r.durationSec());
          }
        }
      }
    }
    out.println();
    boolean same = true;
    Map<String, Double> ratios = new LinkedHashMap<>();
    for (Pair pair : pairs) {
      double mr = Figures.median(seconds.get(pair.mapreduce()));
      double sp = Figures.median(seconds.get(pair.spark()));
      ratios.put(pair.spark(), sp / mr);
      boolean equal = sameWork.get(pair.mapreduce()).equals(sameWork.get(pair.spark()));
      same &= equal;
      out.printf(Locale.ROOT, "%-16s median of %d: MapReduce %8.3f s  Spark %8.3f s  Spark/MapReduce %.3f (means: %s);"
          + " Spark JVM and context start %.3f s apart; output records equal: %s%n", pair.spark(), runs, mr, sp, sp / mr,
          Figures.shown(Figures.ratio(seconds.get(pair.mapreduce()), seconds.get(pair.spark()))),
          Figures.median(sparkStart.get(pair.spark())), equal ? "yes" : "NO");
    }
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("runs", runs);
    figures.put("mb", mb);
    figures.put("seconds", seconds);
    figures.put("sparkStartSeconds", sparkStart);
    figures.put("ratioSparkToMapReduce", ratios);
    figures.put("outputRecords", sameWork);
    Figures.write(json, figures);
    FileUtil.fullyDelete(dir);
    return same ? 0 : 1;
  }

  private static RunResult mapreduce(Configuration conf, WorkloadDriver jar, Path report, String workload, String... args) {
    BenchmarkTool tool = jar.find(workload).newTool();
    Configuration c = new Configuration(conf);
    c.set("hibench.report.dir", report.toString());
    require(WorkloadDriver.run(tool, c, args, System.err) == 0);
    return tool.result();
  }

  /** A Spark workload through bin/hibench, a Spark JVM of its own, as the suite runs it; its record read back. */
  private RunResult spark(String workload, Path report, String input, String output) throws Exception {
    long mark = Files.exists(report.resolve(Results.JSON_FILE)) ? Files.size(report.resolve(Results.JSON_FILE)) : 0;
    Process p = new ProcessBuilder("bin/hibench", workload, "-fs", "file:///", "-D", "hibench.report.dir=" + report,
        "-D", "spark.default.parallelism=" + reduces, input, output).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    require(p.waitFor() == 0);
    List<RunResult> written = Results.since(report, mark);
    require(written.size() == 1);
    return written.get(0);
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

package io.hibenchdse.spark;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.CleanStop;
import io.hibenchdse.core.ClusterNodes;
import io.hibenchdse.core.Formats;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.InputFiles;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.WorkloadDriver;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkExecutorInfo;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Parameters;
import scala.Tuple2;

/**
 * A Spark workload's run, {@code <workload> [options] <input> <output>}: a Spark context made from
 * the run's Hadoop configuration (its {@code spark.*} keys for Spark, every key for the jobs' file
 * systems), the subclass's jobs, and
 * a record whose time is the jobs' own, as Spark's scheduler timed them; the context's start and
 * the whole command's time are in the record beside it. Without {@code spark.master} the jobs run
 * in this JVM on every core ({@code local[N]}).
 */
public abstract class SparkTool extends BenchmarkTool {
  /** Spark's settings that decide what a run measures, recorded with every run. */
  static final List<String> SPARK_KEYS = List.of("spark.master", "spark.submit.deployMode", "spark.default.parallelism",
      "spark.sql.shuffle.partitions", "spark.executor.instances", "spark.executor.cores", "spark.executor.memory",
      "spark.driver.memory", "spark.serializer", "spark.shuffle.compress", "spark.io.compression.codec");
  private static final String LOOPBACK = "127.0.0.1";
  private static final String SPARK_PREFIX = "spark.";
  /** Spark's prefix of the settings it puts in its Hadoop configuration. */
  private static final String HADOOP_PREFIX = "spark.hadoop.";

  @Parameters(index = "0", paramLabel = "<input>", description = "Input directory.")
  protected Path input;

  @Parameters(index = "1", paramLabel = "<output>", description = "Output directory.")
  protected Path output;

  private final SparkWorkload workload;

  protected SparkTool(SparkWorkload workload) {
    this.workload = workload;
  }

  @Override
  protected String reportType() {
    return workload.reportType();
  }

  @Override
  protected List<Path> inputs() {
    return List.of(input);
  }

  @Override
  protected Path output() {
    return output;
  }

  @Override
  protected final void validate(Configuration conf) throws Exception {
    for (Path in : inputs()) {
      if (!in.getFileSystem(conf).exists(in)) {
        return; // the common checks name it
      }
    }
    validateInput(conf);
  }

  /** Checks the input's data, which exists, before anything is touched; throws {@link io.hibenchdse.core.UsageException} on bad data. */
  protected void validateInput(Configuration conf) throws Exception {}

  /** The session the run's jobs use, from {@code builder} (Spark's settings made): a tool adds what it needs. */
  protected SparkSession.Builder session(SparkSession.Builder builder, Configuration conf) throws IOException {
    return builder;
  }

  /** Runs the workload's jobs, which write {@link #output()}: through {@code spark}'s SQL or {@code sc}'s RDDs. */
  protected abstract void runJobs(SparkSession spark, JavaSparkContext sc, Configuration conf) throws Exception;

  @Override
  protected RunResult measure(Configuration conf, CleanStop.Run stop) throws Exception {
    long startMs = System.currentTimeMillis();
    long t0 = System.nanoTime();
    SparkConf sparkConf = sparkConf(conf, "hibench " + commandName());
    SparkJobsListener listener = new SparkJobsListener();
    double contextSec;
    String version;
    SparkConf effective;
    List<String> executorHosts;
    try (SparkSession spark = session(SparkSession.builder().config(sparkConf), conf).getOrCreate()) {
      JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
      contextSec = (System.nanoTime() - t0) / 1e9;
      version = sc.version();
      effective = sc.getConf();
      sc.sc().addSparkListener(listener);
      for (Map.Entry<String, String> e : conf) {
        sc.hadoopConfiguration().set(e.getKey(), e.getValue());
      }
      System.err.printf(Locale.ROOT, "%s: Spark %s on %s, context started in %.1f s%n", commandName(), version,
          sc.master(), contextSec);
      try {
        runJobs(spark, sc, conf);
      } catch (Exception e) {
        CleanStop.awaitIfStopping();
        boolean discarded = stop.discardOutput();
        TrackedInput.ReadFailure read = TrackedInput.in(e); // a task's: Spark's own message names no file
        throw new IOException((read != null ? read.getMessage() : WorkloadDriver.describe(e))
            + (discarded ? "; its partial output was removed" : ""), e);
      }
      executorHosts = executorHosts(sc);
    } // stopping the session's context delivers the listener's last events
    SparkFigures figures = listener.figures(version, sparkConf.get("spark.master"), contextSec,
        (listener.lastEndMs() - ManagementFactory.getRuntimeMXBean().getStartTime()) / 1e3, executorHosts);
    if (!inputs().isEmpty() && figures.recordsRead() == 0) {
      stop.discardOutput();
      throw new IOException("read no records from " + inputs() + ": a run that reads nothing measures nothing");
    }
    RunResult r = newResult(conf, output(), settings(conf, effective));
    r.metrics(figures);
    r.environment(Collections.singletonMap("spark.version", version));
    return r.timed(startMs, listener.lastEndMs(), listener.jobsMillis() * 1_000_000L, InputFiles.bytes(conf, inputs()),
        ClusterNodes.count(conf));
  }

  /**
   * The hosts of the run's executors, as Spark's status tracker knows them: the driver's left out,
   * unless it is the executor (local mode).
   */
  private static List<String> executorHosts(JavaSparkContext sc) {
    String driver = sc.getConf().get("spark.driver.host", "");
    return Arrays.stream(sc.sc().statusTracker().getExecutorInfos()).map(SparkExecutorInfo::host)
        .filter(host -> sc.isLocal() || !host.equals(driver)).distinct().sorted().toList();
  }

  @Override
  protected void printResult(Configuration conf, RunResult r) {
    SparkFigures f = r.metrics(SparkFigures.class);
    System.out.printf(Locale.ROOT, "%s: %,d bytes read in %.3f s (Spark's jobs), %.3f s (command), %,.0f bytes/s (%d node%s)%n",
        commandName(), r.inputBytes(), r.durationSec(), f.commandSec(), r.throughputBytesPerSec(), r.nodes(), r.nodes() == 1 ? "" : "s");
  }

  /**
   * Spark's settings: the run's {@code spark.*} keys and {@code spark-submit}'s, else every core of this JVM, no web UI, and
   * in local mode the driver on the loopback address (Spark would take the first interface's). The
   * run's other settings go to Spark's Hadoop configuration ({@code spark.hadoop.*}), where YARN's
   * client, made with the context, and the executors find them. On YARN containers of this machine
   * (the suite's hosts) the executors run on this JVM's own class path, read in place (Spark's
   * {@code local:} jars), and on nothing of the NodeManagers' Hadoop.
   */
  static SparkConf sparkConf(Configuration conf, String appName) {
    SparkConf s = new SparkConf() // spark-submit's settings, where it started this JVM
        .setIfMissing("spark.master", "local[" + Runtime.getRuntime().availableProcessors() + "]")
        .set("spark.ui.enabled", "false");
    for (Map.Entry<String, String> e : GivenSettings.of(conf)) {
      s.set(e.getKey().startsWith(SPARK_PREFIX) ? e.getKey() : HADOOP_PREFIX + e.getKey(), e.getValue());
    }
    if (s.get("spark.master").startsWith("local")) {
      s.setIfMissing("spark.driver.bindAddress", LOOPBACK).setIfMissing("spark.driver.host", LOOPBACK);
    } else if (s.get("spark.master").equals("yarn") && conf.getBoolean(HibenchConfigKeys.CONTAINERS_ON_THIS_MACHINE, false)) {
      s.setIfMissing("spark.yarn.jars", Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
          .map(entry -> "local:" + new File(entry).getAbsolutePath()).collect(Collectors.joining(",")));
      s.setIfMissing("spark.yarn.populateHadoopClasspath", "false");
    }
    return s.setAppName(appName);
  }

  /**
   * The settings a record keeps: those the run was given (Hadoop's defaults left out: MapReduce's
   * decide nothing about a Spark run) and Spark's as its context had them.
   */
  private static Configuration settings(Configuration conf, SparkConf spark) {
    Configuration settings = GivenSettings.of(conf);
    for (Tuple2<String, String> e : spark.getAll()) {
      if (!e._1().startsWith(HADOOP_PREFIX) && !e._1().equals("spark.yarn.jars")) { // the run's own settings, and a class path
        settings.set(e._1(), e._2());
      }
    }
    return settings;
  }

  @Override
  protected boolean runsMapReduce() {
    return false;
  }

  @Override
  protected List<String> recordedKeys() {
    return SPARK_KEYS;
  }

  /**
   * The lines of {@code inputs}' data files, as MapReduce's tools read them: a SequenceFile's values
   * (RandomTextWriter's), else the text's lines. Hidden and {@code _}-prefixed files are skipped, as
   * Hadoop's input formats skip them.
   */
  protected static JavaRDD<String> lines(JavaSparkContext sc, Configuration conf, List<Path> inputs) throws IOException {
    String paths = inputs.stream().map(Path::toString).collect(Collectors.joining(","));
    Path first = Formats.firstDataFile(conf, inputs);
    if (first != null && Formats.isSequenceFile(conf, first)) {
      return TrackedInput.read(sc, paths, SequenceFileInputFormat.class, Writable.class, Writable.class, sc.hadoopConfiguration())
          .map(kv -> kv._2().toString());
    }
    return TrackedInput.read(sc, paths, TextInputFormat.class, LongWritable.class, Text.class, sc.hadoopConfiguration())
        .map(kv -> kv._2().toString());
  }
}

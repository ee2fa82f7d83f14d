package io.hibenchdse.spark;

import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.node.ChildJvm;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.launcher.JavaModuleOptions;

/**
 * Runs Spark workloads in a JVM of their own, whose class path is Spark's (written by this module's
 * build) and never meets the caller's: the launcher's HDFS, Hive and Cassandra stay out of it. The
 * child gets the caller's flags, the JDK 17 options Spark's own launcher gives its JVMs,
 * HADOOP_CONF_DIR first on its class path and HADOOP_CLASSPATH last, as {@code spark-submit} does.
 */
public final class SparkProcess {
  /** The Spark JVM's main class, by which a process list names it. */
  public static final String MAIN_CLASS = SparkMain.class.getName();
  /**
   * This module's artifact: its build writes the Spark job jar {@code ARTIFACT.jar} beside the
   * module's own, the suite's classes without Spark's, which a user's own {@code spark-submit} takes.
   */
  public static final String ARTIFACT = "spark-runner";
  /** Heap of the Spark JVM: the driver and, in local mode, its executors. */
  static final String HEAP = "-Xmx2g";
  private static final String SPARK_SUBMIT = "org.apache.spark.deploy.SparkSubmit";
  /** The resource beside this class listing Spark's class path, written by this module's build. */
  private static final String CLASS_PATH = "spark.classpath";

  private SparkProcess() {}

  /**
   * Runs one workload in a Spark JVM sharing this process's terminal, {@code jars} on its class path
   * too (a file system's adapter); returns its exit status.
   */
  public static int runOnce(List<String> args, File log, List<Path> jars) throws IOException, InterruptedException {
    return ChildJvm.awaitWithThisJvm(new ProcessBuilder(command(List.of(), log, MAIN_CLASS, args, jars)).inheritIO().start());
  }

  /**
   * Runs one workload in a Spark JVM started under {@code host} (the words that put it on a host of
   * a cluster; none: here), {@code jars} on its class path too, whose output and error lines go to
   * {@code out} as they come; returns its exit status. A stop of this JVM stops it, its partial
   * output removed.
   */
  public static int run(List<String> host, List<String> args, File log, List<Path> jars, PrintStream out)
      throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command(host, log, MAIN_CLASS, args, jars)).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    Thread copy = new Thread(() -> {
      try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          out.println(line);
        }
      } catch (IOException e) {
        out.println("spark-runner: lost the Spark JVM's output: " + e.getMessage());
      }
    }, "spark-output");
    copy.start();
    int status = ChildJvm.awaitWithThisJvm(p);
    copy.join();
    return status;
  }

  /**
   * Runs Spark's own {@code spark-submit} ({@code SparkSubmit}) with {@code args} in a Spark JVM
   * as this class starts them, sharing this process's terminal, so HiBench's Spark lines need no
   * Spark installation; returns its exit status.
   */
  public static int submitOnce(List<String> args, File log) throws IOException, InterruptedException {
    return ChildJvm.awaitWithThisJvm(new ProcessBuilder(command(List.of(), log, SPARK_SUBMIT, args, List.of())).inheritIO().start());
  }

  /**
   * Writes the settings {@code conf} was given (not Hadoop's defaults) to {@code file}, for a Spark
   * JVM's {@code -conf}: the storage and what the suite set, nothing that would read as chosen.
   */
  public static void writeConf(Configuration conf, File file) throws IOException {
    Files.createDirectories(file.toPath().getParent());
    try (OutputStream out = Files.newOutputStream(file.toPath())) {
      GivenSettings.of(conf).writeXml(out);
    }
  }

  /**
   * The files of a Spark JVM's class path as this class starts them, {@code jars} last, without a
   * configuration directory: what a cluster's containers need of Spark, Hadoop and the suite.
   */
  public static List<Path> classPath(List<Path> jars) {
    List<Path> files = new ArrayList<>(ChildJvm.moduleClassPath(SparkProcess.class, CLASS_PATH).stream().map(Path::of).toList());
    files.addAll(jars);
    return files;
  }

  private static List<String> command(List<String> host, File log, String main, List<String> args, List<Path> jars) {
    List<String> command = new ArrayList<>(host);
    command.addAll(ChildJvm.command());
    for (String option : JavaModuleOptions.defaultModuleOptionArray()) {
      // the vector module serves only Spark's ML, and the JVM warns on the console for it
      if (!command.contains(option) && !option.startsWith("--add-modules")) {
        command.add(option);
      }
    }
    command.add(HEAP);
    command.add("-Djava.awt.headless=true");
    command.add("-Dhibench.spark.log=" + log.getAbsolutePath());
    command.add("-D" + HibenchConfigKeys.LOG_DIR + "=" + FailureLog.dir()); // failure traces beside the launcher's
    command.add("-cp");
    StringBuilder classPath = new StringBuilder(ChildJvm.clientClassPath(SparkProcess.class, CLASS_PATH, "HADOOP_CONF_DIR"));
    jars.forEach(j -> classPath.append(File.pathSeparator).append(j));
    command.add(classPath.toString());
    command.add(main);
    command.addAll(args);
    return command;
  }
}

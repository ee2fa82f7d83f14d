package io.hibenchdse.spark;

import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.node.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.spark.launcher.JavaModuleOptions;

/**
 * Runs Spark workloads in a JVM of their own, whose class path is Spark's (written by this module's
 * build) and never meets the caller's: the launcher's HDFS, Hive and Cassandra stay out of it. The
 * child gets the caller's flags, the JDK 17 options Spark's own launcher gives its JVMs,
 * HADOOP_CONF_DIR first on its class path and HADOOP_CLASSPATH last, as {@code spark-submit} does.
 */
public final class SparkProcess {
  /** Heap of the Spark JVM: the driver and, in local mode, its executors. */
  static final String HEAP = "-Xmx2g";

  private SparkProcess() {}

  /** Runs one workload in a Spark JVM sharing this process's terminal; returns its exit status. */
  public static int runOnce(List<String> args, File log) throws IOException, InterruptedException {
    List<String> command = command(log);
    command.addAll(args);
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }

  static List<String> command(File log) {
    List<String> command = ChildJvm.command();
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
    command.add(ChildJvm.clientClassPath(SparkProcess.class, "spark.classpath", "HADOOP_CONF_DIR"));
    command.add(SparkMain.class.getName());
    return command;
  }
}

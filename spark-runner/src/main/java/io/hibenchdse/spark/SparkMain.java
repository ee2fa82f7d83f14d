package io.hibenchdse.spark;

import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** Main class of the Spark JVM ({@link SparkProcess} starts it): {@code <workload> [args]} runs one workload and exits with its status. */
public final class SparkMain {
  static final WorkloadDriver DRIVER = new WorkloadDriver("spark-runner", List.of(
      new Workload(SparkWorkload.WORDCOUNT.workloadName(), SparkWorkload.WORDCOUNT.description(), SparkWordCount::new)));

  private SparkMain() {}

  public static void main(String[] args) {
    int status = DRIVER.run(new Configuration(), args, System.err);
    System.out.flush();
    System.exit(status);
  }
}

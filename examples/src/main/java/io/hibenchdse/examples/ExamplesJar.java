package io.hibenchdse.examples;

import io.hibenchdse.core.WorkloadDriver;
import org.apache.hadoop.conf.Configuration;

/**
 * Main-Class of examples.jar, which replaces hadoop-mapreduce-examples.jar: HiBench's scripts run
 * randomtextwriter, wordcount, sort, teragen and terasort against the one ${HADOOP_EXAMPLES_JAR}.
 */
public final class ExamplesJar {
  public static final WorkloadDriver DRIVER = WorkloadDriver.combined("examples",
      io.hibenchdse.core.HibenchCoreJar.DRIVER, io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER);

  private ExamplesJar() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}

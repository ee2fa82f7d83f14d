package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.HibenchCoreJar;
import io.hibenchdse.core.WorkloadDriver;

/**
 * The suite's jars a step belongs to, by the Maven artifact that builds each (the name the plan
 * prints, and the cluster jar {@code ARTIFACT.jar} a user's {@code hadoop jar} takes), each with
 * what runs its steps: the Hadoop tools of a driver, HiveBench's queries in Hive's JVM, Spark's
 * workloads in a Spark JVM, YCSB's phases in a YCSB JVM.
 */
public enum SuiteJar {
  HIBENCH_CORE(HibenchCoreJar.DRIVER),
  DFSIO_ENHANCED(io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER),
  TPCX_HS(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER),
  HIVE_DATAGEN(io.hibenchdse.hive.HiveDataGenJar.DRIVER),
  HIVE_RUNNER(io.hibenchdse.hive.runner.HiveProcess.ARTIFACT, Runner.HIVE),
  SPARK_RUNNER(io.hibenchdse.spark.SparkProcess.ARTIFACT, Runner.SPARK),
  YCSB(io.hibenchdse.ycsb.YcsbProcess.ARTIFACT, Runner.YCSB);

  /** What runs a step of a jar. */
  public enum Runner { HADOOP, HIVE, SPARK, YCSB }

  private final String artifact;
  private final WorkloadDriver driver;
  private final Runner runner;

  /** The jar of {@code driver}'s Hadoop tools, named as the driver names it. */
  SuiteJar(WorkloadDriver driver) {
    this.artifact = driver.jarName();
    this.driver = driver;
    this.runner = Runner.HADOOP;
  }

  SuiteJar(String artifact, Runner runner) {
    this.artifact = artifact;
    this.driver = null;
    this.runner = runner;
  }

  /** The Maven artifact that builds it. */
  public String artifact() {
    return artifact;
  }

  /** The driver of its Hadoop tools; only for {@link Runner#HADOOP}. */
  public WorkloadDriver driver() {
    if (driver == null) {
      throw new IllegalStateException(artifact + " holds no Hadoop tools");
    }
    return driver;
  }

  public Runner runner() {
    return runner;
  }

  @Override
  public String toString() {
    return artifact;
  }
}

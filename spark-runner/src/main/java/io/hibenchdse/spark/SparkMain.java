package io.hibenchdse.spark;

import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.SiteSettings;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;

/** Main class of the Spark JVM ({@link SparkProcess} starts it): {@code <workload> [args]} runs one workload and exits with its status. */
public final class SparkMain {
  static final WorkloadDriver DRIVER = new WorkloadDriver(SparkProcess.ARTIFACT, List.of(
      workload(SparkWorkload.WORDCOUNT, SparkWordCount::new),
      workload(SparkWorkload.SORT, SparkSort::new),
      workload(SparkWorkload.TERASORT, SparkTeraSort::new),
      workload(SparkWorkload.SCAN, SparkSqlQuery.Scan::new),
      workload(SparkWorkload.AGGREGATION, SparkSqlQuery.Aggregation::new),
      workload(SparkWorkload.JOIN, SparkSqlQuery.Join::new)));

  private SparkMain() {}

  private static Workload workload(SparkWorkload w, Supplier<BenchmarkTool> tool) {
    return new Workload(w.workloadName(), w.description(), tool);
  }

  public static void main(String[] args) {
    ChildJvm.exitWithParent(); // none outlives the launcher, however it ends
    Configuration conf = new Configuration();
    // copied into Spark's Hadoop configuration, which its executors get too
    SiteSettings.all().forEach(conf::set);
    int status = DRIVER.run(conf, args, System.err);
    System.out.flush();
    System.exit(status);
  }
}

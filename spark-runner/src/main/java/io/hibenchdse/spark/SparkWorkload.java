package io.hibenchdse.spark;

/**
 * HiBench's Spark workloads, by the names the suite and {@code bin/hibench} give them, each with
 * HiBench's report type; loading it loads no Spark class, so the launcher can list them.
 */
public enum SparkWorkload {
  WORDCOUNT("spark-wordcount", "ScalaSparkWordcount",
      "Counts the words of the input files (RandomTextWriter's or text) with Spark, as wordcount does with MapReduce."),
  SORT("spark-sort", "ScalaSparkSort",
      "Sorts RandomTextWriter's SequenceFiles by key with Spark, as sort does with MapReduce."),
  TERASORT("spark-terasort", "ScalaSparkTerasort",
      "Sorts TPCx-HS's (TeraGen's) records with Spark, as hssort does with MapReduce; HSValidate checks the output."),
  SCAN("spark-scan", "ScalaSparkScan", "HiveBench scan (scan.sql) through Spark SQL with Hive support."),
  AGGREGATION("spark-aggregation", "ScalaSparkAggregation", "HiveBench aggregation (aggregation.sql) through Spark SQL with Hive support."),
  JOIN("spark-join", "ScalaSparkJoin", "HiveBench join (join.sql) through Spark SQL with Hive support.");

  private final String workloadName;
  private final String reportType;
  private final String description;

  SparkWorkload(String workloadName, String reportType, String description) {
    this.workloadName = workloadName;
    this.reportType = reportType;
    this.description = description;
  }

  /** Command-line name, e.g. {@code spark-wordcount}. */
  public String workloadName() {
    return workloadName;
  }

  /** The Type column of hibench.report, HiBench's name for it: {@code ScalaSparkWordcount}. */
  public String reportType() {
    return reportType;
  }

  public String description() {
    return description;
  }
}

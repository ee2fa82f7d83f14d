package com.intel.hibench.sparkbench.sql;

import io.hibenchdse.spark.HiBenchLines;

/**
 * HiBench 7's Spark SQL entry, {@code ScalaSparkSQLBench <name> <file.hive>}: the statements of the
 * script HiBench's scan, aggregation and join write, through Spark SQL with Hive support.
 */
public final class ScalaSparkSQLBench {
  private ScalaSparkSQLBench() {}

  public static void main(String[] args) {
    HiBenchLines.sql("ScalaSparkSQLBench", args);
  }
}

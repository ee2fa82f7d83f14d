package com.intel.hibench.sparkbench.micro;

import io.hibenchdse.spark.HiBenchLines;
import io.hibenchdse.spark.SparkWorkload;

/** HiBench 7's Spark Sort entry, {@code ScalaSort <input> <output>}: the suite's {@code spark-sort}. */
public final class ScalaSort {
  private ScalaSort() {}

  public static void main(String[] args) {
    HiBenchLines.micro("ScalaSort", SparkWorkload.SORT, args);
  }
}

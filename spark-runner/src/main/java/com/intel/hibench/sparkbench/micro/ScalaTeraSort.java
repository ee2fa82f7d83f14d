package com.intel.hibench.sparkbench.micro;

import io.hibenchdse.spark.HiBenchLines;
import io.hibenchdse.spark.SparkWorkload;

/** HiBench 7's Spark TeraSort entry, {@code ScalaTeraSort <input> <output>}: the suite's {@code spark-terasort}. */
public final class ScalaTeraSort {
  private ScalaTeraSort() {}

  public static void main(String[] args) {
    HiBenchLines.micro("ScalaTeraSort", SparkWorkload.TERASORT, args);
  }
}

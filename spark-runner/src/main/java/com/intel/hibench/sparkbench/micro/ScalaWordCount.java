package com.intel.hibench.sparkbench.micro;

import io.hibenchdse.spark.HiBenchLines;
import io.hibenchdse.spark.SparkWorkload;

/** HiBench 7's Spark WordCount entry, {@code ScalaWordCount <input> <output>}: the suite's {@code spark-wordcount}. */
public final class ScalaWordCount {
  private ScalaWordCount() {}

  public static void main(String[] args) {
    HiBenchLines.micro("ScalaWordCount", SparkWorkload.WORDCOUNT, args);
  }
}

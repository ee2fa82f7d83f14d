/**
 * HiBench 7's Spark micro benchmarks by its class names, so its command lines
 * ({@code spark-submit --class com.intel.hibench.sparkbench.micro.ScalaWordCount JAR IN OUT}) run
 * unchanged against the suite's Spark jar: thin entries into the suite's Spark workloads.
 */
package com.intel.hibench.sparkbench.micro;

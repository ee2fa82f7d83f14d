package io.hibenchdse.spark;

import io.hibenchdse.tpcxhs.RecordInputFormat;
import io.hibenchdse.tpcxhs.RecordOutputFormat;
import io.hibenchdse.tpcxhs.Records;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;

/**
 * HiBench's Spark TeraSort on TPCx-HS's data: HSGen's (TeraGen's) 100-byte records read and
 * written in HSSort's formats, sorted by their 10-byte keys across parts of sampled key ranges, and
 * HSGen's summary carried to the output, so HSValidate checks the order and the checksum as it does
 * HSSort's output.
 */
@Command(name = "spark-terasort", description = "Sorts TPCx-HS's records with Spark.")
public final class SparkTeraSort extends SparkTool {
  public SparkTeraSort() {
    super(SparkWorkload.TERASORT);
  }

  @Override
  protected void validateInput(Configuration conf) throws Exception {
    Records.wholeFiles(conf, inputs());
  }

  @Override
  protected void runJobs(SparkSession spark, JavaSparkContext sc, Configuration conf) throws Exception {
    SortedRecords.sort(sc, qualified(conf, input).toString(), RecordInputFormat.class, qualified(conf, output).toString(),
        RecordOutputFormat.class);
    Records.carrySummary(conf, input, output);
  }
}

package io.hibenchdse.spark;

import io.hibenchdse.core.Formats;
import io.hibenchdse.core.UsageException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;

/**
 * HiBench's Spark Sort, doing the MapReduce sort's work: RandomTextWriter's records sorted by key
 * and written as SequenceFiles of the same Text keys and values, so the two engines' outputs hold
 * the same records in the same order (Spark's across its parts, by sampled key ranges). HiBench's
 * Scala version sorts the values' lines alone.
 */
@Command(name = "spark-sort", description = "Sorts RandomTextWriter's SequenceFiles by key with Spark.")
public final class SparkSort extends SparkTool {
  public SparkSort() {
    super(SparkWorkload.SORT);
  }

  /** The input must be SequenceFiles of Text keys and values, RandomTextWriter's. */
  @Override
  protected void validateInput(Configuration conf) throws Exception {
    Path first = Formats.firstDataFile(conf, inputs());
    if (first == null) {
      return; // the common checks name an input without data
    }
    if (!Formats.isSequenceFile(conf, first)) {
      throw new UsageException(qualified(conf, first) + " is not a SequenceFile: spark-sort sorts RandomTextWriter's SequenceFiles");
    }
    Class<?>[] types = Formats.sequenceFileTypes(conf, first);
    if (types[0] != Text.class || types[1] != Text.class) {
      throw new UsageException(qualified(conf, first) + " holds " + types[0].getSimpleName() + " keys and "
          + types[1].getSimpleName() + " values: spark-sort sorts Text keys and values (RandomTextWriter's)");
    }
  }

  @Override
  protected void runJobs(SparkSession spark, JavaSparkContext sc, Configuration conf) throws Exception {
    SortedRecords.sort(sc, qualified(conf, input).toString(), SequenceFileInputFormat.class, qualified(conf, output).toString(),
        SequenceFileOutputFormat.class);
  }
}

package io.hibenchdse.spark;

import io.hibenchdse.core.TaskFailures;
import java.util.Iterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.spark.api.java.JavaNewHadoopRDD;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * The records of input files whose reading failure names the file, the split's bytes and the
 * record, as the MapReduce tools' failures do ({@code EOFException} alone names nothing): the task
 * throws a {@link ReadFailure}, which the driver finds in the job's failure.
 */
final class TrackedInput {
  private TrackedInput() {}

  /** A task's failure to read its split. */
  static final class ReadFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ReadFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** The records {@code format} reads from {@code paths} (comma-separated), tracked. */
  @SuppressWarnings({"rawtypes", "unchecked"}) // Hadoop's formats are generic over their records; Spark's Java API
  // types the file's RDD as the pair RDD it is
  static <K, V> JavaPairRDD<K, V> read(JavaSparkContext sc, String paths, Class<? extends InputFormat> format, Class<K> keys,
      Class<V> values, Configuration conf) {
    JavaNewHadoopRDD<K, V> file = (JavaNewHadoopRDD<K, V>) sc.newAPIHadoopFile(paths, (Class<InputFormat<K, V>>) format, keys,
        values, conf);
    return JavaPairRDD.fromJavaRDD(file.mapPartitionsWithInputSplit((split, records) -> tracked(split, records), true));
  }

  /** The first read failure in {@code e}'s causes, or null. */
  static ReadFailure in(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ReadFailure) {
        return (ReadFailure) t;
      }
    }
    return null;
  }

  private static <K, V> Iterator<Tuple2<K, V>> tracked(InputSplit split, Iterator<Tuple2<K, V>> records) {
    return new Iterator<>() {
      private long read;

      @Override
      public boolean hasNext() {
        try {
          return records.hasNext(); // Hadoop's reader reads the next record here
        } catch (Exception e) { // an IOException too, which Scala's iterator does not declare
          throw new ReadFailure(TaskFailures.at(TaskFailures.where(split) + " record " + (read + 1), e).getMessage(), e);
        }
      }

      @Override
      public Tuple2<K, V> next() {
        read++;
        return records.next();
      }
    };
  }
}

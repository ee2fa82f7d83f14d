package io.hibenchdse.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * Records of Text keys and values sorted by key in Text's order (unsigned bytes), across
 * partitions of key ranges Spark samples: what MapReduce's sort and TeraSort produce. The records
 * travel as byte arrays (Hadoop's readers reuse their Text, and Text is not Serializable), as
 * HiBench's Spark TeraSort moves them.
 */
final class SortedRecords {
  /** Unsigned lexicographic order of bytes, Text's own; serializable for Spark's range partitioner. */
  static final class UnsignedBytes implements Comparator<byte[]>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public int compare(byte[] a, byte[] b) {
      return Arrays.compareUnsigned(a, b);
    }
  }

  private SortedRecords() {}

  /** Sorts the records {@code inFormat} reads from {@code in} into {@code out}, written by {@code outFormat}. */
  @SuppressWarnings({"rawtypes", "unchecked"}) // Hadoop's formats are generic over their records
  static void sort(JavaSparkContext sc, String in, Class<? extends InputFormat> inFormat, String out,
      Class<? extends OutputFormat> outFormat) {
    JavaPairRDD<Text, Text> records = TrackedInput.read(sc, in, inFormat, Text.class, Text.class, sc.hadoopConfiguration());
    records
        .mapToPair(kv -> new Tuple2<>(kv._1().copyBytes(), kv._2().copyBytes()))
        .sortByKey(new UnsignedBytes(), true)
        .mapToPair(kv -> new Tuple2<>(new Text(kv._1()), new Text(kv._2())))
        .saveAsNewAPIHadoopFile(out, Text.class, Text.class, outFormat, sc.hadoopConfiguration());
  }
}

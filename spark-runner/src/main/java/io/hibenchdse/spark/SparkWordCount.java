package io.hibenchdse.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.StringTokenizer;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import scala.Tuple2;

/**
 * HiBench's Spark WordCount, counting as the suite's MapReduce wordcount counts: each line (a
 * SequenceFile's value) split by {@link StringTokenizer} on whitespace (HiBench's Scala version
 * splits on single spaces), summed per word, written as {@code word<TAB>count} lines, so the two
 * engines' outputs hold the same lines.
 */
@Command(name = "spark-wordcount", description = "Counts the words of the input files with Spark.")
public final class SparkWordCount extends SparkTool {
  public SparkWordCount() {
    super(SparkWorkload.WORDCOUNT);
  }

  @Override
  protected void runJobs(SparkSession spark, JavaSparkContext sc, Configuration conf) throws Exception {
    lines(sc, conf, inputs())
        .flatMap(line -> {
          List<String> words = new ArrayList<>();
          for (StringTokenizer t = new StringTokenizer(line); t.hasMoreTokens(); ) {
            words.add(t.nextToken());
          }
          return words.iterator();
        })
        .mapToPair(word -> new Tuple2<>(word, 1))
        .reduceByKey(Integer::sum)
        .map(count -> count._1() + "\t" + count._2())
        .saveAsTextFile(qualified(conf, output).toString());
  }
}

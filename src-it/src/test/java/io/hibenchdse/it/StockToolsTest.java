package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.TestData;
import java.util.HashSet;
import java.util.Set;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;

/** Ours against Hadoop's own examples (hadoop-mapreduce-examples 3.4.2) on the same HDFS. */
class StockToolsTest extends EmbeddedHdfsTest {
  @Test
  void wordCountDoesExactlyTheStockJobsWork() throws Exception {
    Configuration gen = new Configuration(conf);
    gen.setLong(RandomTextWriter.TOTAL_BYTES, 600_000);
    gen.setLong(RandomTextWriter.BYTES_PER_MAP, 200_000);
    assertEquals(0, TestData.run(gen, "randomtextwriter", "/same/in").status);
    TestData.Outcome ours = TestData.run(conf, "wordcount", "-D", "mapreduce.job.reduces=2", "/same/in", "/same/ours");
    assertEquals(0, ours.status, ours.toString());
    Configuration two = new Configuration(conf);
    two.setInt("mapreduce.job.reduces", 2);
    Counters stock = StockWordCount.run(two, new Path("/same/in"), new Path("/same/stock"));
    for (TaskCounter c : new TaskCounter[] {TaskCounter.MAP_INPUT_RECORDS, TaskCounter.MAP_OUTPUT_RECORDS,
        TaskCounter.MAP_OUTPUT_BYTES, TaskCounter.COMBINE_INPUT_RECORDS, TaskCounter.COMBINE_OUTPUT_RECORDS,
        TaskCounter.REDUCE_INPUT_GROUPS, TaskCounter.REDUCE_INPUT_RECORDS, TaskCounter.REDUCE_OUTPUT_RECORDS}) {
      assertEquals(stock.findCounter(c).getValue(), ours.result.counter(TaskCounter.class.getName(), c.name()), c.name());
    }
    assertTrue(ours.result.counter(TaskCounter.class.getName(), "MAP_OUTPUT_RECORDS") > 30_000, "not a trivial input");
    assertEquals(TestData.readTextCounts(conf, new Path("/same/stock")),
        TestData.readTextCounts(conf, new Path("/same/ours")));
  }

  @Test
  void randomTextWriterHasTheStockRecordShape() throws Exception {
    Configuration c = new Configuration(conf);
    c.setLong(RandomTextWriter.TOTAL_BYTES, 2_000_000);
    c.setLong(RandomTextWriter.BYTES_PER_MAP, 2_000_000);
    assertEquals(0, ToolRunner.run(new Configuration(c), new org.apache.hadoop.examples.RandomTextWriter(),
        new String[] {"/shape/stock"}));
    assertEquals(0, TestData.run(c, "randomtextwriter", "/shape/ours").status);
    Shape stock = shape(new Path("/shape/stock"));
    Shape ours = shape(new Path("/shape/ours"));
    double meanWordBytes = RandomTextWriter.words().stream().mapToInt(String::length).average().getAsDouble();
    // min + nextInt(max - min) words: 5..9 in keys, 10..99 in values, each word and a space.
    double[] expected = {7, 54.5, (7 + 54.5) * (meanWordBytes + 1)};
    String[] what = {"key words", "value words", "record bytes"};
    for (int i = 0; i < expected.length; i++) {
      assertClose(expected[i], 0, stock.stats[i], what[i] + " of stock");
      assertClose(expected[i], 0, ours.stats[i], what[i] + " of ours");
      assertClose(stock.stats[i].getMean(), standardError(stock.stats[i]), ours.stats[i], what[i] + " ours vs stock");
    }
    assertEquals(1000, stock.distinctWords);
    assertEquals(1000, ours.distinctWords);
  }

  /** Means agree within 5 standard errors: random text, so no tighter bound is honest. */
  private static void assertClose(double expected, double expectedError, DescriptiveStatistics actual, String what) {
    double tolerance = 5 * Math.hypot(expectedError, standardError(actual));
    assertEquals(expected, actual.getMean(), tolerance, what + " over " + actual.getN() + " records");
  }

  private static double standardError(DescriptiveStatistics s) {
    return s.getStandardDeviation() / Math.sqrt(s.getN());
  }

  record Shape(DescriptiveStatistics[] stats, int distinctWords) {}

  /** Per record: key words, value words, key+value bytes; and the distinct words seen. */
  private static Shape shape(Path dir) throws Exception {
    DescriptiveStatistics[] stats = {new DescriptiveStatistics(), new DescriptiveStatistics(), new DescriptiveStatistics()};
    Set<String> words = new HashSet<>();
    for (Writable[] kv : TestData.readSequenceFiles(conf, dir)) {
      String[] k = kv[0].toString().split(" ");
      String[] v = kv[1].toString().split(" ");
      stats[0].addValue(k.length);
      stats[1].addValue(v.length);
      stats[2].addValue(((Text) kv[0]).getLength() + ((Text) kv[1]).getLength());
      words.addAll(java.util.Arrays.asList(v));
    }
    return new Shape(stats, words.size());
  }
}

package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.TestData;
import io.hibenchdse.launcher.EmbeddedHdfs;
import java.io.File;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount.IntSumReducer;
import org.apache.hadoop.examples.WordCount.TokenizerMapper;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ours against Hadoop's own examples (hadoop-mapreduce-examples 3.4.2) on the same HDFS. */
class StockToolsTest {
  @TempDir static File dir;
  static EmbeddedHdfs hdfs;
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    hdfs = EmbeddedHdfs.start(new File(dir, "dfs"), 1);
    conf = TestData.localConf(hdfs.conf(), new File(dir, "mr"));
  }

  @AfterAll
  static void stop() {
    hdfs.close();
  }

  /** Stock WordCount as its main() builds it, with HiBench's SequenceFile input. */
  static Counters stockWordCount(Path in, Path out, int reduces) throws Exception {
    Job job = Job.getInstance(conf, "word count");
    job.setJarByClass(org.apache.hadoop.examples.WordCount.class);
    job.setMapperClass(TokenizerMapper.class);
    job.setCombinerClass(IntSumReducer.class);
    job.setReducerClass(IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setNumReduceTasks(reduces);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, out);
    assertTrue(job.waitForCompletion(false));
    return job.getCounters();
  }

  @Test
  void wordCountDoesExactlyTheStockJobsWork() throws Exception {
    Configuration gen = new Configuration(conf);
    gen.setLong(RandomTextWriter.TOTAL_BYTES, 600_000);
    gen.setLong(RandomTextWriter.BYTES_PER_MAP, 200_000);
    assertEquals(0, TestData.run(gen, "randomtextwriter", "/same/in").status);
    TestData.Outcome ours = TestData.run(conf, "wordcount", "-D", "mapreduce.job.reduces=2", "/same/in", "/same/ours");
    assertEquals(0, ours.status, ours.toString());
    Counters stock = stockWordCount(new Path("/same/in"), new Path("/same/stock"), 2);
    for (TaskCounter c : new TaskCounter[] {TaskCounter.MAP_INPUT_RECORDS, TaskCounter.MAP_OUTPUT_RECORDS,
        TaskCounter.MAP_OUTPUT_BYTES, TaskCounter.COMBINE_INPUT_RECORDS, TaskCounter.COMBINE_OUTPUT_RECORDS,
        TaskCounter.REDUCE_INPUT_GROUPS, TaskCounter.REDUCE_INPUT_RECORDS, TaskCounter.REDUCE_OUTPUT_RECORDS}) {
      assertEquals(stock.findCounter(c).getValue(), ours.result.counter(TaskCounter.class.getName(), c.name()), c.name());
    }
    assertTrue(ours.result.counter(TaskCounter.class.getName(), "MAP_OUTPUT_RECORDS") > 50_000);
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
    double[] stock = shape(new Path("/shape/stock"));
    double[] ours = shape(new Path("/shape/ours"));
    String[] what = {"key words", "value words", "record bytes", "distinct words"};
    for (int i = 0; i < stock.length; i++) {
      assertEquals(stock[i], ours[i], stock[i] * 0.02, what[i] + ": stock " + stock[i] + ", ours " + ours[i]);
    }
  }

  /** Mean key words, mean value words, mean key+value bytes, and distinct words seen. */
  private static double[] shape(Path dir) throws Exception {
    long records = 0;
    long keyWords = 0;
    long valueWords = 0;
    long bytes = 0;
    Set<String> words = new HashSet<>();
    for (Writable[] kv : TestData.readSequenceFiles(conf, dir)) {
      String[] k = kv[0].toString().split(" ");
      String[] v = kv[1].toString().split(" ");
      records++;
      keyWords += k.length;
      valueWords += v.length;
      bytes += ((Text) kv[0]).getLength() + ((Text) kv[1]).getLength();
      words.addAll(java.util.Arrays.asList(v));
    }
    return new double[] {(double) keyWords / records, (double) valueWords / records,
        (double) bytes / records, words.size()};
  }
}

package io.hibenchdse.it;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount.IntSumReducer;
import org.apache.hadoop.examples.WordCount.TokenizerMapper;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * Hadoop's stock WordCount (hadoop-mapreduce-examples) configured exactly as its main() does, with
 * the SequenceFile input HiBench passes by -D; its main() exits the JVM, so tests build the job.
 */
public final class StockWordCount {
  private StockWordCount() {}

  /** Runs it and returns its counters; reducers come from {@code mapreduce.job.reduces}. */
  public static Counters run(Configuration conf, Path in, Path out) throws Exception {
    Job job = Job.getInstance(conf, "word count");
    job.setJarByClass(org.apache.hadoop.examples.WordCount.class);
    job.setMapperClass(TokenizerMapper.class);
    job.setCombinerClass(IntSumReducer.class);
    job.setReducerClass(IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    FileInputFormat.addInputPath(job, in);
    FileOutputFormat.setOutputPath(job, out);
    if (!job.waitForCompletion(false)) {
      throw new IllegalStateException("stock WordCount failed: " + job.getStatus().getFailureInfo());
    }
    return job.getCounters();
  }
}

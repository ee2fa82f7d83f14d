package io.hibenchdse.core;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.IntSumReducer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Hadoop's example WordCount, the HiBench way: one {@code (word, 1)} per token of each record's
 * value, a summing combiner and reducer. Reads RandomTextWriter's SequenceFiles or plain text
 * (sniffed unless {@code mapreduce.job.inputformat.class} is set) and writes text unless told
 * otherwise. It does the stock job's work record for record, so its counters and times compare
 * with published HiBench figures; only the tokenizer is faster (it splits bytes, not Strings).
 */
@Command(name = WordCount.NAME, description = "Counts the words of the input files.")
public class WordCount extends JobTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "wordcount";

  @Option(names = "-outFormat", paramLabel = "text|seq|<class>",
      description = "Output format (default: mapreduce.job.outputformat.class, else text).")
  String outFormat;

  @Parameters(arity = "2..*", paramLabel = "<path>", description = "Input paths, then the output directory.")
  List<Path> paths;

  @Override
  protected List<Path> inputs() {
    return paths.subList(0, paths.size() - 1);
  }

  @Override
  protected Path output() {
    return paths.get(paths.size() - 1);
  }

  @Override
  protected void validate(Configuration conf) {
    if (outFormat != null) {
      Formats.output(outFormat);
    }
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    Job job = Job.getInstance(conf, "word count");
    job.setJarByClass(WordCount.class);
    job.setMapperClass(TokenMapper.class);
    job.setCombinerClass(IntSumReducer.class);
    job.setReducerClass(IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    for (Path in : inputs()) {
      FileInputFormat.addInputPath(job, in);
    }
    FileOutputFormat.setOutputPath(job, output());
    if (job.getConfiguration().get(MRJobConfig.INPUT_FORMAT_CLASS_ATTR) == null) {
      Path first = Formats.firstDataFile(conf, inputs());
      if (first != null && Formats.isSequenceFile(conf, first)) {
        job.setInputFormatClass(SequenceFileInputFormat.class);
      }
    }
    if (outFormat != null) {
      job.setOutputFormatClass(Formats.output(outFormat));
    }
    return job;
  }

  /**
   * Emits each token of the value. Splitting the UTF-8 bytes on the ASCII delimiters of
   * {@link java.util.StringTokenizer} (space, tab, newline, carriage return, form feed) gives the
   * stock mapper's tokens for any valid UTF-8, without decoding each record into a String.
   */
  public static class TokenMapper extends TrackingMapper<Object, Text, Text, IntWritable> {
    private static final IntWritable ONE = new IntWritable(1);
    private final Text word = new Text();

    @Override
    protected void map(Object key, Text value, Context context)
        throws IOException, InterruptedException {
      byte[] b = value.getBytes();
      int n = value.getLength();
      int i = 0;
      while (i < n) {
        while (i < n && isDelimiter(b[i])) {
          i++;
        }
        int start = i;
        while (i < n && !isDelimiter(b[i])) {
          i++;
        }
        if (i > start) {
          word.set(b, start, i - start);
          context.write(word, ONE);
        }
      }
    }

    static boolean isDelimiter(byte c) {
      return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }
  }
}

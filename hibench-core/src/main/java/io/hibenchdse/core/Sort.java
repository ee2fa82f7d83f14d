package io.hibenchdse.core;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.InputSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Hadoop's example Sort with HiBench's options: identity map and reduce over SequenceFiles, so the
 * framework's shuffle sorts by key. Key and value classes default to those in the input's header
 * (the stock tool assumes BytesWritable and needs {@code -outKey}/{@code -outValue} for text).
 * Each reducer's output is sorted; with {@code -totalOrder} or one reducer the whole output is.
 */
@Command(name = Sort.NAME, description = "Sorts SequenceFile records by key.")
public class Sort extends InputOutputTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "sort";

  @Option(names = "-r", paramLabel = "<reduces>",
      description = "Reduce tasks (default: mapreduce.job.reduces).")
  Integer reduces;

  @Option(names = "-inFormat", paramLabel = "seq|text|<class>", description = "Input format (default seq).")
  String inFormat = "seq";

  @Option(names = "-outFormat", paramLabel = "seq|text|<class>", description = "Output format (default seq).")
  String outFormat = "seq";

  @Option(names = "-outKey", paramLabel = "<class>", description = "Key class (default: the input's).")
  String outKey;

  @Option(names = "-outValue", paramLabel = "<class>", description = "Value class (default: the input's).")
  String outValue;

  @Option(names = "-totalOrder", arity = "3", paramLabel = "<pcnt> <samples> <maxSplits>",
      description = "Sample the input and partition by key range, so the output is globally sorted.")
  List<String> totalOrder;

  private Path partitionFile;

  @Override
  protected void validate(Configuration conf) {
    if (reduces != null && reduces < 1) {
      throw new UsageException("-r must be at least 1, was " + reduces);
    }
    Formats.input(inFormat);
    Formats.output(outFormat);
    if (outKey != null) {
      load(outKey, "-outKey");
    }
    if (outValue != null) {
      load(outValue, "-outValue");
    }
    if (totalOrder != null) {
      sampler();
    }
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    Job job = Job.getInstance(conf, "sorter");
    job.setJarByClass(Sort.class);
    job.setMapperClass(TrackingMapper.class);
    job.setReducerClass(Reducer.class);
    if (reduces != null) {
      job.setNumReduceTasks(reduces);
    }
    job.setInputFormatClass(Formats.input(inFormat));
    job.setOutputFormatClass(Formats.output(outFormat));
    Class<?>[] types = recordTypes(conf);
    job.setOutputKeyClass(types[0]);
    job.setOutputValueClass(types[1]);
    FileInputFormat.setInputPaths(job, input);
    FileOutputFormat.setOutputPath(job, output);
    if (totalOrder != null) {
      partitionFile = TotalOrder.partition(job, qualified(conf, output), sampler());
    }
    return job;
  }

  private InputSampler.Sampler<Object, Object> sampler() {
    try {
      double pcnt = Double.parseDouble(totalOrder.get(0));
      int samples = Integer.parseInt(totalOrder.get(1));
      int maxSplits = Integer.parseInt(totalOrder.get(2));
      if (!(pcnt > 0 && pcnt <= 1) || samples < 1 || maxSplits < 1) {
        throw new NumberFormatException();
      }
      return new InputSampler.RandomSampler<>(pcnt, samples, maxSplits);
    } catch (NumberFormatException e) {
      throw new UsageException("-totalOrder wants <pcnt in (0,1]> <samples >= 1> <maxSplits >= 1>, got "
          + String.join(" ", totalOrder));
    }
  }

  private Class<?>[] recordTypes(Configuration conf) throws IOException {
    Class<?>[] types = new Class<?>[2];
    Path first = Formats.firstDataFile(conf, inputs());
    if (first != null && Formats.isSequenceFile(conf, first)) {
      types = Formats.sequenceFileTypes(conf, first);
    }
    types[0] = outKey != null ? load(outKey, "-outKey") : types[0];
    types[1] = outValue != null ? load(outValue, "-outValue") : types[1];
    if (types[0] == null || types[1] == null) {
      throw new UsageException("cannot tell the record classes of " + input
          + " (no SequenceFile header); pass -outKey and -outValue");
    }
    return types;
  }

  private static Class<?> load(String name, String option) {
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new UsageException(option + " " + name + ": no such class");
    }
  }

  @Override
  protected void afterJob(Job job) throws IOException {
    TotalOrder.remove(job, partitionFile);
  }
}

package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.InputOutputTool;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TrackingMapper;
import io.hibenchdse.core.TotalOrder;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.InputSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * TPCx-HS's sort, TeraSort's work: identity map and reduce over TeraGen's records, partitioned by
 * key ranges from a sample of the input (Hadoop's InputSampler and TotalOrderPartitioner, as
 * TeraSort samples 100,000 keys from 10 splits), output with replication 3 unless told otherwise.
 * HSGen's summary of the data ({@link Records#SUMMARY}) goes with it to the output.
 */
@Command(name = HsSort.NAME, description = "Sorts the data set with sampled total-order partitioning.")
public class HsSort extends InputOutputTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "hssort";

  @Option(names = "-replication", defaultValue = "3", description = "Replication of the output (default: ${DEFAULT-VALUE}).")
  short replication;

  @Option(names = "-samples", defaultValue = "100000", description = "Keys sampled for the partitions (default: ${DEFAULT-VALUE}).")
  int samples;

  private Path partitions;

  @Override
  protected void validate(Configuration conf) {
    if (replication < 1 || samples < 1) {
      throw new UsageException("-replication and -samples must be at least 1");
    }
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    Records.wholeFiles(conf, inputs());
    Job job = Job.getInstance(conf, "hssort");
    job.getConfiguration().setInt(HibenchConfigKeys.DFS_REPLICATION, replication);
    job.setJarByClass(HsSort.class);
    job.setInputFormatClass(RecordInputFormat.class);
    job.setOutputFormatClass(RecordOutputFormat.class);
    job.setMapperClass(TrackingMapper.class);
    job.setReducerClass(Reducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    FileInputFormat.setInputPaths(job, input);
    FileOutputFormat.setOutputPath(job, output);
    partitions = TotalOrder.partition(job, qualified(conf, output), new InputSampler.SplitSampler<Text, Text>(samples, 10));
    return job;
  }

  @Override
  protected void afterJob(Job job) throws IOException {
    TotalOrder.remove(job, partitions);
  }

  @Override
  protected void completed(Job job, RunResult result) throws IOException {
    Records.carrySummary(job.getConfiguration(), input, output);
    Records.replicate(job.getConfiguration(), output, replication);
    result.storedOn(result.fileSystem(), replication, result.blockSize());
  }
}

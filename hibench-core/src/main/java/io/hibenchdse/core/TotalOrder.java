package io.hibenchdse.core;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.partition.InputSampler;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;

/**
 * Sampled total-order partitioning with Hadoop's own InputSampler and TotalOrderPartitioner, the
 * partition list kept beside the output as {@code .<output>.partitions} while the job runs.
 */
public final class TotalOrder {
  private TotalOrder() {}

  /** Samples the job's input, writes the partition list and sets the partitioner; returns the list's path. */
  public static <K, V> Path partition(Job job, Path qualifiedOutput, InputSampler.Sampler<K, V> sampler)
      throws IOException, InterruptedException, ClassNotFoundException {
    Path partitions = new Path(qualifiedOutput.getParent(), "." + qualifiedOutput.getName() + ".partitions");
    job.setPartitionerClass(TotalOrderPartitioner.class);
    TotalOrderPartitioner.setPartitionFile(job.getConfiguration(), partitions);
    InputSampler.writePartitionFile(job, sampler);
    return partitions;
  }

  /** Removes the partition list after the job. */
  public static void remove(Job job, Path partitions) throws IOException {
    if (partitions != null) {
      partitions.getFileSystem(job.getConfiguration()).delete(partitions, false);
    }
  }
}

package io.hibenchdse.core;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The input of a generator: row numbers {@code [0, rows)} in contiguous ranges, one a map (TeraGen's
 * record generator takes them as keys; RandomTextWriter runs one row a map, its map index). The map
 * count is under its own key: the local job runner resets {@code mapreduce.job.maps} to 1.
 */
public class RowRangeInputFormat extends InputFormat<LongWritable, NullWritable> {
  @Override
  public List<InputSplit> getSplits(JobContext context) {
    long rows = context.getConfiguration().getLong(HibenchConfigKeys.GENERATOR_ROWS, 0);
    int maps = (int) Math.max(1, Math.min(rows, context.getConfiguration().getInt(HibenchConfigKeys.GENERATOR_MAPS, 1)));
    List<InputSplit> splits = new ArrayList<>(maps);
    for (int i = 0; i < maps; i++) {
      long[] range = range(rows, maps, i);
      splits.add(new RangeSplit(range[0], range[1]));
    }
    return splits;
  }

  /**
   * Makes a generator job run {@code maps} maps, each given one row: its map index. The count goes
   * under this format's own key too, since the local job runner loses {@code mapreduce.job.maps}.
   */
  public static void oneRowPerMap(Job job, int maps) {
    Configuration conf = job.getConfiguration();
    conf.setLong(HibenchConfigKeys.GENERATOR_ROWS, maps);
    conf.setInt(HibenchConfigKeys.GENERATOR_MAPS, maps);
    conf.setInt(MRJobConfig.NUM_MAPS, maps);
    job.setInputFormatClass(RowRangeInputFormat.class);
  }

  /**
   * Range {@code i} of {@code rows} split into {@code parts} contiguous ranges: {first, count}. The
   * first ranges take one row more; no {@code rows * i}, which overflows at 10000 TB.
   */
  public static long[] range(long rows, int parts, int i) {
    long base = rows / parts;
    long extra = rows % parts;
    long first = base * i + Math.min(i, extra);
    return new long[] {first, base + (i < extra ? 1 : 0)};
  }

  @Override
  public RecordReader<LongWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
    RangeSplit range = (RangeSplit) split;
    return new RecordReader<LongWritable, NullWritable>() {
      private final LongWritable row = new LongWritable();
      private long done;

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {}

      @Override
      public boolean nextKeyValue() {
        if (done == range.count) {
          return false;
        }
        row.set(range.first + done++);
        return true;
      }

      @Override
      public LongWritable getCurrentKey() {
        return row;
      }

      @Override
      public NullWritable getCurrentValue() {
        return NullWritable.get();
      }

      @Override
      public float getProgress() {
        return range.count == 0 ? 1 : (float) done / range.count;
      }

      @Override
      public void close() {}
    };
  }

  /** Rows {@code [first, first + count)}. */
  public static class RangeSplit extends InputSplit implements Writable {
    long first;
    long count;

    public RangeSplit() {}

    RangeSplit(long first, long count) {
      this.first = first;
      this.count = count;
    }

    @Override
    public long getLength() {
      return 0;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeLong(first);
      out.writeLong(count);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      first = in.readLong();
      count = in.readLong();
    }

    /** What a failed task names as its input. */
    @Override
    public String toString() {
      return "rows " + first + "-" + (first + count);
    }
  }
}

package io.hibenchdse.tpcxhs;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * A reader of the records that start in a file split, as TeraInputFormat assigns them (splits
 * follow blocks, not records): records {@code [start, end)} of the file, read from {@code next}.
 */
abstract class SplitRecords<K, V> extends RecordReader<K, V> {
  protected FSDataInputStream in;
  protected Path file;
  protected long start;
  protected long next;
  protected long end;

  @Override
  public void initialize(InputSplit s, TaskAttemptContext context) throws IOException {
    FileSplit split = (FileSplit) s;
    file = split.getPath();
    start = firstRecord(split.getStart());
    next = start;
    end = firstRecord(split.getStart() + split.getLength());
    in = file.getFileSystem(context.getConfiguration()).open(file);
    in.seek(start * Records.LENGTH);
  }

  @Override
  public float getProgress() {
    return end == start ? 1 : (float) (next - start) / (end - start);
  }

  @Override
  public void close() throws IOException {
    if (in != null) {
      in.close();
    }
  }

  /** Index of the first whole record of a split starting at byte {@code start}. */
  static long firstRecord(long start) {
    return (start + Records.LENGTH - 1) / Records.LENGTH;
  }
}

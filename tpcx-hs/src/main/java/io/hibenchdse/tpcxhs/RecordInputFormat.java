package io.hibenchdse.tpcxhs;

import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * TeraSort's input: each record that starts in the split, its 10-byte key and 90-byte value as
 * Text, read as TeraInputFormat reads them, so HSSort does TeraSort's work. Hadoop 3.4's
 * TeraInputFormat opens files with {@code FileSystem.openFile}, which Hadoop 2.7-3.2 lack; this
 * uses {@code open}, which every line has (the two differ only in read-policy hints to object stores).
 */
public class RecordInputFormat extends FileInputFormat<Text, Text> {
  @Override
  public RecordReader<Text, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new Reader();
  }

  static final class Reader extends SplitRecords<Text, Text> {
    private final byte[] record = new byte[Records.LENGTH];
    private final Text key = new Text();
    private final Text value = new Text();

    @Override
    public boolean nextKeyValue() throws IOException {
      if (next >= end) {
        return false;
      }
      try {
        in.readFully(record, 0, Records.LENGTH);
      } catch (EOFException e) {
        throw new EOFException(file + " ends inside record " + next + ": it was cut or is not TPCx-HS data");
      }
      key.set(record, 0, Records.KEY);
      value.set(record, Records.KEY, Records.LENGTH - Records.KEY);
      next++;
      return true;
    }

    @Override
    public Text getCurrentKey() {
      return key;
    }

    @Override
    public Text getCurrentValue() {
      return value;
    }
  }
}

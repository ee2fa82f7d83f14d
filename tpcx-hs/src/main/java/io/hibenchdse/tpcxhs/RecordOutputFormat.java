package io.hibenchdse.tpcxhs;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * TeraSort's output: key and value bytes back to back, no separators, as TeraOutputFormat writes
 * them, and like it an hsync of each file before close unless {@code mapreduce.terasort.final.sync}
 * is false. Our own, so tpcx-hs.jar bundles no TeraSort class beyond the generator's arithmetic.
 */
public class RecordOutputFormat extends FileOutputFormat<Text, Text> {
  /** TeraSort's key: sync each output file to disk before closing it (default true, as TeraSort's). */
  public static final String FINAL_SYNC = "mapreduce.terasort.final.sync";

  @Override
  public RecordWriter<Text, Text> getRecordWriter(TaskAttemptContext job) throws IOException {
    Path file = getDefaultWorkFile(job, "");
    final FSDataOutputStream out = file.getFileSystem(job.getConfiguration()).create(file);
    final boolean finalSync = job.getConfiguration().getBoolean(FINAL_SYNC, true);
    return new RecordWriter<Text, Text>() {
      @Override
      public void write(Text key, Text value) throws IOException {
        out.write(key.getBytes(), 0, key.getLength());
        out.write(value.getBytes(), 0, value.getLength());
      }

      @Override
      public void close(TaskAttemptContext context) throws IOException {
        if (finalSync) {
          try {
            out.hsync();
          } catch (UnsupportedOperationException e) {
            // erasure-coded HDFS files cannot hsync; TeraOutputFormat goes on too
          }
        }
        out.close();
      }
    };
  }
}

package io.hibenchdse.dfsio;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hibenchdse.core.TrackingMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;

/**
 * One map per file: writes {@code size} bytes to, or reads all of, {@code io_data/<file>} in
 * buffers, sampling the bytes moved, and leaves its samples in {@code <attempts>/<attempt>.json}
 * whether it succeeds or fails, so every attempt shows in the analysis.
 */
public class IoMapper extends TrackingMapper<Text, LongWritable, NullWritable, NullWritable> {
  static final String MODE = "dfsioe.mode";
  static final String DATA_DIR = "dfsioe.data.dir";
  static final String ATTEMPTS_DIR = "dfsioe.attempts.dir";
  static final String BUFFER_SIZE = "dfsioe.buffer.size";
  static final String SAMPLE_INTERVAL = "dfsioe.sample.interval.ms";

  public enum Counters { BYTES_WRITTEN, BYTES_READ }

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  protected void map(Text file, LongWritable size, Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    boolean write = "write".equals(conf.get(MODE));
    byte[] buffer = new byte[conf.getInt(BUFFER_SIZE, 1_000_000)];
    for (int i = 0; i < buffer.length; i++) {
      buffer[i] = (byte) ('0' + i % 50); // TestDFSIO's pattern: compressible data compares fairly
    }
    Path path = new Path(conf.get(DATA_DIR), file.toString());
    FileSystem fs = path.getFileSystem(conf);
    String attempt = context.getTaskAttemptID().toString();
    SampleRecorder samples = null;
    String error = null;
    try {
      // As in TestDFSIO, the clock starts once the stream is open and stops after it is closed,
      // so per-map figures compare with the stock tool's.
      if (write) {
        OutputStream out = fs.create(path, true, buffer.length);
        samples = new SampleRecorder(conf.getLong(SAMPLE_INTERVAL, 500), System.currentTimeMillis());
        try {
          for (long left = size.get(); left > 0; ) {
            int n = (int) Math.min(buffer.length, left);
            out.write(buffer, 0, n);
            left -= n;
            samples.moved(n);
            context.progress();
          }
        } finally {
          out.close();
        }
      } else {
        InputStream in = fs.open(path, buffer.length);
        samples = new SampleRecorder(conf.getLong(SAMPLE_INTERVAL, 500), System.currentTimeMillis());
        try {
          for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            samples.moved(n);
            context.progress();
          }
        } finally {
          in.close();
        }
      }
    } catch (Throwable e) { // every failure, an Error too, marks the attempt as failed
      error = e.toString();
      throw e;
    } finally {
      if (samples == null) {
        samples = new SampleRecorder(1, System.currentTimeMillis());
      }
      AttemptSamples s = samples.finish(attempt, file.toString(), System.currentTimeMillis(), error == null, error);
      Path record = new Path(conf.get(ATTEMPTS_DIR), attempt + ".json");
      try (OutputStream out = record.getFileSystem(conf).create(record, true)) {
        out.write(JSON.writeValueAsString(s).getBytes(StandardCharsets.UTF_8));
      }
      context.getCounter(write ? Counters.BYTES_WRITTEN : Counters.BYTES_READ).increment(s.bytes);
    }
  }
}

package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.InputOutputTool;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TrackingMapper;
import io.hibenchdse.core.Unit;
import io.hibenchdse.core.UsageException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Validates sorted data: keys in order within every split, and across splits and files in file
 * name order; and the record count and checksum (sum of the records' CRC32) equal to the
 * generated data's: as given, or else as HSGen left them beside the data ({@link Records#SUMMARY}).
 * Any fault fails the run with a line naming the file and record.
 */
@Command(name = HsValidate.NAME, description = "Validates global order and the checksum of sorted data.")
public class HsValidate extends InputOutputTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "hsvalidate";

  @Option(names = "-rows", description = "Expected record count (HSGen's).")
  Long rows;

  @Option(names = "-checksum", paramLabel = "<hex>", description = "Expected checksum (HSGen's), hex.")
  String checksum;

  @Override
  protected void validate(Configuration conf) {
    if (rows != null && rows < 1) {
      throw new UsageException("-rows must be at least 1, was " + rows + ": no data is nothing to validate");
    }
    if (checksum != null && !checksum.matches("[0-9a-fA-F]{1,16}")) {
      throw new UsageException("-checksum must be HSGen's checksum in hex, was '" + checksum + "'");
    }
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    Records.wholeFiles(conf, inputs());
    Job job = Job.getInstance(conf, "hsvalidate");
    job.setJarByClass(HsValidate.class);
    job.setInputFormatClass(RecordBlockInputFormat.class);
    // a map emits one line: the default 100 MB sort buffer every map allocates would be waste
    job.getConfiguration().setInt(MRJobConfig.IO_SORT_MB, 1);
    job.setMapperClass(SplitMapper.class);
    job.setReducerClass(OrderReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    FileInputFormat.setInputPaths(job, input);
    FileOutputFormat.setOutputPath(job, output);
    FileOutputFormat.setCompressOutput(job, false); // the report is read back as plain text
    return job;
  }

  /** What HSValidate found in the sorted data: its record count and checksum. */
  public static class Metrics {
    @Figure(Unit.COUNT)
    public long records;
    /** Hex, as HSGen's: equal when no record was lost, added or changed. */
    public String checksum;
  }

  @Override
  protected void completed(Job job, RunResult result) throws Exception {
    long records = -1;
    String sum = null;
    List<String> errors = new ArrayList<>();
    FileSystem fs = output.getFileSystem(job.getConfiguration());
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        fs.open(new Path(output, "part-r-00000")), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        String[] kv = line.split("\t", 2);
        if (kv[0].equals("records")) {
          records = Long.parseLong(kv[1]);
        } else if (kv[0].equals("checksum")) {
          sum = kv[1];
        } else {
          errors.add(kv[1]);
        }
      }
    }
    Metrics m = new Metrics();
    m.records = records;
    m.checksum = sum;
    result.metrics(m);
    if (!errors.isEmpty()) {
      throw new IOException("out of order: " + errors.get(0)
          + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more in " + output + ")" : ""));
    }
    // the kit passes neither: then HSGen's summary, carried here by HSSort, says what to expect
    Records.Summary expected = rows != null || checksum != null ? null : Records.readSummary(job.getConfiguration(), input);
    Long expectedRows = expected != null ? Long.valueOf(expected.rows) : rows;
    String expectedSum = expected != null ? expected.checksum : checksum;
    String source = expected != null ? " (HSGen's, in " + expected.file + ")" : "";
    if (expectedRows != null && records != expectedRows) {
      throw new IOException(fs.makeQualified(input) + " holds " + records + " records, expected " + expectedRows + source);
    }
    if (expectedSum != null && !expectedSum.equalsIgnoreCase(sum)) {
      throw new IOException(fs.makeQualified(input) + " has checksum " + sum + ", expected " + expectedSum + source
          + ": a record was changed, lost or repeated");
    }
    System.out.printf("%s: %s: %d records in order, checksum %s%s%n", commandName(), fs.makeQualified(input), records,
        sum, expectedSum != null ? " as generated" : "");
  }

  /**
   * Checks order within its split and emits the split's summary keyed by file and offset:
   * first and last key, count, checksum, and the first misordered record if any.
   */
  public static class SplitMapper extends TrackingMapper<LongWritable, BytesWritable, Text, Text> {
    private final CRC32 crc = new CRC32();
    private byte[] first;
    private final byte[] last = new byte[Records.KEY];
    private long count;
    private long sum;
    private String error;

    @Override
    protected void map(LongWritable index, BytesWritable block, Context context) {
      byte[] b = block.getBytes();
      int length = block.getLength();
      byte[] previous = last;
      int previousAt = 0;
      if (first == null) {
        first = Arrays.copyOf(b, Records.KEY);
        previous = b; // the split's first record has no previous one: compared with itself
      }
      for (int at = 0; at < length; at += Records.LENGTH) {
        if (error == null && WritableComparator.compareBytes(b, at, Records.KEY, previous, previousAt, Records.KEY) < 0) {
          error = ((FileSplit) context.getInputSplit()).getPath().getName() + " record "
              + (index.get() + at / Records.LENGTH) + ": key " + Records.hex(b, at)
              + " is below the previous key " + Records.hex(previous, previousAt);
        }
        previous = b;
        previousAt = at;
        sum += Records.crc(b, at, crc);
      }
      System.arraycopy(b, previousAt, last, 0, Records.KEY);
      count += length / Records.LENGTH;
      // the framework counted the block as one input record
      context.getCounter(TaskCounter.MAP_INPUT_RECORDS).increment(length / Records.LENGTH - 1);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      FileSplit split = (FileSplit) context.getInputSplit();
      String where = String.format("%s\t%020d", split.getPath().getName(), split.getStart());
      String firstKey = first == null ? "-" : Records.hex(first, 0);
      String lastKey = first == null ? "-" : Records.hex(last, 0);
      context.write(new Text(where), new Text(firstKey + " " + lastKey + " " + count + " "
          + Long.toUnsignedString(sum) + " " + (error == null ? "-" : error)));
    }
  }

  /**
   * The records of a split (those that start in it, as TeraInputFormat's) in blocks of up to
   * {@link #RECORDS} records, keyed by the index in the file of the block's first record. Hadoop
   * reads the file system statistics twice, counts and reports progress for every key a reader
   * hands over: per 100-byte record that costs more than the checks themselves.
   */
  public static class RecordBlockInputFormat extends FileInputFormat<LongWritable, BytesWritable> {
    static final int RECORDS = 1000;

    @Override
    public RecordReader<LongWritable, BytesWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
      return new SplitRecords<LongWritable, BytesWritable>() {
        private final LongWritable index = new LongWritable();
        private final BytesWritable block = new BytesWritable(new byte[RECORDS * Records.LENGTH]);

        @Override
        public boolean nextKeyValue() throws IOException {
          int n = (int) Math.min(RECORDS, end - next);
          if (n == 0) {
            return false;
          }
          in.readFully(block.getBytes(), 0, n * Records.LENGTH); // a cut last record fails here
          block.setSize(n * Records.LENGTH);
          index.set(next);
          next += n;
          return true;
        }

        @Override
        public LongWritable getCurrentKey() {
          return index;
        }

        @Override
        public BytesWritable getCurrentValue() {
          return block;
        }
      };
    }
  }

  /** One reducer: sees the splits in file and offset order, checks each against the one before. */
  public static class OrderReducer extends Reducer<Text, Text, Text, Text> {
    private String previousLast;
    private String previousWhere;
    private long records;
    private long sum;
    private int errors;

    @Override
    protected void reduce(Text where, Iterable<Text> summaries, Context context) throws IOException, InterruptedException {
      String[] at = where.toString().split("\t");
      String place = at[0] + " from byte " + Long.parseLong(at[1]);
      for (Text summary : summaries) {
        String[] s = summary.toString().split(" ", 5);
        long count = Long.parseLong(s[2]);
        records += count;
        sum += Long.parseUnsignedLong(s[3]);
        if (!s[4].equals("-")) {
          context.write(new Text("error" + errors++), new Text(s[4]));
        }
        if (count == 0) {
          continue;
        }
        if (previousLast != null && s[0].compareTo(previousLast) < 0) {
          context.write(new Text("error" + errors++), new Text(at[0] + " record "
              + SplitRecords.firstRecord(Long.parseLong(at[1])) + ": key " + s[0] + " is below the last key "
              + previousLast + " of " + previousWhere));
        }
        previousLast = s[1];
        previousWhere = place;
      }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      context.write(new Text("records"), new Text(Long.toString(records)));
      context.write(new Text("checksum"), new Text(Long.toUnsignedString(sum, 16)));
    }
  }
}

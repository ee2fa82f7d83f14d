package io.hibenchdse.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * HiBench's data generator for WordCount and Sort: a map-only job writing records whose key and
 * value are runs of words drawn uniformly from Hadoop's RandomTextWriter list of 1000 words, each
 * word followed by a space, so word distribution and record sizes match the stock tool's. Unlike
 * the stock tool it is deterministic (map {@code i} draws from a stream seeded by the seed and
 * {@code i}) and builds records from pre-encoded bytes instead of strings.
 */
@Command(name = RandomTextWriter.NAME, description = "Writes random text records.")
public class RandomTextWriter extends JobTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "randomtextwriter";

  public static final String TOTAL_BYTES = "mapreduce.randomtextwriter.totalbytes";
  public static final String BYTES_PER_MAP = "mapreduce.randomtextwriter.bytespermap";
  public static final String MAPS_PER_HOST = "mapreduce.randomtextwriter.mapsperhost";
  public static final String MIN_WORDS_KEY = "mapreduce.randomtextwriter.minwordskey";
  public static final String MAX_WORDS_KEY = "mapreduce.randomtextwriter.maxwordskey";
  public static final String MIN_WORDS_VALUE = "mapreduce.randomtextwriter.minwordsvalue";
  public static final String MAX_WORDS_VALUE = "mapreduce.randomtextwriter.maxwordsvalue";
  public static final String SEED = "mapreduce.randomtextwriter.seed";

  /** More maps than this is a typo, not a data set. */
  static final int MAX_MAPS = 1_000_000;

  /** HiBench 2.x and Hadoop 1 spell the settings this way; they apply when the new key is unset. */
  static final String[][] LEGACY_KEYS = {
    {"test.randomtextwrite.total_bytes", TOTAL_BYTES},
    {"test.randomtextwrite.bytes_per_map", BYTES_PER_MAP},
    {"test.randomtextwrite.maps_per_host", MAPS_PER_HOST},
    {"test.randomtextwrite.min_words_key", MIN_WORDS_KEY},
    {"test.randomtextwrite.max_words_key", MAX_WORDS_KEY},
    {"test.randomtextwrite.min_words_value", MIN_WORDS_VALUE},
    {"test.randomtextwrite.max_words_value", MAX_WORDS_VALUE},
  };

  /**
   * The stock tool's counter group and names (an enum of ours would be named after our class):
   * HiBench 2.2.1's wordcount run.sh reads this group from the job history.
   */
  public static final String COUNTER_GROUP = "org.apache.hadoop.examples.RandomTextWriter$Counters";
  public static final String RECORDS_WRITTEN = "RECORDS_WRITTEN";
  public static final String BYTES_WRITTEN = "BYTES_WRITTEN";

  @Option(names = "-outFormat", paramLabel = "seq|text|<class>",
      description = "Output format: seq (default), text, or an OutputFormat class name.")
  String outFormat = "seq";

  @Parameters(index = "0", paramLabel = "<output>", description = "Output directory.")
  Path output;

  @Override
  protected Path output() {
    return output;
  }

  /** Sizes worked out by {@link #validate}. */
  private long plannedBytesPerMap;
  private int plannedMaps;

  @Override
  protected void validate(Configuration conf) throws Exception {
    for (String[] legacy : LEGACY_KEYS) {
      if (conf.get(legacy[1]) == null && conf.get(legacy[0]) != null) {
        conf.set(legacy[1], conf.get(legacy[0]));
      }
    }
    long bytesPerMap = conf.getLong(BYTES_PER_MAP, 1L << 30);
    if (bytesPerMap <= 0) {
      throw new UsageException(BYTES_PER_MAP + " must be positive, was " + bytesPerMap);
    }
    int mapsPerHost = conf.getInt(MAPS_PER_HOST, 10);
    if (mapsPerHost <= 0) {
      throw new UsageException(MAPS_PER_HOST + " must be positive, was " + mapsPerHost);
    }
    checkWordRange(conf, MIN_WORDS_KEY, 5, MAX_WORDS_KEY, 10);
    checkWordRange(conf, MIN_WORDS_VALUE, 10, MAX_WORDS_VALUE, 100);
    long total = conf.getLong(TOTAL_BYTES, -1);
    if (total < 0 && conf.get(TOTAL_BYTES) != null) {
      throw new UsageException(TOTAL_BYTES + " must not be negative, was " + total);
    }
    if (total < 0) {
      total = mapsPerHost * bytesPerMap * ClusterNodes.count(conf);
    }
    long maps = total / bytesPerMap;
    if (maps == 0 && total > 0) {
      maps = 1;
      bytesPerMap = total;
    }
    if (maps == 0) {
      throw new UsageException("nothing to write: " + TOTAL_BYTES + " is 0");
    }
    if (maps > MAX_MAPS) {
      throw new UsageException(total + " bytes at " + bytesPerMap + " bytes per map needs " + maps
          + " maps, more than " + MAX_MAPS + "; raise " + BYTES_PER_MAP);
    }
    FreeSpace.require(conf, output, maps * bytesPerMap);
    Formats.output(outFormat);
    plannedBytesPerMap = bytesPerMap;
    plannedMaps = (int) maps;
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    Job job = Job.getInstance(conf, "random-text-writer");
    Configuration jc = job.getConfiguration();
    jc.setLong(BYTES_PER_MAP, plannedBytesPerMap);
    RowRangeInputFormat.oneRowPerMap(job, plannedMaps);
    job.setJarByClass(RandomTextWriter.class);
    job.setMapperClass(TextMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(Formats.output(outFormat));
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  private static void checkWordRange(Configuration conf, String minKey, int minDefault,
      String maxKey, int maxDefault) {
    int min = conf.getInt(minKey, minDefault);
    int max = conf.getInt(maxKey, maxDefault);
    if (min < 0 || max < min) {
      throw new UsageException(minKey + "=" + min + " and " + maxKey + "=" + max
          + " are not a word range (0 <= min <= max)");
    }
  }

  @Override
  protected List<String> recordedKeys() {
    return java.util.Arrays.asList(TOTAL_BYTES, BYTES_PER_MAP, HibenchConfigKeys.GENERATOR_MAPS, MIN_WORDS_KEY, MAX_WORDS_KEY,
        MIN_WORDS_VALUE, MAX_WORDS_VALUE, SEED);
  }

  /** Generated bytes are what the run produced: the size of its output. */
  @Override
  protected long processedBytes(Job job) throws IOException {
    return output.getFileSystem(job.getConfiguration()).getContentSummary(output).getLength();
  }

  /** The word list records are drawn from, in order. */
  public static List<String> words() {
    List<String> list = new ArrayList<>(Sentences.WORDS.length);
    for (byte[] w : Sentences.WORDS) {
      list.add(new String(w, StandardCharsets.UTF_8));
    }
    return list;
  }

  /** Draws sentences: {@code n} words from the list, each followed by a space, into a buffer. */
  static final class Sentences {
    private static final byte[][] WORDS = loadWords();
    private final SplittableRandom random;
    private byte[] buf = new byte[4096];

    Sentences(long seed, int mapIndex) {
      // Each map its own stream: same seed, sizes and map count give the same bytes.
      this.random = new SplittableRandom(Seeds.stream(seed, mapIndex));
    }

    int nextInt(int bound) {
      return random.nextInt(bound);
    }

    /** Writes {@code n} random words into {@code into} and returns its length. */
    int sentence(int n, Text into) {
      int len = 0;
      for (int i = 0; i < n; i++) {
        byte[] w = WORDS[random.nextInt(WORDS.length)];
        if (len + w.length + 1 > buf.length) {
          buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + w.length + 1));
        }
        System.arraycopy(w, 0, buf, len, w.length);
        len += w.length;
        buf[len++] = ' ';
      }
      into.set(buf, 0, len);
      return len;
    }

    private static byte[][] loadWords() {
      try (InputStream in = RandomTextWriter.class.getResourceAsStream("words.txt");
           BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        List<byte[]> words = new ArrayList<>();
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          if (!line.isEmpty() && !line.startsWith("#")) {
            words.add(line.getBytes(StandardCharsets.UTF_8));
          }
        }
        return words.toArray(new byte[0][]);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Writes {@code bytespermap} bytes of key and value text, as the stock mapper counts them. */
  public static class TextMapper extends TrackingMapper<LongWritable, NullWritable, Text, Text> {
    @Override
    protected void map(LongWritable mapIndex, NullWritable ignored, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      long remaining = conf.getLong(BYTES_PER_MAP, 1L << 30);
      int minKey = conf.getInt(MIN_WORDS_KEY, 5);
      int keyRange = conf.getInt(MAX_WORDS_KEY, 10) - minKey;
      int minValue = conf.getInt(MIN_WORDS_VALUE, 10);
      int valueRange = conf.getInt(MAX_WORDS_VALUE, 100) - minValue;
      Sentences sentences = new Sentences(conf.getLong(SEED, 0), (int) mapIndex.get());
      Text key = new Text();
      Text value = new Text();
      long records = 0;
      long bytes = 0;
      while (remaining > 0) {
        int keyWords = minKey + (keyRange != 0 ? sentences.nextInt(keyRange) : 0);
        int valueWords = minValue + (valueRange != 0 ? sentences.nextInt(valueRange) : 0);
        int n = sentences.sentence(keyWords, key) + sentences.sentence(valueWords, value);
        context.write(key, value);
        remaining -= n;
        bytes += n;
        if ((++records & 0x3fff) == 0) {
          context.setStatus("wrote " + records + " records");
        }
      }
      context.getCounter(COUNTER_GROUP, RECORDS_WRITTEN).increment(records);
      context.getCounter(COUNTER_GROUP, BYTES_WRITTEN).increment(bytes);
    }
  }
}

package io.hibenchdse.hive;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.JobTool;
import io.hibenchdse.core.RowRangeInputFormat;
import io.hibenchdse.core.TrackingMapper;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * HiBench's Hive data generator with HiBench's command line ({@code HiBench.DataGen -t hive -b BASE
 * -n NAME -m MAPS -r REDS -p PAGES -v USERVISITS -o sequence|text [-c CODEC]}): one job writes
 * {@code BASE/NAME/rankings} and {@code BASE/NAME/uservisits} (docs/workloads.md#datagen-tables). Its maps draw the links of
 * their share of pages and write their share of visits; its reducers count each page's in-links
 * (the pageRank), so no JVM holds more than its share. Keys are page ids (LongWritable) in
 * SequenceFiles, as HiBench writes them; text files hold the rows alone.
 */
@Command(name = "datagen", description = "Generates HiveBench's rankings and uservisits tables (HiBench.DataGen -t hive).")
public class DataGen extends JobTool {
  public static final String SEED = "hibench.datagen.seed";
  static final String PAGES = "hibench.datagen.pages";
  static final String VISITS = "hibench.datagen.visits";
  static final String TEXT = "hibench.datagen.text";
  public static final String RANKINGS = "rankings";
  public static final String USERVISITS = "uservisits";
  static final byte[] DELIMITER = ",".getBytes(StandardCharsets.US_ASCII);
  /** In-link counts of pages below this id are summed in the map before the shuffle: the Zipf head. */
  static final int HEAD_PAGES = 1 << 22;

  public enum Counters { LINKS, RANKINGS_ROWS, USERVISITS_ROWS }

  @Option(names = "-t", defaultValue = "hive", paramLabel = "hive", description = "Data type; only hive (default).")
  String type;

  @Option(names = "-b", required = true, paramLabel = "BASE", description = "Base directory.")
  Path base;

  @Option(names = "-n", required = true, paramLabel = "NAME", description = "Data set name: the tables go to BASE/NAME.")
  String name;

  @Option(names = "-m", paramLabel = "MAPS", description = "Map tasks (default: cores of this machine).")
  int maps = Runtime.getRuntime().availableProcessors();

  @Option(names = "-r", paramLabel = "REDS", description = "Reduce tasks, the rankings files (default: cores of this machine).")
  int reduces = Runtime.getRuntime().availableProcessors();

  @Option(names = "-p", required = true, paramLabel = "PAGES", description = "Pages: rows of rankings.")
  long pages;

  @Option(names = "-v", required = true, paramLabel = "USERVISITS", description = "Rows of uservisits.")
  long visits;

  @Option(names = "-o", defaultValue = "sequence", paramLabel = "sequence|text", description = "File format (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = "-c", paramLabel = "CODEC", description = "Compress the files with this codec class (block compression for SequenceFiles).")
  String codec;

  @Override
  protected String reportType() {
    return "HadoopPrepareHive";
  }

  @Override
  protected Path output() {
    return new Path(base, name);
  }

  @Override
  protected void validate(Configuration conf) {
    if (!"hive".equals(type)) {
      throw new UsageException("-t " + type + ": this jar generates only HiveBench's data (-t hive)");
    }
    if (pages < 1 || pages > Integer.MAX_VALUE) {
      throw new UsageException("-p must be between 1 and " + Integer.MAX_VALUE + " pages, was " + pages);
    }
    if (visits < 1) {
      throw new UsageException("-v must be at least 1 visit, was " + visits);
    }
    if (maps < 1 || reduces < 1) {
      throw new UsageException("-m and -r must be at least 1, were " + maps + " and " + reduces);
    }
    if (!format.equals("sequence") && !format.equals("text")) {
      throw new UsageException("-o must be sequence or text, was " + format);
    }
    if (codec != null) {
      try {
        conf.getClassByName(codec).asSubclass(CompressionCodec.class);
      } catch (ClassNotFoundException | ClassCastException e) {
        throw new UsageException("-c " + codec + " is not a compression codec class");
      }
    }
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    Job job = Job.getInstance(conf, "hive-datagen " + pages + " pages, " + visits + " visits");
    Configuration jc = job.getConfiguration();
    jc.setLong(PAGES, pages);
    jc.setLong(VISITS, visits);
    jc.setBoolean(TEXT, format.equals("text"));
    RowRangeInputFormat.oneRowPerMap(job, maps);
    job.setJarByClass(DataGen.class);
    job.setMapperClass(WebMapper.class);
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(RankingsReducer.class);
    job.setNumReduceTasks(reduces);
    job.setMapOutputKeyClass(LongWritable.class);
    job.setMapOutputValueClass(LongWritable.class);
    Class<? extends Writable> key = format.equals("text") ? NullWritable.class : LongWritable.class;
    @SuppressWarnings("rawtypes")
    Class<? extends org.apache.hadoop.mapreduce.OutputFormat> files =
        format.equals("text") ? TextOutputFormat.class : SequenceFileOutputFormat.class;
    job.setOutputKeyClass(key);
    job.setOutputValueClass(Text.class);
    LazyOutputFormat.setOutputFormatClass(job, files); // only the tables' writers write files
    if (codec != null) {
      FileOutputFormat.setCompressOutput(job, true);
      FileOutputFormat.setOutputCompressorClass(job, conf.getClassByName(codec).asSubclass(CompressionCodec.class));
      SequenceFileOutputFormat.setOutputCompressionType(job, SequenceFile.CompressionType.BLOCK);
    }
    FileOutputFormat.setOutputPath(job, output());
    return job;
  }

  @Override
  protected List<String> recordedKeys() {
    return Arrays.asList(SEED, PAGES, VISITS, HibenchConfigKeys.GENERATOR_MAPS);
  }

  /** Generated bytes are what the run produced: the size of both tables. */
  @Override
  protected long processedBytes(Job job) throws IOException {
    return output().getFileSystem(job.getConfiguration()).getContentSummary(output()).getLength();
  }

  /**
   * A writer of this task's file of a table, {@code <table>/part-m-NNNNN} or {@code part-r-NNNNN}
   * in the task's work directory, committed with the task. MultipleOutputs does the same but also
   * re-reads and re-parses its configuration on every record, which halved the generator's rate.
   */
  static RecordWriter<Writable, Text> tableWriter(TaskInputOutputContext<?, ?, ?, ?> context, String table)
      throws IOException, InterruptedException {
    Configuration conf = new Configuration(context.getConfiguration());
    conf.set("mapreduce.output.basename", table + "/part");
    TaskAttemptContext tableContext = new TaskAttemptContextImpl(conf, context.getTaskAttemptID());
    FileOutputFormat<Writable, Text> format = conf.getBoolean(TEXT, false)
        ? new TextOutputFormat<Writable, Text>() : new SequenceFileOutputFormat<Writable, Text>();
    return format.getRecordWriter(tableContext);
  }

  /**
   * Map {@code i}: the links of its share of pages, in-link counts of the Zipf head summed here and
   * the rest sent as ones (the combiner sums them), and the rows of its share of visits.
   */
  public static class WebMapper extends TrackingMapper<LongWritable, NullWritable, LongWritable, LongWritable> {
    @Override
    protected void map(LongWritable mapIndex, NullWritable ignored, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      long seed = conf.getLong(SEED, 0);
      long pages = conf.getLong(PAGES, 1);
      long visits = conf.getLong(VISITS, 0);
      int maps = conf.getInt(HibenchConfigKeys.GENERATOR_MAPS, 1);
      boolean text = conf.getBoolean(TEXT, false);
      int map = (int) mapIndex.get();
      WebGraph graph = new WebGraph(seed, pages);
      RecordWriter<Writable, Text> out = tableWriter(context, USERVISITS);
      try {
        long[] share = RowRangeInputFormat.range(pages, maps, map);
        long[] head = new long[(int) Math.min(pages, HEAD_PAGES)];
        LongWritable target = new LongWritable();
        LongWritable one = new LongWritable(1);
        WebGraph.Links links = graph.links(map);
        long linkCount = 0;
        for (long p = share[0]; p < share[0] + share[1]; p++) {
          int n = links.of(p);
          long[] targets = links.targets();
          for (int i = 0; i < n; i++) {
            if (targets[i] < head.length) {
              head[(int) targets[i]]++;
            } else {
              target.set(targets[i]);
              context.write(target, one);
            }
          }
          linkCount += n;
        }
        LongWritable count = new LongWritable();
        for (int id = 0; id < head.length; id++) {
          if (head[id] > 0) {
            target.set(id);
            count.set(head[id]);
            context.write(target, count);
          }
        }
        context.getCounter(Counters.LINKS).increment(linkCount);

        long[] mine = RowRangeInputFormat.range(visits, maps, map);
        UserVisits generator = new UserVisits(seed, graph, DELIMITER);
        Text row = new Text();
        LongWritable page = new LongWritable();
        for (long v = mine[0]; v < mine[0] + mine[1]; v++) {
          page.set(generator.visit(v, row));
          out.write(text ? NullWritable.get() : page, row);
          if (((v - mine[0]) & 0xffff) == 0) {
            context.setStatus("uservisits: " + (v - mine[0]) + " of " + mine[1]);
          }
        }
        context.getCounter(Counters.USERVISITS_ROWS).increment(mine[1]);
      } finally {
        out.close(context);
      }
    }
  }

  /** Sums a page's in-links and writes its rankings row. */
  public static class RankingsReducer extends Reducer<LongWritable, LongWritable, Writable, Text> {
    private RecordWriter<Writable, Text> out;
    private WebGraph graph;
    private boolean text;
    private final Text row = new Text();

    @Override
    protected void setup(Context context) throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      graph = new WebGraph(conf.getLong(SEED, 0), conf.getLong(PAGES, 1));
      text = conf.getBoolean(TEXT, false);
      out = tableWriter(context, RANKINGS);
    }

    @Override
    protected void reduce(LongWritable page, Iterable<LongWritable> counts, Context context)
        throws IOException, InterruptedException {
      long inLinks = 0;
      for (LongWritable c : counts) {
        inLinks += c.get();
      }
      row.clear();
      graph.appendRanking(page.get(), inLinks, DELIMITER, row);
      out.write(text ? NullWritable.get() : page, row);
      context.getCounter(Counters.RANKINGS_ROWS).increment(1);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      out.close(context);
    }
  }
}

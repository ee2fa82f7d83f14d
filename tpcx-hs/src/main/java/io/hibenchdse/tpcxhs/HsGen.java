package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.Figure;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.JobTool;
import io.hibenchdse.core.FreeSpace;
import io.hibenchdse.core.RowRangeInputFormat;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TaskFailures;
import io.hibenchdse.core.Unit;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * TPCx-HS's data generator: TeraGen's records (its own generator, {@code TeraGen.SortGenMapper}),
 * so data and checksum equal TeraGen's for the same row count, written with replication 3 unless
 * told otherwise. The row count and checksum (sum of the records' CRC32) are recorded, and left
 * beside the data in {@link Records#SUMMARY} for HSValidate.
 */
@Command(name = HsGen.NAME, description = "Generates the TPCx-HS data set.")
public class HsGen extends JobTool {
  /** The command name: the record's workload and the jar's first argument. */
  public static final String NAME = "hsgen";

  /** What HSGen reports beside its time: the data set it wrote and HSGen's checksum of it. */
  public static class Metrics {
    @Figure(Unit.RATIO)
    public double scaleFactor;
    @Figure(Unit.COUNT)
    public long rows;
    /** The sum of the records' CRC32s mod 2^64, hex: what HSValidate must find. */
    public String checksum;
  }

  @Mixin ScaleOptions size;

  @Option(names = "-replication", defaultValue = "3", description = "Replication of the data (default: ${DEFAULT-VALUE}).")
  short replication;

  @Option(names = "-maps", description = "Map tasks (default: mapreduce.job.maps).")
  Integer maps;

  /** {@code OUT}, or the kit's and TeraGen's {@code ROWS OUT}. */
  @Parameters(arity = "1..2", paramLabel = "[<rows>] <output>", description = "Row count (instead of -rows, as TeraGen and the TPCx-HS kit take it) and the output directory.")
  List<String> positional;

  Path output;

  ScaleFactor scale;

  @Override
  protected Path output() {
    return new Path(positional.get(positional.size() - 1));
  }

  @Override
  protected List<String> recordedKeys() {
    return Arrays.asList(HibenchConfigKeys.GENERATOR_ROWS, HibenchConfigKeys.GENERATOR_MAPS);
  }

  @Override
  protected void validate(Configuration conf) throws IOException {
    output = output();
    if (positional.size() == 2) {
      if (size.rows != null || size.sf != null) {
        throw new UsageException("give the row count once: as <rows> or with -rows/-sf");
      }
      try {
        size.rows = Long.parseLong(positional.get(0));
      } catch (NumberFormatException e) {
        throw new UsageException("<rows> must be a row count, was '" + positional.get(0) + "'");
      }
    }
    scale = size.scale();
    if (replication < 1) {
      throw new UsageException("-replication must be at least 1, was " + replication);
    }
    if (maps != null && maps < 1) {
      throw new UsageException("-maps must be at least 1, was " + maps);
    }
    FreeSpace.require(conf, output, scale.rows * Records.LENGTH, replication);
  }

  @Override
  protected Job createJob(Configuration conf) throws Exception {
    int m = maps != null ? maps : Math.max(1, conf.getInt(MRJobConfig.NUM_MAPS, 2));
    Job job = Job.getInstance(conf, NAME);
    Configuration jc = job.getConfiguration();
    jc.setLong(HibenchConfigKeys.GENERATOR_ROWS, scale.rows);
    jc.setInt(HibenchConfigKeys.GENERATOR_MAPS, m);
    jc.setInt(HibenchConfigKeys.DFS_REPLICATION, replication);
    job.setJarByClass(HsGen.class);
    job.setInputFormatClass(RowRangeInputFormat.class);
    job.setMapperClass(RowsMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(RecordOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  /** TeraGen's generator, whose failure names the rows it was writing (the local runner reports none). */
  public static class RowsMapper extends TeraGen.SortGenMapper {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
      try {
        super.run(context);
      } catch (IOException | RuntimeException e) {
        throw TaskFailures.at(String.valueOf(context.getInputSplit()), e);
      }
    }
  }

  @Override
  protected long processedBytes(Job job) {
    return scale.rows * Records.LENGTH;
  }

  @Override
  protected void completed(Job job, RunResult result) throws Exception {
    Records.replicate(job.getConfiguration(), output, replication);
    result.storedOn(result.fileSystem(), replication, result.blockSize());
    Metrics m = new Metrics();
    m.scaleFactor = scale.sf;
    m.rows = scale.rows;
    m.checksum = Long.toUnsignedString(job.getCounters().findCounter(TeraGen.Counters.CHECKSUM).getValue(), 16);
    Records.writeSummary(job.getConfiguration(), output, new Records.Summary(scale.rows, m.checksum));
    result.metrics(m);
  }
}

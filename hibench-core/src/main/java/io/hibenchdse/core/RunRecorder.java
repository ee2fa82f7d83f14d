package io.hibenchdse.core;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A tool's run as its record holds it, beside the figures: the command with its {@code -D}
 * settings, the options as given or defaulted, the settings that decide what a run measures, the
 * machine, and the file system written with its replication and block size.
 */
final class RunRecorder {
  /** Configuration values recorded in every result when set: they decide what a run measures. */
  static final String[] RECORDED_KEYS = {
    CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, MRConfig.FRAMEWORK_NAME, HibenchConfigKeys.DFS_REPLICATION,
    HibenchConfigKeys.DFS_BLOCK_SIZE, "fs.local.block.size",
    // set by the suite's plan, beside the labels under HibenchConfigKeys.LABEL_PREFIXES
    HibenchConfigKeys.PROFILE, HibenchConfigKeys.PAGE_CACHE,
    // what a NodeManager may hold, where jobs run on YARN
    YarnConfiguration.NM_PMEM_MB,
  };

  /**
   * MapReduce's settings, recorded with a tool whose jobs are MapReduce's: on another engine's
   * record (Spark's) the suite's maps and reduces would read as if that engine had used them.
   */
  static final String[] MAPREDUCE_KEYS = {
    MRJobConfig.NUM_MAPS, MRJobConfig.NUM_REDUCES, MRJobConfig.INPUT_FORMAT_CLASS_ATTR, MRJobConfig.OUTPUT_FORMAT_CLASS_ATTR,
    MRJobConfig.MAP_OUTPUT_COMPRESS, MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC,
    FileOutputFormat.COMPRESS, FileOutputFormat.COMPRESS_CODEC, FileOutputFormat.COMPRESS_TYPE, MRJobConfig.IO_SORT_MB,
    LocalJobRunner.LOCAL_MAX_MAPS, LocalJobRunner.LOCAL_MAX_REDUCES,
    MRJobConfig.MAP_MEMORY_MB, MRJobConfig.REDUCE_MEMORY_MB, MRJobConfig.MR_AM_VMEM_MB,
  };

  private final BenchmarkTool tool;
  private final CommandLine commandLine;
  private final String[] toolArgs;

  /** The recorder of {@code tool}'s run, parsed by {@code commandLine} from {@code toolArgs} (its {@code -D}s taken out). */
  RunRecorder(BenchmarkTool tool, CommandLine commandLine, String[] toolArgs) {
    this.tool = tool;
    this.commandLine = commandLine;
    this.toolArgs = toolArgs;
  }

  /**
   * A record of the run whose file system, replication and block size are those of {@code out},
   * with the run's options and the settings of {@code settings} that decide what it measures.
   */
  RunResult newResult(Configuration conf, Path out, Configuration settings) throws IOException {
    RunResult r = new RunResult(tool.name(), tool.reportType());
    List<String> command = new ArrayList<>();
    command.add(tool.name());
    Definitions.given(conf).forEach((k, v) -> {
      command.add("-D");
      command.add(k + "=" + v);
    });
    command.addAll(Arrays.asList(toolArgs));
    r.command(command);
    r.environment(RunEnvironment.current());
    FileSystem fs = out.getFileSystem(conf);
    r.storedOn(fs.getUri().toString(), fs.getDefaultReplication(out), fs.getDefaultBlockSize(out));
    recordParameters(r);
    recordConfiguration(settings, r);
    return r;
  }

  /** The tool's options and arguments, as given or defaulted. */
  private void recordParameters(RunResult r) {
    for (ArgSpec arg : commandLine.getCommandSpec().args()) {
      if (arg.isOption() && ((OptionSpec) arg).usageHelp()) {
        continue;
      }
      String key = arg.isOption() ? ((OptionSpec) arg).longestName().replaceFirst("^-+", "") : arg.paramLabel().replaceAll("[<>]", "");
      r.parameter(key, plain(arg.getValue()));
    }
  }

  /**
   * The configuration values that decide what a run measures, and the settings the run's file
   * system names as its own ({@link HibenchConfigKeys#FS_RECORDED_KEYS}), as its client uses them.
   */
  private void recordConfiguration(Configuration conf, RunResult r) throws IOException {
    List<String> keys = new ArrayList<>(Arrays.asList(RECORDED_KEYS));
    if (tool.runsMapReduce()) {
      keys.addAll(Arrays.asList(MAPREDUCE_KEYS));
    }
    keys.addAll(tool.recordedKeys());
    for (Map.Entry<String, String> e : conf) {
      for (String prefix : HibenchConfigKeys.LABEL_PREFIXES) {
        if (e.getKey().startsWith(prefix)) {
          keys.add(e.getKey());
        }
      }
    }
    r.configured(values(conf, keys));
    Configuration fsConf = FileSystem.get(URI.create(r.fileSystem()), conf).getConf();
    r.configured(values(fsConf, fsConf.getTrimmedStringCollection(HibenchConfigKeys.FS_RECORDED_KEYS)));
  }

  /** The values {@code conf} has of {@code keys}. */
  private static Map<String, String> values(Configuration conf, Collection<String> keys) {
    Map<String, String> values = new TreeMap<>();
    for (String key : keys) {
      String v = conf.get(key);
      if (v != null) {
        values.put(key, v);
      }
    }
    return values;
  }

  /** Option values as JSON-friendly values (Hadoop's Path is no bean). */
  private static Object plain(Object v) {
    if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
      return v;
    }
    if (v instanceof Collection) {
      List<Object> list = new ArrayList<>();
      for (Object o : (Collection<?>) v) {
        list.add(plain(o));
      }
      return list;
    }
    return String.valueOf(v);
  }
}

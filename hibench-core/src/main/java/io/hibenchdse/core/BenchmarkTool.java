package io.hibenchdse.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The life of a workload's run, so no module writes it again: picocli options after ToolRunner's
 * generic ones ({@link Definitions}), a fast check that the storage answers ({@link Reachability}),
 * inputs that must exist, an output that is refused unless {@code -overwrite} ({@link OutputClaim}),
 * and the measured run's record ({@link RunRecorder}) published through {@link Results}. What is
 * measured is the subclass's: one job ({@link JobTool}) or several (TPCx-HS's phases, a Hive
 * query's jobs).
 */
public abstract class BenchmarkTool extends Configured implements Tool {
  @Option(names = "-overwrite", description = "Replace the output directory if it exists.")
  protected boolean overwrite;

  @Option(names = {"-h", "-help", "--help"}, usageHelp = true, description = "Show this help.")
  boolean help;

  private RunResult result;
  private String commandName;
  private RunRecorder recorder;

  /** Command-line name, e.g. {@code wordcount}: the tool's picocli {@code @Command} name. */
  public String name() {
    return getClass().getAnnotation(picocli.CommandLine.Command.class).name();
  }

  /**
   * The name the user ran the tool by ({@code teragen}, the kit's {@code HSGen}), which its
   * printed lines use; records keep {@link #name()}, so reports group one workload under one name.
   */
  public String commandName() {
    return commandName != null ? commandName : name();
  }

  /** Sets {@link #commandName()}; returns this tool. */
  public BenchmarkTool calledAs(String name) {
    commandName = name;
    return this;
  }

  /** The Type column of hibench.report: {@code Hadoop} and the capitalized name, e.g. {@code HadoopWordcount}. */
  protected String reportType() {
    return "Hadoop" + Character.toUpperCase(name().charAt(0)) + name().substring(1);
  }

  /** Paths the run reads; each must exist (default: none, as for a generator). */
  protected List<Path> inputs() {
    return Collections.emptyList();
  }

  /** The directory the run writes, or null for a tool that only reads (a check). */
  protected abstract Path output();

  /**
   * Checks the parsed options (and what they need: input files, free space) and throws
   * {@link UsageException} on bad input; called once the file systems answer and before anything
   * is touched, so a bad option never costs the user an {@code -overwrite}n output.
   */
  protected void validate(Configuration conf) throws Exception {}

  /**
   * Does the work of options that ask for no measurement (DFSIOE's {@code -clean}) and returns
   * true: the run then ends with status 0 and no result. Called after {@link #validate}.
   */
  protected boolean unmeasured(Configuration conf) throws Exception {
    return false;
  }

  /**
   * The measured run, called once inputs exist and the output is free: does the work and returns
   * its record, which is then published and printed. The clock starts here, covering the setup of
   * the jobs too: HiBench times the whole command.
   */
  protected abstract RunResult measure(Configuration conf, CleanStop.Run stop) throws Exception;

  /**
   * Whether the output holds only this tool's own bookkeeping, replaced on every run without
   * {@code -overwrite} (for example DFSIOE's samples of a read run).
   */
  protected boolean ownsOutput() {
    return false;
  }

  /** Whether this tool's jobs are MapReduce's: its record then carries MapReduce's settings (maps, reduces, sort buffer, ...). */
  protected boolean runsMapReduce() {
    return true;
  }

  /** Configuration keys of this workload recorded in its result beside the common ones. */
  protected List<String> recordedKeys() {
    return Collections.emptyList();
  }

  /** The result of the last successful run, or null. */
  public RunResult result() {
    return result;
  }

  @Override
  public final int run(String[] args) throws Exception {
    CommandLine cl = new CommandLine(this).registerConverter(Path.class, Path::new).setCommandName(commandName());
    String[] toolArgs;
    try {
      toolArgs = Definitions.apply(getConf(), args);
      cl.parseArgs(toolArgs);
    } catch (CommandLine.ParameterException e) {
      throw new UsageException(e.getMessage());
    }
    if (cl.isUsageHelpRequested()) {
      cl.usage(System.out);
      return 0;
    }
    recorder = new RunRecorder(this, cl, toolArgs);
    Configuration conf = LocalRunner.userStaging(getConf());
    List<Path> inputs = inputs();
    Path out = output();
    List<Path> touched = new ArrayList<>(inputs);
    if (out != null) {
      touched.add(out);
    }
    Reachability.check(conf, touched);
    validate(conf);
    for (Path in : inputs) {
      if (!in.getFileSystem(conf).exists(in)) {
        throw new UsageException("input " + qualified(conf, in) + " does not exist");
      }
    }
    if (!inputs.isEmpty()) {
      InputFiles.of(conf, inputs); // refuses inputs with nothing to read or with subdirectories
    }
    if (unmeasured(conf)) {
      return 0;
    }
    if (out != null) {
      OutputClaim.claim(conf, inputs, out, overwrite || ownsOutput());
    }
    try (CleanStop.Run stop = CleanStop.begin(name(), conf, out)) {
      result = measure(conf, stop);
    }
    Results.publish(conf, result);
    printResult(conf, result);
    return 0;
  }

  /** The run's line on stdout: bytes, time, throughput, and where the report went. */
  protected void printResult(Configuration conf, RunResult r) {
    System.out.printf(Locale.ROOT, "%s: %,d bytes in %.3f s, %,.0f bytes/s (%d node%s)%s%n",
        commandName(), r.inputBytes(), r.durationSec(), r.throughputBytesPerSec(), r.nodes(), r.nodes() == 1 ? "" : "s",
        Results.reporting(conf) ? "; " + Results.reportDir(conf).resolve(Results.REPORT_FILE) : "");
  }

  protected static Path qualified(Configuration conf, Path p) throws IOException {
    return p.getFileSystem(conf).makeQualified(p);
  }

  /**
   * A record of this run whose file system, replication and block size are those of {@code out},
   * with the run's command, options and settings, for tools that build their own (one made of
   * many jobs).
   */
  protected RunResult newResult(Configuration conf, Path out) throws IOException {
    return recorder.newResult(conf, out, conf);
  }

  /** As {@link #newResult(Configuration, Path)}, the settings recorded from {@code settings} (a Hive session's). */
  protected RunResult newResult(Configuration conf, Path out, Configuration settings) throws IOException {
    return recorder.newResult(conf, out, settings);
  }
}

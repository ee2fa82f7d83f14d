package io.hibenchdse.core;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.util.Tool;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Option;

/**
 * The plumbing every workload shares, so no module writes it again: picocli options after
 * ToolRunner's generic ones, a fast check that the storage answers, inputs that must exist, an
 * output that is refused unless {@code -overwrite}, and the measured run's record published through
 * {@link Results}. What is measured is the subclass's: one job ({@link JobTool}) or several
 * (TPCx-HS's phases, a Hive query's jobs).
 */
public abstract class BenchmarkTool extends Configured implements Tool {
  /** Worker count the per-node throughput divides by; default: the cluster's node count. */
  public static final String NODES = "hibench.nodes";
  /**
   * Whether a finished job's counters are printed on stderr, as Job.waitForCompletion(true) does
   * (HiBench's scripts grep them); the suite run turns it off to keep its console to progress.
   */
  public static final String PRINT_COUNTERS = "hibench.counters.print";

  /**
   * The node count of the storage a run measures (DataNodes, Cassandra nodes), set by whoever
   * started it (the suite's embedded storage, {@code bin/hibench storage start}'s configuration).
   */
  public static final String STORAGE_NODES = "hibench.storage.nodes";

  /**
   * Whether the storage a run measures syncs a write to disk before acknowledging it ({@code true})
   * or acknowledges it from memory ({@code false}), set by whoever started it: results of storages
   * that differ here do not compare (SPEC §6).
   */
  public static final String STORAGE_FSYNC = "hibench.storage.fsync.before.ack";

  /**
   * How the storage's nodes sync their write-ahead log, as the storage describes it
   * ({@code commitlog_sync periodic 10000ms}, {@code ... group 15ms}, {@code ... batch}), set by
   * whoever started it: what {@link #STORAGE_FSYNC} says, with the period that decides it.
   */
  public static final String STORAGE_COMMIT_LOG = "hibench.storage.commitlog";

  /**
   * Where a file system's own configuration names its settings that decide what a run measures
   * (cfs:// lists its keyspace, replication, consistency levels, ... there, defaults filled in), so
   * they are recorded without this module knowing the file system.
   */
  public static final String FS_RECORDED_KEYS = "hibench.fs.recorded.keys";

  /** Configuration values recorded in every result when set: they decide what a run measures. */
  static final String[] RECORDED_KEYS = {
    "fs.defaultFS", "mapreduce.framework.name", "dfs.replication", "dfs.blocksize",
    "mapreduce.job.maps", "mapreduce.job.reduces",
    "mapreduce.job.inputformat.class", "mapreduce.job.outputformat.class",
    "mapreduce.map.output.compress", "mapreduce.map.output.compress.codec",
    "mapreduce.output.fileoutputformat.compress", "mapreduce.output.fileoutputformat.compress.codec",
    "mapreduce.output.fileoutputformat.compress.type", "mapreduce.task.io.sort.mb",
    "mapreduce.local.map.tasks.maximum", "mapreduce.local.reduce.tasks.maximum",
    "fs.local.block.size",
    // set by the suite's plan, so a summary can group runs of a real cluster too
    "hibench.suite.workload", "hibench.profile", "hibench.suite.command", "hibench.pagecache", STORAGE_NODES, STORAGE_FSYNC,
    STORAGE_COMMIT_LOG,
  };

  /** The launching machine and software, the same for every run of this JVM. */
  private static final Map<String, String> ENVIRONMENT = new LinkedHashMap<>();

  static {
    ENVIRONMENT.put("hadoop", org.apache.hadoop.util.VersionInfo.getVersion());
    ENVIRONMENT.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    ENVIRONMENT.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    ENVIRONMENT.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean) {
      ENVIRONMENT.put("memoryBytes", Long.toString(((com.sun.management.OperatingSystemMXBean) os).getTotalPhysicalMemorySize()));
    }
  }

  /** The launching machine and software, as every record holds them: Hadoop, JVM, OS, cores, memory. */
  public static Map<String, String> environment() {
    return new LinkedHashMap<>(ENVIRONMENT);
  }

  /** The source GenericOptionsParser gives a {@code -D} setting (and so do we). */
  static final String COMMAND_LINE = "from command line";

  @Option(names = "-overwrite", description = "Replace the output directory if it exists.")
  protected boolean overwrite;

  @Option(names = {"-h", "-help", "--help"}, usageHelp = true, description = "Show this help.")
  boolean help;

  private RunResult result;
  private String commandName;
  private CommandLine cl;
  private String[] toolArgs;

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
    return java.util.Collections.emptyList();
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

  /** Configuration keys of this workload recorded in its result beside the common ones. */
  protected List<String> recordedKeys() {
    return java.util.Collections.emptyList();
  }

  /** The result of the last successful run, or null. */
  public RunResult result() {
    return result;
  }

  @Override
  public final int run(String[] args) throws Exception {
    cl = new CommandLine(this).registerConverter(Path.class, Path::new).setCommandName(commandName());
    try {
      toolArgs = definitionsApplied(getConf(), args);
      cl.parseArgs(toolArgs);
    } catch (CommandLine.ParameterException e) {
      throw new UsageException(e.getMessage());
    }
    if (cl.isUsageHelpRequested()) {
      cl.usage(System.out);
      return 0;
    }
    Configuration conf = getConf();
    List<Path> inputs = inputs();
    Path out = output();
    checkReachable(conf, inputs, out);
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
      claimOutput(conf, inputs, out);
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
        commandName(), r.inputBytes, r.durationSec, r.throughputBytesPerSec, r.nodes, r.nodes == 1 ? "" : "s",
        Results.reporting(conf) ? "; " + Results.reportDir(conf).resolve(Results.REPORT_FILE) : "");
  }

  /**
   * The arguments without the {@code -Dkey=value} definitions, which are set in {@code conf}:
   * ToolRunner reads generic options only before the tool's own, and HiBench 7 puts
   * {@code -Dtest.build.data=...} after DFSIOE's options (ToolRunner hands those on split, as
   * {@code -D key=value}). Two kinds of words are dropped, being what HiBench 7's quoting leaves
   * of its {@code -Dmapreduce.map.java.opts="... $MAP_JAVA_OPTS"}: a bare double quote (prepare.sh
   * escapes them, and piped they stay words of their own) and JVM options ({@code -X...}, from the
   * cluster's java opts, which its run_hadoop_job splits off); those are named on stderr, as no
   * option of ours starts with -X.
   */
  static String[] definitionsApplied(Configuration conf, String[] args) {
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String definition = definitionAt(args, i);
      if (definition != null && a.equals("-D")) {
        i++;
      }
      int eq = definition == null ? -1 : definition.indexOf('=');
      if (eq > 0) {
        conf.set(definition.substring(0, eq), definition.substring(eq + 1), COMMAND_LINE);
      } else if (definition != null) {
        throw badDefinition(definition);
      } else if (a.startsWith("-X")) {
        System.err.println("ignoring the JVM option " + a + " among the tool's arguments");
      } else if (!a.equals("\"")) {
        rest.add(a);
      }
    }
    return rest.toArray(new String[0]);
  }

  /** The settings given with {@code -D} on the command line, by key. */
  static Map<String, String> commandLineSettings(Configuration conf) {
    Map<String, String> given = new TreeMap<>();
    for (Map.Entry<String, String> kv : conf) {
      String[] sources = conf.getPropertySources(kv.getKey());
      if (sources != null && Arrays.asList(sources).contains(COMMAND_LINE)) {
        given.put(kv.getKey(), kv.getValue());
      }
    }
    return given;
  }

  /** The {@code key=value} of a {@code -D} at {@code args[i]}: glued, or the next word after a bare -D; else null. */
  static String definitionAt(String[] args, int i) {
    String a = args[i];
    return a.startsWith("-D") && a.length() > 2 ? a.substring(2) : a.equals("-D") && i + 1 < args.length ? args[i + 1] : null;
  }

  static UsageException badDefinition(String definition) {
    return new UsageException("-D needs key=value, was '" + definition + "'");
  }

  /** The schemes of Hadoop RPC file systems, whose clients retry a dead server for minutes. */
  static final Set<String> RPC_SCHEMES = new HashSet<>(Arrays.asList("hdfs", "viewfs", "ofs", "o3fs"));

  /**
   * Fails in seconds, not minutes of IPC retries, when a file system does not answer. A Hadoop RPC
   * client ({@link #RPC_SCHEMES}) is probed through an instance of its own that does not retry, so
   * the job keeps the user's retry settings. Any other file system is probed through the cached
   * instance the job then uses: a second instance would cost, on cfs://, a driver session (0.15 s)
   * at every job.
   */
  static void checkReachable(Configuration conf, List<Path> inputs, Path out) throws IOException {
    Set<URI> roots = new LinkedHashSet<>();
    List<Path> all = new ArrayList<>(inputs);
    if (out != null) {
      all.add(out);
    }
    for (Path p : all) {
      URI u = qualified(conf, p).toUri();
      roots.add(URI.create(u.getScheme() + "://" + (u.getAuthority() == null ? "" : u.getAuthority()) + "/"));
    }
    Configuration probe = new Configuration(conf);
    probe.setInt("ipc.client.connect.max.retries", 0);
    probe.setInt("ipc.client.connect.max.retries.on.timeouts", 0);
    probe.setInt("ipc.client.connect.timeout", 5000);
    for (URI root : roots) {
      try {
        if (RPC_SCHEMES.contains(root.getScheme())) {
          try (FileSystem fs = FileSystem.newInstance(root, probe)) {
            fs.getFileStatus(new Path(root));
          }
        } else {
          FileSystem.get(root, conf).getFileStatus(new Path(root));
        }
      } catch (IOException e) {
        throw new IOException("cannot reach " + root + ": " + WorkloadDriver.describe(e), e);
      }
    }
  }

  private void claimOutput(Configuration conf, List<Path> inputs, Path out) throws IOException {
    FileSystem fs = out.getFileSystem(conf);
    Path qout = qualified(conf, out);
    for (Path in : inputs) {
      Path qin = qualified(conf, in);
      if (within(qin, qout)) {
        throw new UsageException("output " + qout + " holds the input " + qin);
      }
      if (within(qout, qin)) {
        throw new UsageException("output " + qout + " is inside the input " + qin
            + "; the job would read its own output: choose an output outside it");
      }
    }
    if (fs.exists(out)) {
      if (!overwrite && !ownsOutput()) {
        throw new UsageException("output " + qout + " already exists; pass -overwrite to replace it");
      }
      if (!fs.delete(out, true)) {
        throw new IOException("could not delete the existing output " + qout);
      }
    }
  }

  /** Whether {@code p} is {@code dir} or below it. */
  private static boolean within(Path p, Path dir) {
    for (Path q = p; q != null; q = q.getParent()) {
      if (q.equals(dir)) {
        return true;
      }
    }
    return false;
  }

  protected static Path qualified(Configuration conf, Path p) throws IOException {
    return p.getFileSystem(conf).makeQualified(p);
  }

  /**
   * A result of this tool whose file system, replication and block size are those of
   * {@code out}, for tools that build their own record (one made of many jobs).
   */
  protected RunResult newResult(Configuration conf, Path out) throws IOException {
    RunResult r = new RunResult();
    r.workload = name();
    r.type = reportType();
    r.command.add(name());
    commandLineSettings(conf).forEach((k, v) -> {
      r.command.add("-D");
      r.command.add(k + "=" + v);
    });
    r.command.addAll(Arrays.asList(toolArgs));
    r.environment.putAll(ENVIRONMENT);
    FileSystem fs = out.getFileSystem(conf);
    r.fileSystem = fs.getUri().toString();
    r.replication = fs.getDefaultReplication(out);
    r.blockSize = fs.getDefaultBlockSize(out);
    return r;
  }

  /** Puts the tool's options and arguments, as given or defaulted, into its result. */
  protected void recordParameters(RunResult r) {
    for (ArgSpec arg : cl.getCommandSpec().args()) {
      if (arg.isOption() && ((CommandLine.Model.OptionSpec) arg).usageHelp()) {
        continue;
      }
      String key = arg.isOption()
          ? ((CommandLine.Model.OptionSpec) arg).longestName().replaceFirst("^-+", "")
          : arg.paramLabel().replaceAll("[<>]", "");
      r.parameters.put(key, plain(arg.getValue()));
    }
  }

  /**
   * Puts the configuration values that decide what a run measures into its result, and the settings
   * the run's file system names as its own ({@link #FS_RECORDED_KEYS}), as its client uses them.
   */
  protected void recordConfiguration(Configuration conf, RunResult r) throws IOException {
    List<String> keys = new ArrayList<>(java.util.Arrays.asList(RECORDED_KEYS));
    keys.addAll(recordedKeys());
    for (String key : keys) {
      String v = conf.get(key);
      if (v != null) {
        r.configuration.put(key, v);
      }
    }
    if (r.fileSystem != null) {
      Configuration fsConf = FileSystem.get(URI.create(r.fileSystem), conf).getConf();
      for (String key : fsConf.getTrimmedStringCollection(FS_RECORDED_KEYS)) {
        String v = fsConf.get(key);
        if (v != null) {
          r.configuration.put(key, v);
        }
      }
    }
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

  /** Worker nodes: {@code hibench.nodes}, else the cluster's node count (1 for the local runner). */
  protected static int nodes(Configuration conf) {
    int configured = conf.getInt(NODES, 0);
    if (configured > 0) {
      return configured;
    }
    try {
      // a copy: the local runner's Cluster sets mapreduce.job.maps=1 on the conf it is given
      Cluster cluster = new Cluster(new Configuration(conf));
      try {
        return Math.max(1, cluster.getClusterStatus().getTaskTrackerCount());
      } finally {
        cluster.close();
      }
    } catch (IOException e) {
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }
}

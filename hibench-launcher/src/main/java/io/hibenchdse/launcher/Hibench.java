package io.hibenchdse.launcher;

import io.hibenchdse.core.BuildInfo;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cfs.CfsAdmin;
import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.hive.runner.HiveProcess;
import io.hibenchdse.hive.runner.HiveWorkload;
import io.hibenchdse.launcher.deployment.ClusterJar;
import io.hibenchdse.launcher.suite.Suite;
import io.hibenchdse.spark.SparkProcess;
import io.hibenchdse.spark.SparkWorkload;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.util.VersionInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * Main class of {@code bin/hibench}: picocli subcommands for the suite ({@code run}, {@code plan},
 * {@code summary}, {@code compare}), the storage ({@code storage}, {@code cfs}) and every workload,
 * run like {@code hadoop jar} would (local file system and job runner unless {@code -fs},
 * {@code -conf} or HADOOP_CONF_DIR say otherwise). {@code --help} works at every level.
 */
@Command(name = "bin/hibench", subcommands = CommandLine.HelpCommand.class, versionProvider = Hibench.Version.class,
    description = {"The HiBench-DSE suite, its reports and its storage.", "",
        "A workload takes Hadoop's generic options (-D key=value, -conf, -fs) before its own."})
public final class Hibench implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = {"-h", "-help", "--help"}, usageHelp = true, description = "Show this help; bin/hibench COMMAND --help shows a command's.")
  boolean help;

  @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print the suite's version and the commit it was built from.")
  boolean version;

  /** The suite's build, as every record names it, and the Hadoop client it runs jobs with. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      BuildInfo build = BuildInfo.current();
      return new String[] {"hibench-dse " + build.version(), "commit " + build.commit(), "Hadoop client " + VersionInfo.getVersion()};
    }
  }

  private final PrintStream err;

  private Hibench(PrintStream err) {
    this.err = err;
  }

  public static void main(String[] args) {
    // before anything logs: log4j.properties sends the libraries' log there, not to the console
    System.setProperty(HibenchConfigKeys.LOG_DIR, FailureLog.dir().toString());
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command line; every failure is one line on {@code err}, naming the command. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cl = new CommandLine(new Hibench(err));
    cl.addSubcommand("run", new RunCommand(out));
    cl.addSubcommand("plan", new PlanCommand(out, err));
    cl.addSubcommand("summary", new SummaryCommand(out));
    cl.addSubcommand("compare", new CompareCommand(out));
    cl.addSubcommand("storage", StorageCommand.commandLine(out));
    // what follows the command's name is the command's own, its options included
    cl.addSubcommand("monitor", new CommandLine(new MonitorCommand(out)).setStopAtPositional(true));
    cl.addSubcommand("cfs", passThrough("The file system's usage, or a check for what crashed writers left: cfs usage|check [cfs://host:port].",
        a -> cfs(a, out, err)));
    cl.addSubcommand("ycsb", passThrough("YCSB's own command line, run by YCSB's core with this suite's binding: "
        + YcsbCommand.USAGE.substring("bin/hibench ycsb ".length()) + "; without -p hosts= on an embedded Cassandra node.",
        a -> YcsbCommand.run(a, out, err)));
    for (HiveWorkload w : HiveWorkload.values()) {
      cl.addSubcommand(w.workloadName(), passThrough("HiveBench " + w.workloadName()
          + " through Hive, in a JVM of its own: [-D k=v] [-overwrite] INPUT OUTPUT.",
          a -> engine("Hive", HiveProcess::runOnce, w.workloadName(), a, err)));
    }
    for (SparkWorkload w : SparkWorkload.values()) {
      cl.addSubcommand(w.workloadName(), passThrough(w.description() + " In a Spark JVM of its own: [-D k=v] [-overwrite] INPUT OUTPUT.",
          a -> engine("Spark", (command, log) -> SparkProcess.runOnce(command, log, List.of(ClusterJar.cfsAdapter())), w.workloadName(), a, err)));
    }
    cl.addSubcommand("spark-submit", passThrough("Spark's own spark-submit from the suite's Spark jars, no Spark installation:"
        + " HiBench 7's lines, such as --class com.intel.hibench.sparkbench.micro.ScalaWordCount spark-runner/target/spark-runner-*.jar"
        + " INPUT OUTPUT.", a -> engine("Spark", SparkProcess::submitOnce, null, a, err)));
    WorkloadDriver all = Suite.allWorkloads();
    List<String> stockNames = new ArrayList<>();
    for (Workload w : all.workloads()) {
      CommandLine sub = passThrough(w.description(), a -> workload(w, a, err));
      // the stock tools' own names (HSGen, HiBench.DataGen, ...) answer too, but would crowd the list
      if (!w.name().matches("[a-z]+")) {
        sub.getCommandSpec().usageMessage().hidden(true);
        stockNames.add(w.name());
      }
      cl.addSubcommand(w.name(), sub);
    }
    cl.getCommandSpec().usageMessage().footer("", "The stock tools' names run the same workloads: " + String.join(", ", stockNames) + ".");
    cl.setUsageHelpWidth(100);
    cl.setCaseInsensitiveEnumValuesAllowed(true); // --commitlog group as well as GROUP
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    cl.setParameterExceptionHandler((e, a) -> {
      if (e instanceof CommandLine.UnmatchedArgumentException u && e.getCommandLine().getParent() == null
          && !u.getUnmatched().isEmpty()) {
        List<String> like = u.getSuggestions();
        err.println("hibench: unknown command or workload '" + u.getUnmatched().get(0) + "'"
            + (like.isEmpty() ? "" : "; did you mean " + String.join(" or ", like) + "?") + " (bin/hibench --help lists them)");
      } else {
        err.println(name(e.getCommandLine()) + ": " + e.getMessage());
      }
      return WorkloadDriver.USAGE;
    });
    cl.setExecutionExceptionHandler((e, c, p) -> {
      if (e instanceof UsageException) {
        err.println(name(c) + ": " + e.getMessage());
        return WorkloadDriver.USAGE;
      }
      err.println(WorkloadDriver.failureLine(name(c), e));
      return WorkloadDriver.FAILED;
    });
    return cl.execute(args);
  }

  /** Without a command: the usage, on stderr, as a mistake. */
  @Override
  public Integer call() {
    spec.commandLine().usage(err);
    return WorkloadDriver.USAGE;
  }

  /** {@code hibench} and the command given, as failure lines start: {@code hibench run}, {@code hibench storage}. */
  private static String name(CommandLine c) {
    if (c.getParent() == null) {
      return "hibench";
    }
    while (c.getParent().getParent() != null) {
      c = c.getParent();
    }
    return "hibench " + c.getCommandName();
  }

  /**
   * A command whose arguments go as they are to a parser of its own (Hadoop's generic options, the
   * workload's picocli options, {@code --help} included).
   */
  @Command
  static final class PassThrough implements Callable<Integer> {
    @Parameters(paramLabel = "ARGS", description = "Its own options and arguments; --help lists them.")
    List<String> args = new ArrayList<>();

    private final Function<String[], Integer> target;

    PassThrough(Function<String[], Integer> target) {
      this.target = target;
    }

    @Override
    public Integer call() {
      return target.apply(args.toArray(new String[0]));
    }
  }

  private static CommandLine passThrough(String description, Function<String[], Integer> target) {
    CommandLine cl = new CommandLine(new PassThrough(target));
    cl.getCommandSpec().usageMessage().description(description);
    cl.setUnmatchedOptionsArePositionalParams(true);
    cl.setEndOfOptionsDelimiter("\u0000"); // a literal "--" goes on to the target too
    return cl;
  }

  /** One workload, reported to ./report unless -D says otherwise (a later -D wins). */
  private static int workload(Workload w, String[] args, PrintStream err) {
    Configuration conf = new Configuration();
    conf.set(HibenchConfigKeys.REPORT_DIR, Results.DEFAULT_REPORT_DIR);
    return WorkloadDriver.run(w.newTool(), conf, args, err);
  }

  private static int cfs(String[] args, PrintStream out, PrintStream err) {
    try {
      return ToolRunner.run(new Configuration(), new CfsAdmin(out, err), args);
    } catch (Exception e) {
      err.println(WorkloadDriver.failureLine("cfs", e));
      return WorkloadDriver.USAGE;
    }
  }

  /** How a JVM of an engine's own runs one workload's command line with a log file. */
  @FunctionalInterface
  interface EngineJvm {
    int runOnce(List<String> args, File log) throws IOException, InterruptedException;
  }

  /**
   * Runs a workload in an engine's JVM (Hive's, Spark's), sharing this terminal, reported to
   * ./report unless -D says otherwise, or with a null workload the engine's own command line
   * ({@code spark-submit}'s); the engine's log goes to the user's log directory ({@link FailureLog#dir()}).
   */
  private static int engine(String engine, EngineJvm jvm, String workload, String[] args, PrintStream err) {
    try {
      List<String> command = new ArrayList<>(workload == null ? List.of()
          : List.of(workload, "-D", HibenchConfigKeys.REPORT_DIR + "=" + Results.DEFAULT_REPORT_DIR));
      command.addAll(Arrays.asList(args)); // a later -D wins
      // in the user's own log directory: a shared /tmp/hibench-ENGINE.log is the first user's alone
      java.nio.file.Files.createDirectories(FailureLog.dir());
      File log = FailureLog.dir().resolve("hibench-" + engine.toLowerCase(Locale.ROOT) + ".log").toFile();
      return jvm.runOnce(command, log);
    } catch (IOException e) {
      err.println((workload == null ? "spark-submit" : workload) + ": cannot start the " + engine + " JVM: "
          + WorkloadDriver.describe(e));
      return WorkloadDriver.FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return WorkloadDriver.FAILED;
    }
  }
}

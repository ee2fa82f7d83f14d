package io.hibenchdse.launcher;

import io.hibenchdse.cfs.CfsAdmin;
import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.hive.runner.HiveProcess;
import io.hibenchdse.hive.runner.HiveWorkload;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;

/**
 * Main class of {@code bin/hibench}: {@code run} and {@code plan} drive the suite; any other first
 * argument is a workload, run like {@code hadoop jar} would (local file system and job runner
 * unless {@code -fs}, {@code -conf} or HADOOP_CONF_DIR say otherwise).
 */
public final class Hibench {
  private Hibench() {}

  public static void main(String[] args) {
    // before anything logs: log4j.properties sends the libraries' log there, not to the console
    System.setProperty(FailureLog.DIR, FailureLog.dir().toString());
    System.exit(run(args, System.out, System.err));
  }

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && List.of("run", "plan", "summary", "compare").contains(args[0])) {
      Callable<Integer> command = args[0].equals("run") ? new SuiteRun(out)
          : args[0].equals("plan") ? new Plan(out)
          : args[0].equals("summary") ? new SummaryCommand(out) : new CompareCommand(out);
      return execute(command, "hibench " + args[0], Arrays.copyOfRange(args, 1, args.length), out, err);
    }
    if (args.length > 0 && args[0].equals("storage")) {
      return storage(Arrays.copyOfRange(args, 1, args.length), out, err);
    }
    if (args.length > 0 && args[0].equals("cfs")) {
      try {
        return ToolRunner.run(new Configuration(), new CfsAdmin(out, err), Arrays.copyOfRange(args, 1, args.length));
      } catch (Exception e) {
        err.println(WorkloadDriver.failureLine("cfs", e));
        return WorkloadDriver.USAGE;
      }
    }
    if (args.length > 0 && HiveWorkload.of(args[0]) != null) {
      return hive(args, err);
    }
    WorkloadDriver all = Suite.allWorkloads();
    boolean help = args.length > 0 && Arrays.asList("-h", "-help", "--help", "help").contains(args[0]);
    if (args.length == 0 || help) {
      PrintStream to = help ? out : err;
      to.println("Usage: bin/hibench run|plan [options]      the suite (see bin/hibench run --help)");
      to.println("       bin/hibench summary [--report-dir D] its summary from hibench.jsonl (after run-all.sh)");
      to.println("       bin/hibench compare A B [--force]    two report directories side by side, if equally durable");
      to.println("       bin/hibench cfs usage|check [...]    a Cassandra file system's usage and consistency check");
      to.println("       bin/hibench storage start --target hdfs|cfs [--nodes N] [--dir D] [--secure]");
      to.println("                                           the embedded storage alone, for stock tools (URI and CONF lines)");
      to.println("       bin/hibench <workload> [args]       one workload (bin/hibench <workload> --help for its options)");
      to.println("       bin/hibench scan|aggregation|join [-D k=v] [-overwrite] INPUT OUTPUT");
      to.println("                                           a HiveBench query through Hive, in a JVM of its own");
      if (help) {
        all.printList(out);
        return 0;
      }
    }
    Configuration conf = new Configuration();
    conf.set(Results.REPORT_DIR, Results.DEFAULT_REPORT_DIR); // bin/hibench reports to ./report unless -D says otherwise
    return all.run(conf, args, err);
  }

  /** {@code storage start}: runs until SIGTERM or Ctrl-C, which its signal handlers turn into a clean stop. */
  private static int storage(String[] args, PrintStream out, PrintStream err) {
    return execute(StorageCommand.commandLine(out), "hibench storage", args, out, err);
  }

  /** Runs a HiveBench query in the Hive JVM, sharing this terminal; its log goes to the temporary directory. */
  private static int hive(String[] args, PrintStream err) {
    try {
      List<String> command = new ArrayList<>(Arrays.asList(args));
      command.addAll(1, List.of("-D", Results.REPORT_DIR + "=" + Results.DEFAULT_REPORT_DIR)); // a later -D wins
      return HiveProcess.runOnce(command, new File(System.getProperty("java.io.tmpdir"), "hibench-hive.log"));
    } catch (IOException e) {
      err.println(args[0] + ": cannot start the Hive JVM: " + WorkloadDriver.describe(e));
      return WorkloadDriver.FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return WorkloadDriver.FAILED;
    }
  }

  /** Runs a picocli command with every failure reduced to one line on stderr. */
  private static int execute(Callable<Integer> command, String name, String[] args, PrintStream out,
      PrintStream err) {
    return execute(new CommandLine(command), name, args, out, err);
  }

  private static int execute(CommandLine cl, String name, String[] args, PrintStream out, PrintStream err) {
    cl.setOut(new java.io.PrintWriter(out, true));
    cl.setParameterExceptionHandler((e, a) -> {
      err.println(name + ": " + e.getMessage());
      return WorkloadDriver.USAGE;
    });
    cl.setExecutionExceptionHandler((e, c, p) -> {
      if (e instanceof UsageException) {
        err.println(name + ": " + e.getMessage());
        return WorkloadDriver.USAGE;
      }
      err.println(WorkloadDriver.failureLine(name, e));
      return WorkloadDriver.FAILED;
    });
    return cl.execute(args);
  }
}

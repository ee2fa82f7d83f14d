package io.hibenchdse.launcher;

import io.hibenchdse.cfs.CfsAdmin;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.core.WorkloadDriver;
import java.io.PrintStream;
import java.util.Arrays;
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
    System.exit(run(args, System.out, System.err));
  }

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && (args[0].equals("run") || args[0].equals("plan") || args[0].equals("summary"))) {
      Callable<Integer> command = args[0].equals("run") ? new SuiteRun(out)
          : args[0].equals("plan") ? new Plan(out) : new SummaryCommand(out);
      return execute(command, "hibench " + args[0], Arrays.copyOfRange(args, 1, args.length), out, err);
    }
    if (args.length > 0 && args[0].equals("cfs")) {
      try {
        return ToolRunner.run(new Configuration(), new CfsAdmin(out, err), Arrays.copyOfRange(args, 1, args.length));
      } catch (Exception e) {
        err.println("cfs: " + WorkloadDriver.describe(e));
        return WorkloadDriver.USAGE;
      }
    }
    WorkloadDriver all = Suite.allWorkloads();
    if (args.length == 0) {
      err.println("Usage: bin/hibench run|plan [options]      the suite (see bin/hibench run --help)");
      err.println("       bin/hibench summary [--report-dir D] its summary from hibench.jsonl (after run-all.sh)");
      err.println("       bin/hibench cfs usage|check [...]    a Cassandra file system's usage and consistency check");
      err.println("       bin/hibench <workload> [args]       one workload");
    }
    return all.run(new Configuration(), args, err);
  }

  /** Runs a picocli command with every failure reduced to one line on stderr. */
  private static int execute(Callable<Integer> command, String name, String[] args, PrintStream out,
      PrintStream err) {
    CommandLine cl = new CommandLine(command);
    cl.setOut(new java.io.PrintWriter(out, true));
    cl.setParameterExceptionHandler((e, a) -> {
      err.println(name + ": " + e.getMessage());
      return WorkloadDriver.USAGE;
    });
    cl.setExecutionExceptionHandler((e, c, p) -> {
      err.println(name + ": " + WorkloadDriver.describe(e));
      return e instanceof UsageException ? WorkloadDriver.USAGE : WorkloadDriver.FAILED;
    });
    return cl.execute(args);
  }
}

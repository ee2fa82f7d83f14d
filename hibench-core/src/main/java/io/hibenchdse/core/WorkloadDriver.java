package io.hibenchdse.core;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/**
 * Dispatches {@code <workload> [args]} to a workload's tool, like Hadoop's ProgramDriver, but
 * returns an exit status instead of exiting, so the launcher and tests can call it in-process, and
 * turns every failure into one line on stderr.
 */
public final class WorkloadDriver {
  /** Exit status for bad input. */
  public static final int USAGE = 2;
  /** Exit status for a run that failed. */
  public static final int FAILED = 1;
  /** System property: also print the stack trace of a failed run (HADOOP_OPTS=-Dhibench.stacktrace=true). */
  public static final String STACK_TRACE = "hibench.stacktrace";

  private final String jarName;
  private final List<Workload> workloads;

  public WorkloadDriver(String jarName, List<Workload> workloads) {
    this.jarName = jarName;
    this.workloads = workloads;
  }

  /** One jar's driver answering the workloads of several: the drop-ins for the stock multi-tool jars. */
  public static WorkloadDriver combined(String jarName, WorkloadDriver... parts) {
    List<Workload> all = new java.util.ArrayList<>();
    for (WorkloadDriver d : parts) {
      all.addAll(d.workloads);
    }
    return new WorkloadDriver(jarName, all);
  }

  public List<Workload> workloads() {
    return workloads;
  }

  public Workload find(String name) {
    for (Workload w : workloads) {
      if (w.name().equals(name)) {
        return w;
      }
    }
    return null;
  }

  public void printList(PrintStream out) {
    out.println("Usage: hadoop jar " + jarName + ".jar <workload> [generic options] [args]");
    out.println("Valid workload names are:");
    for (Workload w : workloads) {
      out.printf("  %-20s %s%n", w.name(), w.description());
    }
  }

  /** Runs {@code args[0]} with the rest of {@code args}; with no argument lists the workloads. */
  public int run(Configuration conf, String[] args, PrintStream err) {
    if (args.length == 0) {
      printList(err);
      return USAGE;
    }
    Workload w = find(args[0]);
    if (w == null) {
      err.println(jarName + ": unknown workload '" + args[0] + "'; run with no argument to list them");
      return USAGE;
    }
    return run(w.newTool(), conf, Arrays.copyOfRange(args, 1, args.length), err);
  }

  /** Runs one tool through ToolRunner (so -D, -conf, -fs work) and reports failure in one line. */
  public static int run(BenchmarkTool tool, Configuration conf, String[] args, PrintStream err) {
    try {
      return ToolRunner.run(conf, tool, args);
    } catch (UsageException e) {
      err.println(tool.name() + ": " + e.getMessage());
      return USAGE;
    } catch (Exception e) {
      err.println(tool.name() + ": " + describe(e));
      if (Boolean.getBoolean(STACK_TRACE)) {
        e.printStackTrace(err);
      }
      return FAILED;
    }
  }

  /** The first message of a cause chain, in one line (Hadoop's outer messages name host and port). */
  public static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().trim().isEmpty()) {
        return t.getMessage().trim().replaceAll("\\s*\\R\\s*", " ");
      }
    }
    return e.getClass().getName();
  }
}

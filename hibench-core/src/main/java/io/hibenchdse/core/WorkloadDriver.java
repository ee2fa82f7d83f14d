package io.hibenchdse.core;

import java.io.File;
import java.io.PrintStream;
import java.net.URI;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
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

  private final String jarName;
  private final List<Workload> workloads;

  public WorkloadDriver(String jarName, List<Workload> workloads) {
    this.jarName = jarName;
    this.workloads = workloads;
  }

  /** The jar's name, its Maven artifact's: {@code hadoop jar NAME.jar}. */
  public String jarName() {
    return jarName;
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

  /**
   * Runs one tool through ToolRunner (so -D, -conf, -fs work) and reports failure in one line; the
   * full trace and the tasks' diagnostics go to a file that line names.
   */
  public static int run(BenchmarkTool tool, Configuration conf, String[] args, PrintStream err) {
    try {
      checkGenericOptions(args);
      return ToolRunner.run(conf, tool, args);
    } catch (UsageException e) {
      err.println(tool.commandName() + ": " + e.getMessage());
      return USAGE;
    } catch (Exception e) {
      try {
        CleanStop.awaitIfStopping(); // a failure a stop caused is the stop's: its hook says so
      } catch (InterruptedException stopping) {
        Thread.currentThread().interrupt();
      }
      String badNumber = badNumber(conf, e);
      if (badNumber != null) {
        err.println(tool.commandName() + ": " + badNumber);
        return USAGE;
      }
      err.println(failureLine(tool.commandName(), e));
      if (Boolean.getBoolean(HibenchConfigKeys.STACK_TRACE)) {
        e.printStackTrace(err);
      }
      return FAILED;
    }
  }

  /**
   * {@code name: <first message of the cause chain> (full trace in <file>)}, the trace and any
   * task diagnostics saved in that file.
   */
  public static String failureLine(String name, Throwable e) {
    String line = describe(e);
    // a nested tool's line (a TPCx-HS phase) already names its own trace
    java.nio.file.Path log = line.contains(TRACE_NOTE) ? null : FailureLog.save(name, e, diagnostics(e));
    return name + ": " + line + (log == null ? "" : " (" + TRACE_NOTE + " " + log + ")");
  }

  private static final String TRACE_NOTE = "full trace in";
  private static final Pattern BAD_NUMBER = Pattern.compile("For input string: \"(.*?)\"");

  private static List<String> diagnostics(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TaskFailures.JobFailedException) {
        return ((TaskFailures.JobFailedException) t).diagnostics;
      }
    }
    return Collections.emptyList();
  }

  /**
   * Refuses what GenericOptionsParser lets pass silently, so a run would measure with settings the
   * user did not mean: a {@code -conf} file that does not exist, a {@code -D} without a value.
   */
  static void checkGenericOptions(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String d = Definitions.at(args, i);
      if (d != null && d.indexOf('=') < 1) {
        throw Definitions.malformed(d);
      }
      if (args[i].equals("-conf") && i + 1 < args.length) {
        URI u = new Path(args[i + 1]).toUri();
        if ((u.getScheme() == null || u.getScheme().equals("file")) && !new File(u.getPath()).isFile()) {
          throw new UsageException("-conf " + args[i + 1] + ": no such file");
        }
      }
    }
  }

  /**
   * The line for a number that did not parse, naming the {@code -D} key that gave it (Hadoop's
   * getInt says only 'For input string: "abc"'); null when the failure is something else.
   */
  static String badNumber(Configuration conf, Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NumberFormatException && t.getMessage() != null) {
        Matcher m = BAD_NUMBER.matcher(t.getMessage());
        String value = m.find() ? m.group(1) : null;
        for (Map.Entry<String, String> kv : Definitions.given(conf).entrySet()) {
          if (kv.getValue().trim().equals(value)) {
            return "-D " + kv.getKey() + "=" + kv.getValue() + ": not a number";
          }
        }
      }
    }
    return null;
  }

  /** The first message of a cause chain, in one line (Hadoop's outer messages name host and port). */
  public static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().trim().isEmpty()) {
        // a RemoteException's message carries the server's stack trace: the line before it is the message
        return t.getMessage().trim().split("\\R\\s*at ", 2)[0].replaceAll("\\s*\\R\\s*", " ");
      }
    }
    return e.getClass().getName();
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Why a job's tasks failed, for the one-line message and the saved trace. YARN hands the client
 * each failed attempt's diagnostics; the local job runner hands none and only logs the failure,
 * so its log is watched ({@link LocalRunnerLog}).
 */
public final class TaskFailures {
  private TaskFailures() {}

  /** How long the local runner's log of a failed job's reason is waited for. */
  private static final long LOCAL_LOG_WAIT_MS = 2000;

  /** What a task throws: the failure with where it happened (file and bytes, or rows; the record). */
  public static IOException at(String where, Throwable cause) {
    return new IOException(where + ": " + WorkloadDriver.describe(cause), cause);
  }

  /** Where a task read: a file split's file and bytes, or the split as it names itself. */
  public static String where(InputSplit split) {
    if (split instanceof FileSplit) {
      FileSplit f = (FileSplit) split;
      return f.getPath() + " (bytes " + f.getStart() + "-" + (f.getStart() + f.getLength()) + ")";
    }
    return String.valueOf(split);
  }

  /** Before a job runs in this JVM: catch the local runner's report of its failure. */
  static void watch(Job job) {
    if (local(job)) {
      try {
        LocalRunnerLog.install();
      } catch (LinkageError noLog4j) {
        // a Hadoop without log4j 1.2's API: the failure line names the job only
      }
    }
  }

  /**
   * The attempts that failed or were killed, with their diagnostics joined (empty when the runner
   * gave none), in the order the job reported them.
   */
  public static Map<String, String> failedAttempts(Job job) throws IOException, InterruptedException {
    Map<String, String> attempts = new LinkedHashMap<>();
    for (int from = 0;;) {
      TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 100);
      if (events == null || events.length == 0) {
        return attempts;
      }
      from += events.length;
      for (TaskCompletionEvent ev : events) {
        if (ev.getStatus() == TaskCompletionEvent.Status.FAILED || ev.getStatus() == TaskCompletionEvent.Status.KILLED) {
          attempts.put(ev.getTaskAttemptId().toString(), String.join("\n", job.getTaskDiagnostics(ev.getTaskAttemptId())));
        }
      }
    }
  }

  /** The failed attempts' diagnostics, first the first one's; empty when the job's runner gave none. */
  public static List<String> of(Job job) throws IOException, InterruptedException {
    List<String> diagnostics = new ArrayList<>();
    for (Map.Entry<String, String> a : failedAttempts(job).entrySet()) {
      if (!a.getValue().isEmpty()) {
        diagnostics.add(a.getKey() + ": " + a.getValue());
      }
    }
    if (diagnostics.isEmpty()) {
      Throwable local = localFailure(job);
      if (local != null) {
        StringWriter trace = new StringWriter();
        local.printStackTrace(new PrintWriter(trace));
        diagnostics.add(trace.toString());
      }
    }
    return diagnostics;
  }

  private static boolean local(Job job) {
    return MRConfig.LOCAL_FRAMEWORK_NAME.equals(job.getConfiguration().get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
  }

  private static Throwable localFailure(Job job) throws IOException, InterruptedException {
    if (!local(job)) {
      return null;
    }
    try {
      // a failed job's reason follows its state; a killed one logs none to wait for
      return LocalRunnerLog.take(String.valueOf(job.getJobID()), job.getJobState() == JobStatus.State.FAILED ? LOCAL_LOG_WAIT_MS : 0);
    } catch (LinkageError noLog4j) {
      return null;
    }
  }

  /**
   * The first line of a diagnostic without the exceptions' class names: the message a task's
   * IOException carries ("file ... record 12: ...").
   */
  public static String firstLine(String diagnostic) {
    String line = diagnostic.trim().split("\\R", 2)[0];
    // "java.lang.Exception: java.io.IOException: ..." from the local runner: every wrapper's name goes
    return line.replaceFirst("^(attempt_\\S+: )?(Error: )?(([\\w$]+\\.)+[\\w$]*(Exception|Error): )+", "$1");
  }

  /** A job that ended failed or killed, with its tasks' diagnostics for the saved trace. */
  public static final class JobFailedException extends IOException {
    private static final long serialVersionUID = 1L;
    public final List<String> diagnostics;

    public JobFailedException(String message, List<String> diagnostics) {
      super(message);
      this.diagnostics = diagnostics;
    }
  }
}

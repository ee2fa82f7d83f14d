package io.hibenchdse.core;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/**
 * Why a job's tasks failed, for the one-line message and the saved trace. YARN hands the client
 * each failed attempt's diagnostics; the local job runner hands none, so a task in this JVM also
 * leaves its failure here.
 */
public final class TaskFailures {
  private static volatile String lastJob;
  private static volatile Throwable last;

  private TaskFailures() {}

  /** A failure at {@code where} (file, bytes, record), kept for this JVM's client and thrown by the task. */
  public static IOException record(JobID job, String where, Throwable cause) {
    IOException e = new IOException(where + ": " + WorkloadDriver.describe(cause), cause);
    last = e;
    lastJob = String.valueOf(job);
    return e;
  }

  /** The failed attempts' diagnostics, first the first one's; empty when the job's runner gave none. */
  public static List<String> of(Job job) throws IOException, InterruptedException {
    List<String> diagnostics = new ArrayList<>();
    for (int from = 0;;) {
      TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 100);
      if (events == null || events.length == 0) {
        break;
      }
      from += events.length;
      for (TaskCompletionEvent ev : events) {
        if (ev.getStatus() == TaskCompletionEvent.Status.FAILED) {
          for (String d : job.getTaskDiagnostics(ev.getTaskAttemptId())) {
            diagnostics.add(ev.getTaskAttemptId() + ": " + d);
          }
        }
      }
    }
    Throwable local = last;
    if (diagnostics.isEmpty() && local != null && String.valueOf(job.getJobID()).equals(lastJob)) {
      StringWriter trace = new StringWriter();
      local.printStackTrace(new PrintWriter(trace));
      diagnostics.add(trace.toString());
    }
    return diagnostics;
  }

  /**
   * The first line of a diagnostic without the exception's class name: the message a task's
   * IOException carries ("file ... record 12: ...").
   */
  public static String firstLine(String diagnostic) {
    String line = diagnostic.trim().split("\\R", 2)[0];
    return line.replaceFirst("^(attempt_\\S+: )?(Error: )?([\\w$]+\\.)+[\\w$]*(Exception|Error): ", "$1");
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

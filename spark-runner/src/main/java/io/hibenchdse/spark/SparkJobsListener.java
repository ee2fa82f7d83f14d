package io.hibenchdse.spark;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.JobSucceeded$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * The run's jobs as Spark's scheduler saw them: the first job's start, the last one's end (the
 * events' own times, so the listener bus's delay does not count), the tasks' metrics summed and
 * the hosts they ran on.
 * Read it once the context has stopped, which delivers every event still queued.
 */
final class SparkJobsListener extends SparkListener {
  private long firstStartMs = Long.MAX_VALUE;
  private long lastEndMs;
  private int jobs;
  private int failedJobs;
  private int stages;
  private long tasks;
  private long recordsRead;
  private long bytesRead;
  private long shuffleBytesWritten;
  private long shuffleBytesRead;
  private long recordsWritten;
  private long bytesWritten;
  private long executorRunMs;
  private final SortedSet<String> taskHosts = new TreeSet<>();

  @Override
  public synchronized void onJobStart(SparkListenerJobStart start) {
    firstStartMs = Math.min(firstStartMs, start.time());
    jobs++;
  }

  @Override
  public synchronized void onJobEnd(SparkListenerJobEnd end) {
    lastEndMs = Math.max(lastEndMs, end.time());
    if (end.jobResult() != JobSucceeded$.MODULE$) {
      failedJobs++;
    }
  }

  @Override
  public synchronized void onStageCompleted(SparkListenerStageCompleted stage) {
    stages++;
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
    tasks++;
    taskHosts.add(end.taskInfo().host());
    TaskMetrics m = end.taskMetrics();
    if (m == null) {
      return; // a task that failed before it reported
    }
    recordsRead += m.inputMetrics().recordsRead();
    bytesRead += m.inputMetrics().bytesRead();
    shuffleBytesWritten += m.shuffleWriteMetrics().bytesWritten();
    shuffleBytesRead += m.shuffleReadMetrics().totalBytesRead();
    recordsWritten += m.outputMetrics().recordsWritten();
    bytesWritten += m.outputMetrics().bytesWritten();
    executorRunMs += m.executorRunTime();
  }

  /** Milliseconds from the first job's start to the last job's end; 0 when no job ran. */
  synchronized long jobsMillis() {
    return jobs == 0 ? 0 : lastEndMs - firstStartMs;
  }

  synchronized long firstStartMs() {
    return firstStartMs;
  }

  synchronized long lastEndMs() {
    return lastEndMs;
  }

  synchronized int failedJobs() {
    return failedJobs;
  }

  synchronized SparkFigures figures(String version, String master, double contextSec, double commandSec,
      List<String> executorHosts) {
    return new SparkFigures(version, master, contextSec, commandSec, jobs, stages, tasks, recordsRead, bytesRead,
        shuffleBytesWritten, shuffleBytesRead, recordsWritten, bytesWritten, executorRunMs / 1e3, executorHosts, List.copyOf(taskHosts));
  }
}

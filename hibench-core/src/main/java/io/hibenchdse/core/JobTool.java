package io.hibenchdse.core;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * A workload whose measured run is one MapReduce job: the subclass configures it, this submits it,
 * shows its progress, fails the run with the tasks' diagnostics, and records its counters.
 */
public abstract class JobTool extends BenchmarkTool {
  private static final long POLL_MILLIS = 100;
  private static final long PROGRESS_INTERVAL_NANOS = 2_000_000_000L;

  /** The configured job; called once inputs exist and the output is free. */
  protected abstract Job createJob(Configuration conf) throws Exception;

  /**
   * Called after a successful job with its result, before it is published: adds the workload's
   * own metrics, or throws to report the run as failed (then nothing is published).
   */
  protected void completed(Job job, RunResult result) throws Exception {}

  /** Bytes the run processed (default: the size of the files it read, as {@link InputFiles} picks them). */
  protected long processedBytes(Job job) throws IOException {
    return InputFiles.bytes(job.getConfiguration(), inputs());
  }

  /** Called after the job whether it succeeded or not, to remove the run's own scratch files. */
  protected void afterJob(Job job) throws IOException {}

  @Override
  protected final RunResult measure(Configuration conf, CleanStop.Run stop) throws Exception {
    long startMs = System.currentTimeMillis();
    long t0 = System.nanoTime();
    Job job = createJob(conf);
    stop.job(job);
    boolean ok;
    long nanos;
    long endMs;
    try {
      TaskFailures.watch(job);
      job.submit();
      ok = await(job);
      nanos = System.nanoTime() - t0;
      endMs = System.currentTimeMillis();
    } finally {
      afterJob(job); // scratch cleanup, not part of the measured time
    }
    if (!ok) {
      boolean discarded = stop.discardOutput();
      List<String> diagnostics = TaskFailures.of(job);
      String why = diagnostics.isEmpty() ? job.getStatus().getFailureInfo() : TaskFailures.firstLine(diagnostics.get(0));
      throw new TaskFailures.JobFailedException("job " + job.getJobID() + " " + job.getJobState()
          + (why == null || why.isEmpty() || why.equals("NA") ? "" : ": " + why)
          + (discarded ? "; its partial output was removed" : ""), diagnostics);
    }
    if (conf.getBoolean(HibenchConfigKeys.PRINT_COUNTERS, true)) {
      System.err.println(job.getCounters());
    }
    if (!inputs().isEmpty() && job.getCounters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue() == 0) {
      stop.discardOutput();
      throw new IOException("read no records from " + inputs() + ": a run that reads nothing measures nothing");
    }
    RunResult r = describe(job, output()).timed(startMs, endMs, nanos, processedBytes(job), ClusterNodes.count(job.getConfiguration()));
    completed(job, r);
    return r;
  }

  /**
   * Waits for the job and shows its progress when it changes. Polls every 100 ms: the measured
   * time then ends within 0.1 s of the job (waitForCompletion's polls are 1 or 5 s apart), and the
   * progress lines carry no counter dump.
   */
  private boolean await(Job job) throws IOException, InterruptedException {
    String last = "";
    long nextReport = 0;
    while (!job.isComplete()) {
      long now = System.nanoTime();
      if (now >= nextReport) {
        String progress = String.format(Locale.ROOT, "map %3.0f%% reduce %3.0f%%",
            100 * job.mapProgress(), 100 * job.reduceProgress());
        if (!progress.equals(last)) {
          System.err.println(commandName() + " " + job.getJobID() + ": " + progress);
          last = progress;
        }
        nextReport = now + PROGRESS_INTERVAL_NANOS;
      }
      Thread.sleep(POLL_MILLIS);
    }
    return job.isSuccessful();
  }

  private RunResult describe(Job job, Path out) throws IOException {
    Configuration jc = job.getConfiguration();
    RunResult r = newResult(jc, out);
    for (CounterGroup group : job.getCounters()) {
      Map<String, Long> values = new LinkedHashMap<>();
      for (Counter c : group) {
        values.put(c.getName(), c.getValue());
      }
      r.counters(group.getName(), values);
    }
    return r;
  }
}

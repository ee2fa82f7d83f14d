package io.hibenchdse.core;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * What a SIGTERM or Ctrl-C leaves: nothing of the stopped run. Runs in flight register their
 * jobs and the outputs they created; on shutdown the jobs are killed (on YARN too), and those
 * outputs are deleted, innermost first, so the next run starts clean. Inputs are never touched.
 * The hook runs before Hadoop's own closes the file systems.
 */
public final class CleanStop {
  private static final long KILL_WAIT_MILLIS = 20_000;
  private static final Deque<Run> RUNS = new ArrayDeque<>();
  private static boolean hooked;

  private CleanStop() {}

  /** A run in flight: its output (deleted on a stop) and its current job (killed on a stop). */
  public static final class Run implements AutoCloseable {
    final String tool;
    final Configuration conf;
    final Path output;
    volatile Job job;

    Run(String tool, Configuration conf, Path output) {
      this.tool = tool;
      this.conf = conf;
      this.output = output;
    }

    public void job(Job j) {
      job = j;
    }

    /** Deletes the output this run created (it is partial, and would block the rerun); whether there was one. */
    public boolean discardOutput() throws IOException {
      return output != null && output.getFileSystem(conf).delete(output, true);
    }

    /** The run ended (either way): a stop from now on leaves its output alone. */
    @Override
    public void close() {
      synchronized (RUNS) {
        RUNS.remove(this);
      }
    }
  }

  /** Registers a run that created {@code output} (null: it writes none of its own). */
  public static Run begin(String tool, Configuration conf, Path output) {
    Run r = new Run(tool, conf, output);
    synchronized (RUNS) {
      if (!hooked) {
        ShutdownHookManager.get().addShutdownHook(CleanStop::stop, FileSystem.SHUTDOWN_HOOK_PRIORITY + 10);
        hooked = true;
      }
      RUNS.push(r);
    }
    return r;
  }

  /**
   * Called where a run's jobs failed: when a stop caused it (the JVM is shutting down and an
   * engine's own hook, Spark's, ended the jobs before this class's), waits for this class's hook
   * to report the stop and clean up and for the JVM to halt, so the stop is not reported as the
   * jobs' failure.
   */
  public static void awaitIfStopping() throws InterruptedException {
    if (ShutdownHookManager.get().isShutdownInProgress()) {
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  private static void stop() {
    Run[] runs;
    synchronized (RUNS) {
      runs = RUNS.toArray(new Run[0]); // innermost (latest) first
    }
    for (Run r : runs) {
      Job j = r.job;
      try {
        if (j != null && !j.isComplete()) {
          System.err.println(r.tool + ": stopped; killing " + j.getJobID());
          j.killJob();
          long deadline = System.currentTimeMillis() + KILL_WAIT_MILLIS;
          while (!j.isComplete() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
          }
        }
        // the run's own thread may see its job killed and remove the output first: either way it is gone
        r.discardOutput();
        if (r.output != null && !r.output.getFileSystem(r.conf).exists(r.output)) {
          System.err.println(r.tool + ": stopped; removed its partial output " + r.output);
        }
      } catch (IOException | RuntimeException e) {
        System.err.println(r.tool + ": stopped; could not clean up " + r.output + ": " + WorkloadDriver.describe(e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}

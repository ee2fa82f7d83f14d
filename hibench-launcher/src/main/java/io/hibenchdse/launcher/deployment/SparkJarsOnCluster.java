package io.hibenchdse.launcher.deployment;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Spark's and the suite's jars on a user's cluster's file system, where its containers find them:
 * Spark on YARN starts its application master and executors from the jars {@code spark.yarn.jars}
 * names, and a user's NodeManagers have no Spark. Copied once a run, before its first step, to
 * a directory of the run's under the user's home there (Spark would otherwise copy all of them for
 * every step), and removed when the run ends, a stop too: nothing of them stays on the cluster.
 */
final class SparkJarsOnCluster implements AutoCloseable {
  /** The parent of every run's directory under the user's home on the cluster's file system. */
  static final String PARENT = ".hibench";

  /** How soon the copy's client asks again whether a jar's last block is complete, ms. */
  static final int CLOSE_RETRY_MS = 50;

  private final FileSystem fs;
  private final Path dir;
  private final Runnable hook = this::remove;
  /**
   * Jars are copied several at a time: each file's close waits for the NameNode to learn of its
   * block, most of a small jar's time, so one at a time took 57 s for Spark's 216 jars on a test's
   * HDFS (8 s eight at a time, 3 s with {@link #CLOSE_RETRY_MS}). A copy holds the read side,
   * removal the write side: a stop waits for the jars in flight, then no other starts.
   */
  static final int COPIERS = 8;
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private boolean removed;

  private SparkJarsOnCluster(FileSystem fs, Path dir) {
    this.fs = fs;
    this.dir = dir;
  }

  /**
   * Copies {@code jars} to the directory {@code run} under the user's home on {@code conf}'s
   * default file system, saying on {@code out} what it copied; a directory on the class path (the
   * classes of a build in progress) cannot travel, and is refused.
   */
  static SparkJarsOnCluster copy(Configuration conf, String run, List<java.nio.file.Path> jars, PrintStream out) throws IOException {
    for (java.nio.file.Path jar : jars) {
      if (!Files.isRegularFile(jar)) {
        throw new IOException("Spark's class path holds " + jar + ", not a jar: a cluster's containers take jars only"
            + " (build with mvn -B -ntp -DskipTests package)");
      }
    }
    // An HDFS close asks the NameNode whether the last block is complete and, mostly told "not yet",
    // asks again after 400 ms by default: a quarter second a jar. The launcher's own files, not a
    // measured job's, so its client asks sooner (unless the user's asks sooner still).
    Configuration own = new Configuration(conf);
    String retry = HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY;
    own.setInt(retry, Math.min(own.getInt(retry, HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_DEFAULT),
        CLOSE_RETRY_MS));
    // an instance of its own, which no other user of the cached one can close before the end
    FileSystem fs = FileSystem.newInstance(own);
    Path dir = fs.makeQualified(new Path(fs.getHomeDirectory(), PARENT + "/" + run + "/spark-jars"));
    SparkJarsOnCluster copied = new SparkJarsOnCluster(fs, dir);
    // at a stop, after the jobs are killed (CleanStop) and before the run's scope releases the rest
    // (RunScope, FileSystem.SHUTDOWN_HOOK_PRIORITY + 5) and the file systems close: a copy under way
    // ends at once, and a stop mid-copy leaves nothing either
    ShutdownHookManager.get().addShutdownHook(copied.hook, FileSystem.SHUTDOWN_HOOK_PRIORITY + 6);
    long t0 = System.nanoTime();
    long bytes = 0;
    ExecutorService copiers = Executors.newFixedThreadPool(COPIERS, r -> {
      Thread t = new Thread(r, "spark-jars-copy");
      t.setDaemon(true);
      return t;
    });
    try {
      fs.mkdirs(dir); // once, before the copiers each ask for it
      List<Future<?>> copies = new ArrayList<>();
      for (java.nio.file.Path jar : jars) {
        copies.add(copiers.submit(() -> copied.copy(jar)));
        bytes += Files.size(jar);
      }
      for (Future<?> c : copies) {
        c.get();
      }
    } catch (IOException e) {
      copied.close();
      throw new IOException("copying Spark's jars to " + dir + ": " + UserCluster.firstLine(e), e);
    } catch (ExecutionException e) {
      copied.close();
      throw new IOException("copying Spark's jars to " + dir + ": " + UserCluster.firstLine(e.getCause()), e.getCause());
    } catch (InterruptedException e) {
      copied.close();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("copying Spark's jars to " + dir + ": interrupted");
    } finally {
      copiers.shutdownNow();
    }
    out.printf(Locale.ROOT, "hibench run: Spark's jars (%d, %.0f MB) copied to %s in %.1f s for the cluster's containers;"
        + " removed at the end%n", jars.size(), bytes / 1e6, dir, (System.nanoTime() - t0) / 1e9);
    return copied;
  }

  private Void copy(java.nio.file.Path jar) throws IOException {
    lock.readLock().lock();
    try {
      if (removed) {
        throw new IOException("the run is stopping");
      }
      fs.copyFromLocalFile(false, true, new Path(jar.toUri()), new Path(dir, jar.getFileName().toString()));
      return null;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** {@code spark.yarn.jars}: every jar of the directory. */
  String sparkYarnJars() {
    return dir + "/*.jar";
  }

  @Override
  public void close() {
    try {
      ShutdownHookManager.get().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      return; // shutting down: the hook removes them
    }
    remove();
  }

  /** Removes the run's directory, and the parent where no other run has one; closes the file system. */
  private void remove() {
    lock.writeLock().lock();
    try {
      if (removed) {
        return;
      }
      removed = true;
      Path run = dir.getParent();
      try {
        fs.delete(run, true);
      } catch (IOException e) {
        System.err.println("hibench run: could not remove " + run + " from the cluster: " + UserCluster.firstLine(e));
      }
      try {
        fs.delete(run.getParent(), false); // refused while another run's directory is there
      } catch (IOException anotherRuns) {
        // theirs to remove
      }
      try {
        fs.close();
      } catch (IOException e) {
        // nothing of the run's is left to write
      }
    } finally {
      lock.writeLock().unlock();
    }
  }
}

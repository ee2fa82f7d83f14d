package io.hibenchdse.launcher.deployment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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

  private final FileSystem fs;
  private final Path dir;
  private final Runnable hook = this::remove;
  /** Held while a jar is copied and while the directory is removed: a stop waits for the jar in flight, then no other starts. */
  private final Object lock = new Object();
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
    // an instance of its own, which no other user of the cached one can close before the end
    FileSystem fs = FileSystem.newInstance(conf);
    Path dir = fs.makeQualified(new Path(fs.getHomeDirectory(), PARENT + "/" + run + "/spark-jars"));
    SparkJarsOnCluster copied = new SparkJarsOnCluster(fs, dir);
    // before the file systems close at a stop, so a stop mid-copy leaves nothing either
    ShutdownHookManager.get().addShutdownHook(copied.hook, FileSystem.SHUTDOWN_HOOK_PRIORITY + 1);
    long t0 = System.nanoTime();
    long bytes = 0;
    try {
      for (java.nio.file.Path jar : jars) {
        synchronized (copied.lock) {
          if (copied.removed) {
            throw new IOException("the run is stopping");
          }
          fs.copyFromLocalFile(false, true, new Path(jar.toUri()), new Path(dir, jar.getFileName().toString()));
        }
        bytes += Files.size(jar);
      }
    } catch (IOException e) {
      copied.close();
      throw new IOException("copying Spark's jars to " + dir + ": " + UserCluster.firstLine(e), e);
    }
    out.printf(Locale.ROOT, "hibench run: Spark's jars (%d, %.0f MB) copied to %s in %.1f s for the cluster's containers;"
        + " removed at the end%n", jars.size(), bytes / 1e6, dir, (System.nanoTime() - t0) / 1e9);
    return copied;
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
    synchronized (lock) {
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
    }
  }
}

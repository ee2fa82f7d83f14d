package io.hibenchdse.launcher.deployment;

import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.client.api.YarnClient;

/**
 * A user's cluster watched while a step runs on it (MapReduce's, Hive's or Spark's jobs): its
 * ResourceManager and its file system asked every {@link #POLL_MS}, each with the patience of the
 * checks before the run. One that has not answered for {@link #GONE_AFTER_MS} stops the step, again
 * every second until it returns, since the job's client would otherwise wait out YARN's retry
 * window (15 minutes by default) and then the history server's. {@link #gone()} then says what went
 * away.
 */
public final class ClusterWatch implements AutoCloseable {
  /** No watch: a deployment of the suite's own stops with the run. */
  static final ClusterWatch NONE = new ClusterWatch(null, null, null, null, null);

  static final long POLL_MS = 5_000;
  static final long GONE_AFTER_MS = 20_000;
  private static final long INTERRUPT_MS = 1_000;

  private final YarnClient yarn;
  private final FileSystem fs;
  private final String resourceManager;
  private final Runnable stop;
  private final Thread poller;
  private volatile boolean closed;
  private volatile String gone;

  private ClusterWatch(YarnClient yarn, FileSystem fs, String resourceManager, Runnable stop, String name) {
    this.yarn = yarn;
    this.fs = fs;
    this.resourceManager = resourceManager;
    this.stop = stop;
    this.poller = name == null ? null : new Thread(this::poll, name);
  }

  /**
   * Starts watching the cluster of {@code check} (a configuration whose clients give up within
   * seconds) for a step that {@code stop} stops.
   */
  static ClusterWatch start(Configuration check, String resourceManager, Runnable stop) throws IOException {
    YarnClient yarn = YarnClient.createYarnClient();
    yarn.init(check);
    yarn.start();
    FileSystem fs;
    try {
      fs = FileSystem.newInstance(FileSystem.getDefaultUri(check), check);
    } catch (IOException e) {
      yarn.close();
      throw e;
    }
    ClusterWatch w = new ClusterWatch(yarn, fs, resourceManager, stop, "cluster-watch");
    w.poller.setDaemon(true);
    w.poller.start();
    return w;
  }

  /** What stopped answering, in one line; null while the cluster answers. */
  public String gone() {
    return gone;
  }

  private void poll() {
    long failingSince = 0;
    while (!closed) {
      if (!sleep(POLL_MS)) {
        return;
      }
      long asked = System.currentTimeMillis();
      String why = unanswered();
      if (why == null) {
        failingSince = 0;
        continue;
      }
      failingSince = failingSince == 0 ? asked : failingSince;
      if (System.currentTimeMillis() - failingSince >= GONE_AFTER_MS) {
        gone = why;
        // the step's client may be in a retry loop or between retries: each stop cuts one
        while (!closed) {
          stop.run();
          if (!sleep(INTERRUPT_MS)) {
            return;
          }
        }
      }
    }
  }

  /** Null when both answer, else which did not and what it said. */
  private String unanswered() {
    try {
      yarn.getYarnClusterMetrics();
    } catch (Exception e) {
      return "the ResourceManager at " + resourceManager + " stopped answering: " + UserCluster.firstLine(e);
    }
    URI uri = fs.getUri();
    try {
      fs.getFileStatus(new Path("/"));
    } catch (Exception e) {
      return "the file system " + uri + " stopped answering: " + UserCluster.firstLine(e);
    }
    return null;
  }

  private boolean sleep(long ms) {
    try {
      Thread.sleep(ms);
      return !closed;
    } catch (InterruptedException e) {
      return false;
    }
  }

  /**
   * Stops watching, from the step's thread once the step returned; an interrupt the watch made (where
   * stopping the step interrupts this thread) is cleared, so what follows the step runs as usual.
   */
  @Override
  public void close() throws IOException {
    if (poller == null) {
      return;
    }
    closed = true;
    poller.interrupt();
    while (poller.isAlive()) {
      try {
        poller.join();
      } catch (InterruptedException e) {
        // the watch's own, made before it saw closed: it makes no more
      }
    }
    if (gone != null) {
      Thread.interrupted();
    }
    try {
      fs.close();
    } finally {
      yarn.close();
    }
  }
}

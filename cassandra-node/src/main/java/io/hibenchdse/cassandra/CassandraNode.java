package io.hibenchdse.cassandra;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import io.hibenchdse.node.NodeProcess;
import org.apache.cassandra.db.compaction.CompactionManager;
import org.apache.cassandra.service.EmbeddedCassandraService;
import org.apache.cassandra.service.StorageService;

/**
 * Main class of the node's child JVM: starts Cassandra from the yaml that {@link LocalCassandra}
 * wrote, signals readiness with a file, and stops when its standard input closes, so the node
 * never outlives the process that started it. A line {@value #SETTLE} on standard input flushes the
 * memtables and waits for compactions to finish (as {@code nodetool flush} and watching
 * {@code nodetool compactionstats} would), then answers with a file; a line {@value #LIVE}
 * {@code N} waits until the node sees N nodes alive and answers with the number it sees.
 */
public final class CassandraNode {
  /** The line on standard input that asks the node to flush and let compactions finish. */
  static final String SETTLE = "settle";
  /** The line ({@code live N}) that asks the node to wait until it sees N nodes alive. */
  static final String LIVE = "live";

  private CassandraNode() {}

  public static void main(String[] args) {
    // Watch the parent first, so that even a node that hangs while starting dies with it.
    Path dir = Path.of(args[0]);
    // Cassandra's shutdown hook drains the node (flushes memtables) before the JVM ends.
    NodeProcess.watchParent(line -> {
      if (line.equals(SETTLE)) {
        settle(dir);
      } else if (line.startsWith(LIVE + " ")) {
        try {
          awaitLive(Integer.parseInt(line.substring(LIVE.length() + 1)));
          NodeProcess.answer(dir, LocalCassandra.LIVE, Integer.toString(StorageService.instance.getLiveNodes().size()));
        } catch (InterruptedException | IOException e) {
          e.printStackTrace(); // the parent times out and names this node's log
        }
      }
    }, () -> System.exit(0));
    try {
      new EmbeddedCassandraService().start();
      awaitLive(Integer.parseInt(args[1]));
      NodeProcess.signalReady(dir, LocalCassandra.READY);
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
  }

  /**
   * Flushes every memtable of the keyspaces that are not Cassandra's own, waits until no compaction
   * runs or is pending (twice in a row, as a flush submits its compactions just after it ends), and
   * writes how long that took to {@value LocalCassandra#SETTLED} in {@code dir}, or why it could not.
   */
  private static void settle(Path dir) {
    long start = System.nanoTime();
    String answer;
    try {
      for (String keyspace : StorageService.instance.getNonSystemKeyspaces()) {
        StorageService.instance.forceKeyspaceFlush(keyspace);
      }
      int quiet = 0;
      while (quiet < 2) {
        Thread.sleep(100);
        boolean busy = CompactionManager.instance.getActiveCompactions() > 0 || CompactionManager.instance.getPendingTasks() > 0;
        quiet = busy ? 0 : quiet + 1;
      }
      answer = Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    } catch (Exception e) {
      answer = "failed: " + e;
    }
    try {
      NodeProcess.answer(dir, LocalCassandra.SETTLED, answer);
    } catch (IOException e) {
      e.printStackTrace(); // the parent times out and names this node's log
    }
  }

  /**
   * Waits until gossip shows {@code nodes} live nodes (this one included), so that a client that
   * connects next finds the whole ring; a peer that never shows is left to the caller to name.
   */
  private static void awaitLive(int nodes) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (StorageService.instance.getLiveNodes().size() < nodes && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
  }
}

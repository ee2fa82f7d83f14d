package io.hibenchdse.cassandra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.apache.cassandra.service.EmbeddedCassandraService;
import org.apache.cassandra.service.StorageService;

/**
 * Main class of the node's child JVM: starts Cassandra from the yaml that {@link LocalCassandra}
 * wrote, signals readiness with a file, and stops when its standard input closes, so the node
 * never outlives the process that started it.
 */
public final class CassandraNode {
  private CassandraNode() {}

  public static void main(String[] args) {
    // Watch the parent first, so that even a node that hangs while starting dies with it.
    Thread watch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // The parent never writes; end of input means it closed us or died.
        }
      } catch (IOException e) {
        // stdin is gone: the same as end of input
      }
      // Cassandra's shutdown hook drains the node (flushes memtables) before the JVM ends.
      System.exit(0);
    }, "parent-watch");
    watch.setDaemon(true);
    watch.start();
    try {
      Path dir = Path.of(args[0]);
      new EmbeddedCassandraService().start();
      awaitLive(Integer.parseInt(args[1]));
      Path tmp = dir.resolve(LocalCassandra.READY + ".tmp");
      Files.writeString(tmp, Long.toString(ProcessHandle.current().pid()));
      Files.move(tmp, dir.resolve(LocalCassandra.READY), StandardCopyOption.ATOMIC_MOVE);
    } catch (Throwable t) {
      t.printStackTrace();
      System.exit(1);
    }
  }

  /**
   * Waits until gossip shows {@code nodes} live nodes (this one included), so that a client that
   * connects next finds the whole ring; a peer that never shows is left to the client's own retries.
   */
  private static void awaitLive(int nodes) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (StorageService.instance.getLiveNodes().size() < nodes && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
  }
}

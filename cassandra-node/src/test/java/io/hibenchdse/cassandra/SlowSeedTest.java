package io.hibenchdse.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.tiers.FullTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A node started again on its files while the seed is slow to answer waits for the seed and
 * joins. The seed's JVM is stopped from before the node's start until three seconds after the node
 * has begun to ask it for the ring (Cassandra's shadow round, which its log announces with "Loading
 * persisted ring state"), as a loaded machine can hold a seed; at the tests' 100 ms ring delay the
 * node gave up after one second ("Unable to gossip with any peers"). A node that is not the seed
 * asks the same at its first start.
 */
@FullTier
class SlowSeedTest {
  private static final String ASKING = "Loading persisted ring state";
  /** What the node logs once the seed has answered it. */
  private static final String ANSWERED = "Starting up server gossip";
  private static final long SEED_STOPPED_AFTER_ASKING_MS = 3000;

  @Test
  void aNodeStartedAgainWaitsForASeedThatAnswersLate() throws Exception {
    Path dir = Path.of(System.getProperty("test.build.data", "target/test-data"), "slow-seed");
    try (LocalCassandra cluster = LocalCassandra.start(dir, CassandraSettings.TESTS, 2)) {
      Path log = dir.resolve("node2").resolve("system.log");
      long asked = count(log, ASKING);
      long answered = count(log, ANSWERED);
      long seed = cluster.processes().get(0).pid();
      cluster.kill(1);
      signal("STOP", seed);
      CompletableFuture<Void> again;
      try {
        again = CompletableFuture.runAsync(() -> {
          try {
            cluster.startAgain(1);
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (count(log, ASKING) == asked && !again.isDone() && System.nanoTime() < deadline) {
          Thread.sleep(100);
        }
        assertTrue(count(log, ASKING) > asked, "the node started again asked for the ring: " + log);
        Thread.sleep(SEED_STOPPED_AFTER_ASKING_MS);
        assertTrue(!again.isDone(), "the node's start ended while the seed was stopped (see " + log + ")");
        assertEquals(answered, count(log, ANSWERED), "the node still waits for the seed's answer: " + log);
      } finally {
        signal("CONT", seed);
      }
      again.get(3, TimeUnit.MINUTES);
      assertEquals(answered + 1, count(log, ANSWERED), "the node went on once the seed answered: " + log);
      assertEquals(2, cluster.processes().size(), "both nodes running");
    }
  }

  /** How many lines of the node's log hold {@code text}. */
  private static long count(Path log, String text) throws java.io.IOException {
    try (var lines = Files.lines(log)) {
      return lines.filter(l -> l.contains(text)).count();
    }
  }

  private static void signal(String name, long pid) throws Exception {
    assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor(), "kill -" + name);
  }
}

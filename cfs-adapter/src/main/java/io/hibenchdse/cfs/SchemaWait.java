package io.hibenchdse.cfs;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The waits of a schema change spreading through a cluster: an attempt repeated, a pause apart,
 * until it gives an answer or a minute has passed.
 */
final class SchemaWait {
  /** How long the nodes get to agree on a new schema. */
  static final long TIMEOUT_SECONDS = 60;
  static final long PAUSE_MS = 200;

  /** One try: the answer, or null for "not yet". */
  interface Attempt<T> {
    T run() throws IOException;
  }

  private SchemaWait() {}

  /** The first answer of {@code attempt}; past the timeout an IOException saying {@code timedOut} and how long it waited. */
  static <T> T until(Attempt<T> attempt, long pauseMs, Supplier<String> timedOut) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (true) {
      T answer = attempt.run();
      if (answer != null) {
        return answer;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException(timedOut.get() + " within " + TIMEOUT_SECONDS + " s");
      }
      if (pauseMs > 0) {
        try {
          Thread.sleep(pauseMs);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("cfs: interrupted while waiting for the schema");
        }
      }
    }
  }
}

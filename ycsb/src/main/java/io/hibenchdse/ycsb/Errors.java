package io.hibenchdse.ycsb;

import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;

/**
 * A failed operation: YCSB counts it in its return codes ({@code Return=ERROR}); the first few
 * are also named on stderr with their cause, so a run with errors says what they were.
 */
final class Errors {
  static final int NAMED = 5;
  private static final AtomicInteger SEEN = new AtomicInteger();

  private Errors() {}

  static Status of(String operation, String key, Exception e) {
    return of(Binding.CASSANDRA_CQL, operation, key, e);
  }

  /** The failure of {@code binding}'s {@code operation} on {@code key}. */
  static Status of(Binding binding, String operation, String key, Exception e) {
    int n = SEEN.incrementAndGet();
    if (n <= NAMED) {
      System.err.println(binding + ": " + operation + " " + key + " failed: " + e
          + (n == NAMED ? " (further errors are only counted)" : ""));
    }
    return Status.ERROR;
  }
}

package io.hibenchdse.monitor;

/** Epoch time in nanoseconds that never steps back: the wall clock at start, advanced by {@code System.nanoTime}. */
final class EpochClock {
  private static final long ORIGIN_MS = System.currentTimeMillis();
  private static final long ORIGIN_NANOS = System.nanoTime();

  private EpochClock() {}

  static long nanos() {
    return ORIGIN_MS * 1_000_000L + (System.nanoTime() - ORIGIN_NANOS);
  }
}

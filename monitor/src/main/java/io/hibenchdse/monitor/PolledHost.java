package io.hibenchdse.monitor;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A host read in place on this machine, a reading every interval until closed. */
abstract class PolledHost implements HostSource {
  private final CountDownLatch closed = new CountDownLatch(1);

  /**
   * Longest the files of one reading may take to read. Its stamp, their middle, is then within
   * 2.5 ms of each file's instant: a percent of a rate over a 500 ms sample.
   */
  static final long MAX_SPAN_NANOS = 5_000_000L;
  /** Readings a sample takes at most to be read within {@link #MAX_SPAN_NANOS}: the last is kept however long it took. */
  static final int ATTEMPTS = 5;

  /** The host's files, read now; the stamp is {@link #read}'s. */
  protected abstract ProcReading readFiles() throws IOException;

  /**
   * A reading now, stamped at the middle of the time its files took to read, and read again while
   * that took longer than {@link #MAX_SPAN_NANOS}: on a loaded machine the thread may wait for a
   * core, or a collection pause, between the clock and a file, and a sample's rate would then count
   * one span's bytes over another span's length.
   */
  public final ProcReading read() throws IOException {
    for (int attempt = 1; ; attempt++) {
      long start = EpochClock.nanos();
      ProcReading files = readFiles();
      long end = EpochClock.nanos();
      if (end - start <= MAX_SPAN_NANOS || attempt == ATTEMPTS) {
        return files.at(start + (end - start) / 2);
      }
    }
  }

  @Override
  public void stream(long intervalMs, Consumer<ProcReading> sink) throws IOException {
    long next = System.nanoTime();
    while (closed.getCount() > 0) {
      sink.accept(read());
      next += intervalMs * 1_000_000L;
      try {
        // a wait that close() ends: an interrupt would cut a /proc read short
        closed.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("monitor: interrupted");
      }
    }
  }

  @Override
  public void close() {
    closed.countDown();
  }
}

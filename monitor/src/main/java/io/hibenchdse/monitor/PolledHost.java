package io.hibenchdse.monitor;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A host read in place on this machine, a reading every interval until closed. */
abstract class PolledHost implements HostSource {
  private final CountDownLatch closed = new CountDownLatch(1);

  /** A reading now. */
  public abstract ProcReading read() throws IOException;

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

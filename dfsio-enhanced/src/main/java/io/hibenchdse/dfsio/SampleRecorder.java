package io.hibenchdse.dfsio;

import java.util.Arrays;

/**
 * The sampling inside a map: after every buffer moved, a sample {@code (now, cumulative bytes)} once
 * at least the sample interval has passed since the last one; the time spent here is measured so
 * the report can show what sampling cost.
 */
final class SampleRecorder {
  private final long intervalMs;
  private long[] times = new long[64];
  private long[] cumulative = new long[64];
  private int n;
  private long total;
  private long lastSampleMs;
  private long samplingNanos;

  SampleRecorder(long intervalMs, long startMs) {
    this.intervalMs = intervalMs;
    add(startMs, 0);
  }

  void moved(long bytes) {
    long t0 = System.nanoTime();
    total += bytes;
    long now = System.currentTimeMillis();
    if (now - lastSampleMs >= intervalMs) {
      add(now, total);
    }
    samplingNanos += System.nanoTime() - t0;
  }

  long total() {
    return total;
  }

  private void add(long t, long bytes) {
    if (n == times.length) {
      times = Arrays.copyOf(times, 2 * n);
      cumulative = Arrays.copyOf(cumulative, 2 * n);
    }
    times[n] = t;
    cumulative[n] = bytes;
    n++;
    lastSampleMs = t;
  }

  /** The attempt's record, closed with the sample {@code (endMs, total)}. */
  AttemptSamples finish(String attempt, String file, long endMs, boolean succeeded, String error) {
    if (times[n - 1] < endMs) {
      add(endMs, total);
    } else {
      cumulative[n - 1] = total;
    }
    AttemptSamples s = new AttemptSamples();
    s.attempt = attempt;
    s.file = file;
    s.succeeded = succeeded;
    s.error = error;
    s.startMs = times[0];
    s.endMs = times[n - 1];
    s.bytes = total;
    s.samplingNanos = samplingNanos;
    s.times = Arrays.copyOf(times, n);
    s.cumulativeBytes = Arrays.copyOf(cumulative, n);
    return s;
  }
}

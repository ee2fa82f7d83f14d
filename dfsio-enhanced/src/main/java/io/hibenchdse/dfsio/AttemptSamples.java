package io.hibenchdse.dfsio;

import java.util.Arrays;

/**
 * What one map task attempt moved and when: cumulative bytes sampled over time, from
 * {@code (start, 0)} to {@code (end, total)}. Kept per attempt, so failed and retried attempts are
 * visible and never merged into another attempt's curve.
 */
public class AttemptSamples {
  public String attempt;
  public String file;
  public boolean succeeded;
  /** Why a failed attempt failed. */
  public String error;
  public long startMs;
  public long endMs;
  public long bytes;
  /** Time spent in the sampling code. */
  public long samplingNanos;
  /** Sample times (ms since the epoch) and the cumulative bytes at each, same length. */
  public long[] times;
  public long[] cumulativeBytes;

  public long durationMs() {
    return endMs - startMs;
  }

  /** Cumulative bytes at time {@code t}: 0 before the start, the total after the end, linear between samples. */
  public double bytesAt(double t) {
    if (t <= startMs) {
      return 0;
    }
    if (t >= endMs) {
      return bytes;
    }
    int i = Arrays.binarySearch(times, (long) Math.floor(t));
    if (i >= 0 && times[i] == t) {
      return cumulativeBytes[i];
    }
    int hi = i >= 0 ? i + 1 : -i - 1; // first sample after t
    int lo = hi - 1;
    double span = times[hi] - times[lo];
    if (span == 0) {
      return cumulativeBytes[hi]; // two samples in the same millisecond
    }
    return cumulativeBytes[lo] + (cumulativeBytes[hi] - cumulativeBytes[lo]) * (t - times[lo]) / span;
  }
}

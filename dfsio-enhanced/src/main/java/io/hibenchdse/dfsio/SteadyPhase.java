package io.hibenchdse.dfsio;

import java.util.List;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * EnhancedDFSIO's analysis (docs/methodology.md#time-slots, #steady-phase): time slots of {@code plotInterval} from the earliest map
 * start; per slot the maps running through all of it (concurrency) and the bytes all maps moved in
 * it (each map's sampled curve interpolated at the slot bounds); the steady phase is the slots whose
 * concurrency is at least {@code threshold} times the peak concurrency observed, and the aggregated
 * throughput is the mean over them. The peak is observed, not derived from MRv1 slot counts, which
 * YARN no longer has.
 */
public final class SteadyPhase {
  public final long startMs;
  public final long slotMs;
  public final int[] concurrency;
  /** Bytes per second moved by all maps in each slot. */
  public final double[] throughput;
  public final boolean[] steady;
  public final int peakConcurrency;
  public final double threshold;

  private SteadyPhase(long startMs, long slotMs, int[] concurrency, double[] throughput, double threshold) {
    this.startMs = startMs;
    this.slotMs = slotMs;
    this.concurrency = concurrency;
    this.throughput = throughput;
    this.threshold = threshold;
    int peak = 0;
    for (int c : concurrency) {
      peak = Math.max(peak, c);
    }
    this.peakConcurrency = peak;
    this.steady = new boolean[concurrency.length];
    for (int k = 0; k < concurrency.length; k++) {
      steady[k] = peak > 0 && concurrency[k] >= threshold * peak;
    }
  }

  /** Slots in a run analysed without {@code -plotInterval}: enough to tell ramp-up from steady. */
  static final int AUTO_SLOTS = 50;

  /** The slot width that cuts the maps' run into {@link #AUTO_SLOTS} slots (at least 1 ms). */
  public static long autoSlotMs(List<AttemptSamples> maps) {
    long[] span = span(maps);
    return Math.max(1, (span[1] - span[0] + AUTO_SLOTS - 1) / AUTO_SLOTS);
  }

  /** {earliest start, latest end} of the maps, ms. */
  static long[] span(List<AttemptSamples> maps) {
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    for (AttemptSamples m : maps) {
      start = Math.min(start, m.startMs);
      end = Math.max(end, m.endMs);
    }
    return new long[] {start, end};
  }

  /** Analyses the curves of the maps that moved the data (one successful attempt per file). */
  public static SteadyPhase analyze(List<AttemptSamples> maps, long slotMs, double threshold) {
    if (maps.isEmpty()) {
      throw new IllegalArgumentException("no map to analyse");
    }
    long[] span = span(maps);
    long start = span[0];
    int slots = (int) Math.max(1, (span[1] - start + slotMs - 1) / slotMs);
    int[] concurrency = new int[slots];
    double[] throughput = new double[slots];
    for (AttemptSamples m : maps) {
      double before = m.bytesAt(start);
      for (int k = 0; k < slots; k++) {
        long from = start + k * slotMs;
        long to = from + slotMs;
        double after = m.bytesAt(to);
        throughput[k] += (after - before) * 1000.0 / slotMs;
        before = after;
        if (m.startMs <= from && m.endMs >= to) {
          concurrency[k]++;
        }
      }
    }
    return new SteadyPhase(start, slotMs, concurrency, throughput, threshold);
  }

  public int steadySlots() {
    int n = 0;
    for (boolean s : steady) {
      n += s ? 1 : 0;
    }
    return n;
  }

  private double[] steadyThroughputs() {
    double[] v = new double[steadySlots()];
    int i = 0;
    for (int k = 0; k < steady.length; k++) {
      if (steady[k]) {
        v[i++] = throughput[k];
      }
    }
    return v;
  }

  /** Average of Aggregated Throughput, bytes/s: the mean over the steady slots (NaN without any). */
  public double aggregatedThroughput() {
    return new Mean().evaluate(steadyThroughputs());
  }

  /** Its standard deviation over the steady slots (population: defined for a single slot too). */
  public double aggregatedThroughputStdDev() {
    return new StandardDeviation(false).evaluate(steadyThroughputs());
  }

  /**
   * Bytes all maps had moved at each slot boundary, from the start (0) to the end of the last
   * slot: the stock tool's {@code bytesTotal} column.
   */
  public double[] cumulativeBytes() {
    double[] total = new double[throughput.length + 1];
    for (int k = 0; k < throughput.length; k++) {
      total[k + 1] = total[k] + throughput[k] * slotMs / 1000.0;
    }
    return total;
  }

  /** One character a slot: {@code 1} steady, {@code .} not. */
  public String mask() {
    StringBuilder b = new StringBuilder(steady.length);
    for (boolean s : steady) {
      b.append(s ? '1' : '.');
    }
    return b.toString();
  }

  /** Why no slot is steady, and what to change; null when some slot is. */
  public String whyNoSteadySlot(long longestMapMs) {
    if (steadySlots() > 0) {
      return null;
    }
    return String.format(java.util.Locale.ROOT,
        "no steady slot: no map ran through a whole %d ms slot (the longest map ran %d ms), so peak "
        + "concurrency is 0; use a smaller -plotInterval (or none: slots sized to the run) or a larger -fileSize",
        slotMs, longestMapMs);
  }
}

package io.hibenchdse.dfsio;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;
import java.util.ArrayList;
import java.util.List;

/**
 * What a DFSIOE run measured, as its result record carries it: TestDFSIO's classic figures, the
 * sampling overhead, the steady phase's aggregated throughput (or why there is none), and the
 * attempts that failed. Without the analysis (-skipAnalyze) the steady-phase figures are absent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class DfsioeMetrics {
  @Figure(Unit.COUNT)
  public int files;
  @Figure(Unit.MEBIBYTES)
  public double totalMBytes;
  @Figure(Unit.MEBIBYTES_PER_SECOND)
  public double throughputMbSec;
  @Figure(Unit.MEBIBYTES_PER_SECOND)
  public double averageIoRateMbSec;
  @Figure(Unit.MEBIBYTES_PER_SECOND)
  public double ioRateStdDev;
  @Figure(Unit.SECONDS)
  public double testExecTimeSec;
  /** Share of the attempts' time spent in the sampling code, percent. */
  @Figure(Unit.PERCENT)
  public double samplingOverheadPct;
  /** Throughput times the peak count of maps running at once: the figure vendors quote. */
  @Figure(Unit.MEBIBYTES_PER_SECOND)
  public Double concurrentThroughputMbSec;
  @Figure(Unit.COUNT)
  public Integer peakConcurrency;
  /** Average of Aggregated Throughput over the steady slots. */
  @Figure(Unit.BYTES_PER_SECOND)
  public Double aggregatedThroughputBytesPerSec;
  @Figure(Unit.BYTES_PER_SECOND)
  public Double aggregatedThroughputStdDev;
  /** Why no slot was steady, and what to change; set instead of the aggregated throughput. */
  public String aggregatedThroughputUnavailable;
  @Figure(Unit.COUNT)
  public Integer steadySlots;
  @Figure(Unit.COUNT)
  public Integer slots;
  @Figure(Unit.MILLISECONDS)
  public Long slotMs;
  /** When the first slot began, epoch milliseconds: the slots and their mask on a time axis. */
  @Figure(Unit.MILLISECONDS)
  public Long slotStartMs;
  /** One character a slot: {@code 1} steady, {@code .} not. */
  public String mask;
  /** Aggregated throughput of every slot, bytes/s, for the slot chart. */
  @Figure(Unit.BYTES_PER_SECOND)
  public double[] slotThroughput;
  /** Maps running through the whole of every slot. */
  @Figure(Unit.COUNT)
  public int[] slotConcurrency;
  public List<FailedAttempt> failedAttempts = new ArrayList<>();

  /** An attempt that failed, with what it moved before. */
  public static class FailedAttempt {
    public String attempt;
    public String file;
    @Figure(Unit.BYTES)
    public long bytes;
    @Figure(Unit.MILLISECONDS)
    public long durationMs;
    public String error;
  }

  /** From all attempts (failed ones included), the successful one per file, and the analysis (null: skipped). */
  static DfsioeMetrics of(List<AttemptSamples> attempts, List<AttemptSamples> maps, ClassicMetrics classic, SteadyPhase phase) {
    DfsioeMetrics m = new DfsioeMetrics();
    m.files = classic.files;
    m.totalMBytes = classic.totalMb;
    m.throughputMbSec = classic.throughputMbSec;
    m.averageIoRateMbSec = classic.averageIoRateMbSec;
    m.ioRateStdDev = classic.ioRateStdDev;
    m.testExecTimeSec = classic.execTimeSec;
    double sampling = 0;
    double task = 0;
    for (AttemptSamples a : attempts) {
      sampling += a.samplingNanos;
      task += Math.max(a.durationMs(), 1) * 1e6;
      if (!a.succeeded) {
        FailedAttempt f = new FailedAttempt();
        f.attempt = a.attempt;
        f.file = a.file;
        f.bytes = a.bytes;
        f.durationMs = a.durationMs();
        f.error = a.error;
        m.failedAttempts.add(f);
      }
    }
    m.samplingOverheadPct = 100 * sampling / task;
    if (phase != null) {
      m.concurrentThroughputMbSec = classic.throughputMbSec * phase.peakConcurrency;
      m.peakConcurrency = phase.peakConcurrency;
      if (phase.steadySlots() > 0) {
        m.aggregatedThroughputBytesPerSec = phase.aggregatedThroughput();
        m.aggregatedThroughputStdDev = phase.aggregatedThroughputStdDev();
      } else {
        long longest = 0;
        for (AttemptSamples a : maps) {
          longest = Math.max(longest, a.durationMs());
        }
        m.aggregatedThroughputUnavailable = phase.whyNoSteadySlot(longest);
      }
      m.steadySlots = phase.steadySlots();
      m.slots = phase.steady.length;
      m.slotMs = phase.slotMs;
      m.slotStartMs = phase.startMs;
      m.mask = phase.mask();
      m.slotThroughput = phase.throughput;
      m.slotConcurrency = phase.concurrency;
    }
    return m;
  }
}

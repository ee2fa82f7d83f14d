package io.hibenchdse.dfsio;

import java.util.List;

/**
 * Hadoop TestDFSIO's figures, same definitions and labels: throughput = total MB / the sum of map
 * seconds; average IO rate = the mean of per-map MB/s; its standard deviation; MB = 2^20 bytes.
 */
public final class ClassicMetrics {
  static final double MB = 1 << 20;

  public final int files;
  public final double totalMb;
  public final double throughputMbSec;
  public final double averageIoRateMbSec;
  public final double ioRateStdDev;
  public final double execTimeSec;

  private ClassicMetrics(int files, double totalMb, double throughputMbSec, double averageIoRateMbSec,
      double ioRateStdDev, double execTimeSec) {
    this.files = files;
    this.totalMb = totalMb;
    this.throughputMbSec = throughputMbSec;
    this.averageIoRateMbSec = averageIoRateMbSec;
    this.ioRateStdDev = ioRateStdDev;
    this.execTimeSec = execTimeSec;
  }

  /** From the successful attempts, one per file, and the job's wall time. */
  public static ClassicMetrics of(List<AttemptSamples> maps, double execTimeSec) {
    double bytes = 0;
    double seconds = 0;
    double rates = 0;
    double squares = 0;
    for (AttemptSamples m : maps) {
      double sec = Math.max(m.durationMs(), 1) / 1000.0;
      double rate = m.bytes / MB / sec;
      bytes += m.bytes;
      seconds += sec;
      rates += rate;
      squares += rate * rate;
    }
    int n = maps.size();
    double mean = rates / n;
    return new ClassicMetrics(n, bytes / MB, bytes / MB / seconds, mean,
        Math.sqrt(Math.abs(squares / n - mean * mean)), execTimeSec);
  }
}

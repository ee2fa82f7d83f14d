package io.hibenchdse.dfsio;

import io.hibenchdse.core.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * The stock tool's outputs of a DFSIOE run, from its {@link DfsioeMetrics} and its slots: the
 * console report, the block appended to {@code -resFile}, the throughput CSV, and the per-slot
 * and per-file tables.
 */
final class DfsioeReport {
  /** Longer masks are shown on the console as ranges of steady slots; the files keep the whole mask. */
  static final int CONSOLE_MASK_CHARS = 100;

  final String mode;
  /** When the run ended: the report's "Date & time". */
  final long endMs;
  final DfsioeMetrics metrics;
  final List<AttemptSamples> maps;
  /** Null with -skipAnalyze. */
  final SteadyPhase phase;
  final String unit;
  final double unitBytes;

  DfsioeReport(String mode, long endMs, DfsioeMetrics metrics, List<AttemptSamples> maps, SteadyPhase phase, String unit,
      double unitBytes) {
    this.mode = mode;
    this.endMs = endMs;
    this.metrics = metrics;
    this.maps = maps;
    this.phase = phase;
    this.unit = unit.toUpperCase(Locale.ROOT);
    this.unitBytes = unitBytes;
  }

  /** The console report: the classic block, the steady phase with its mask, overhead, failures. */
  String text() {
    StringWriter s = new StringWriter();
    PrintWriter w = new PrintWriter(s);
    classic(w);
    concurrentThroughput(w);
    if (phase != null) {
      w.printf(Locale.ROOT, "----- EnhancedDFSIO ----- : %s%n", mode);
      if (metrics.aggregatedThroughputBytesPerSec != null) {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput: %.2f %sB/s%n", metrics.aggregatedThroughputBytesPerSec / unitBytes, unit);
        w.printf(Locale.ROOT, "              Standard Deviation: %.2f %sB/s%n", metrics.aggregatedThroughputStdDev / unitBytes, unit);
      } else {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput: unavailable (%s)%n", metrics.aggregatedThroughputUnavailable);
      }
      w.printf(Locale.ROOT, "                    Steady slots: %d of %d (%d ms each; concurrency >= %.2f x peak %d)%n",
          metrics.steadySlots, metrics.slots, metrics.slotMs, phase.threshold, metrics.peakConcurrency);
      w.printf(Locale.ROOT, "                            Mask: %s%n", consoleMask(metrics.mask));
    }
    w.printf(Locale.ROOT, "Sampling overhead: %.4f %% of task time%n", metrics.samplingOverheadPct);
    failedAttempts(w);
    w.flush();
    return s.toString();
  }

  /**
   * The block the stock tool appends to {@code -resFile}, with its labels and layout (scripts grep
   * them): the classic lines, "Extended Metrics", the slots' concurrency, the aggregated throughput
   * and the counted slots; then ours (concurrent throughput, failed attempts).
   */
  String resultFileBlock(String tputFile) {
    StringWriter s = new StringWriter();
    PrintWriter w = new PrintWriter(s);
    classic(w);
    w.println();
    w.printf(Locale.ROOT, "-- Extended Metrics --   : %s%n", mode);
    w.printf(Locale.ROOT, "Result file name         : %s%n", tputFile);
    w.printf(Locale.ROOT, "Sampling overhead        : %s%%%n", metrics.samplingOverheadPct);
    w.printf(Locale.ROOT, "Reference Start Time     : %d%n", SteadyPhase.span(maps)[0]);
    if (phase != null) {
      StringBuilder concurrency = new StringBuilder();
      for (int c : phase.concurrency) {
        concurrency.append(concurrency.length() > 0 ? "," : "").append(c);
      }
      w.println(concurrency);
      String perSec = unit.toLowerCase(Locale.ROOT) + "b/sec";
      if (metrics.aggregatedThroughputBytesPerSec != null) {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput : %s %s%n", metrics.aggregatedThroughputBytesPerSec / unitBytes, perSec);
        w.printf(Locale.ROOT, "              Standard Deviation : %s %s%n", metrics.aggregatedThroughputStdDev / unitBytes, perSec);
        w.printf(Locale.ROOT, "   Time spots Counted in Average : %s %n", metrics.mask);
      } else {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput : unavailable (%s)%n", metrics.aggregatedThroughputUnavailable);
      }
    }
    concurrentThroughput(w);
    failedAttempts(w);
    w.flush();
    return s.toString();
  }

  /** TestDFSIO's block, same labels. */
  private void classic(PrintWriter w) {
    w.printf(Locale.ROOT, "----- TestDFSIO ----- : %s%n", mode);
    w.printf(Locale.ROOT, "            Date & time: %s%n", new Date(endMs));
    w.printf(Locale.ROOT, "        Number of files: %d%n", metrics.files);
    w.printf(Locale.ROOT, " Total MBytes processed: %.2f%n", metrics.totalMBytes);
    w.printf(Locale.ROOT, "      Throughput mb/sec: %.2f%n", metrics.throughputMbSec);
    w.printf(Locale.ROOT, " Average IO rate mb/sec: %.2f%n", metrics.averageIoRateMbSec);
    w.printf(Locale.ROOT, "  IO rate std deviation: %.2f%n", metrics.ioRateStdDev);
    w.printf(Locale.ROOT, "     Test exec time sec: %.3f%n", metrics.testExecTimeSec);
  }

  private void concurrentThroughput(PrintWriter w) {
    if (metrics.peakConcurrency != null && metrics.peakConcurrency > 0) {
      w.printf(Locale.ROOT, "Concurrent throughput mb/sec: %.2f (throughput x %d maps running at once)%n",
          metrics.concurrentThroughputMbSec, metrics.peakConcurrency);
    }
  }

  private void failedAttempts(PrintWriter w) {
    w.printf(Locale.ROOT, "Failed attempts: %d%n", metrics.failedAttempts.size());
    for (DfsioeMetrics.FailedAttempt a : metrics.failedAttempts) {
      w.printf(Locale.ROOT, "  %s on %s: %d bytes in %d ms before %s%n", a.attempt, a.file, a.bytes, a.durationMs, a.error);
    }
  }

  /**
   * A mask as the console shows it: whole when short, else the 0-based ranges of steady slots
   * (a run sliced into thousands of slots would print a line of thousands of characters).
   */
  static String consoleMask(String mask) {
    if (mask.length() <= CONSOLE_MASK_CHARS) {
      return mask;
    }
    StringBuilder ranges = new StringBuilder();
    for (int k = mask.indexOf('1'); k >= 0; ) {
      int end = mask.indexOf('.', k);
      end = end < 0 ? mask.length() : end;
      ranges.append(ranges.length() > 0 ? ", " : "").append(k).append(end - 1 > k ? "-" + (end - 1) : "");
      k = mask.indexOf('1', end);
    }
    return "steady slots " + (ranges.length() > 0 ? ranges : "none") + " of 0-" + (mask.length() - 1)
        + " (the whole mask is in the results file and the JSON)";
  }

  void print(PrintStream out) {
    out.print(text());
  }

  /** Appends {@link #resultFileBlock} to {@code resFile}, as the stock tool does. */
  void appendTo(Path resFile, Path tputFile) throws IOException {
    Results.append(resFile, resultFileBlock(tputFile == null ? "" : tputFile.toString()) + System.lineSeparator());
  }

  /**
   * The stock tool's throughput CSV, appended as it does: no header, one row a slot boundary,
   * {@code slot,bytesTotal,bytesChanged} in {@code -sampleUnit}s (bytes all maps had moved by the
   * slot's start, and in the slot; 0 in the last row).
   */
  void appendStockCsv(Path csv) throws IOException {
    double[] total = phase.cumulativeBytes();
    StringBuilder b = new StringBuilder();
    for (int k = 0; k < total.length; k++) {
      double changed = k + 1 < total.length ? total[k + 1] - total[k] : 0;
      b.append(k).append(',').append(total[k] / unitBytes).append(',').append(changed / unitBytes).append('\n');
    }
    Results.append(csv, b.toString());
  }

  /** Where the per-slot table of {@link #writeCsv} goes beside the stock CSV. */
  static Path slotsCsv(Path stockCsv) {
    return stockCsv.resolveSibling(stockCsv.getFileName().toString().replaceFirst("\\.csv$", "") + "-slots.csv");
  }

  /** slot, seconds, concurrency, aggregated bytes/s, steady: one row a slot. */
  void writeCsv(Path csv) throws IOException {
    StringBuilder b = new StringBuilder("slot,seconds,concurrency,aggregated_bytes_per_sec,steady\n");
    for (int k = 0; k < phase.throughput.length; k++) {
      b.append(String.format(Locale.ROOT, "%d,%.3f,%d,%.1f,%d%n", k, k * phase.slotMs / 1000.0,
          phase.concurrency[k], phase.throughput[k], phase.steady[k] ? 1 : 0));
    }
    Files.write(csv, b.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** One CSV per file beside {@code csv}: that file's map throughput in the same slots. */
  void writeCsvPerFile(Path csv) throws IOException {
    String name = csv.getFileName().toString().replaceFirst("\\.csv$", "");
    for (AttemptSamples m : maps) {
      StringBuilder b = new StringBuilder("slot,seconds,bytes_per_sec\n");
      double before = m.bytesAt(phase.startMs);
      for (int k = 0; k < phase.throughput.length; k++) {
        double after = m.bytesAt(phase.startMs + (k + 1) * phase.slotMs);
        b.append(String.format(Locale.ROOT, "%d,%.3f,%.1f%n", k, k * phase.slotMs / 1000.0,
            (after - before) * 1000.0 / phase.slotMs));
        before = after;
      }
      Files.write(csv.resolveSibling(name + "-" + m.file + ".csv"), b.toString().getBytes(StandardCharsets.UTF_8));
    }
  }
}

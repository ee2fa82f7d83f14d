package io.hibenchdse.dfsio;

import io.hibenchdse.core.Results;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report of a DFSIOE run: TestDFSIO's classic block with its labels, the concurrent throughput
 * vendors quote, the steady-phase aggregated throughput with its slot mask, the sampling overhead,
 * failed attempts, and the per-slot table as CSV.
 */
final class DfsioeReport {
  final String mode;
  final List<AttemptSamples> attempts;
  final List<AttemptSamples> maps;
  final ClassicMetrics classic;
  /** Null with -skipAnalyze. */
  final SteadyPhase phase;
  final String unit;
  final double unitBytes;

  DfsioeReport(String mode, List<AttemptSamples> attempts, List<AttemptSamples> maps, ClassicMetrics classic,
      SteadyPhase phase, String unit, double unitBytes) {
    this.mode = mode;
    this.attempts = attempts;
    this.maps = maps;
    this.classic = classic;
    this.phase = phase;
    this.unit = unit.toUpperCase(Locale.ROOT);
    this.unitBytes = unitBytes;
  }

  List<AttemptSamples> failed() {
    List<AttemptSamples> failed = new ArrayList<>();
    for (AttemptSamples a : attempts) {
      if (!a.succeeded) {
        failed.add(a);
      }
    }
    return failed;
  }

  /** Share of the attempts' time spent in the sampling code, percent. */
  double samplingOverheadPct() {
    double sampling = 0;
    double task = 0;
    for (AttemptSamples a : attempts) {
      sampling += a.samplingNanos;
      task += Math.max(a.durationMs(), 1) * 1e6;
    }
    return 100 * sampling / task;
  }

  String whyNoSteadySlot() {
    if (phase == null) {
      return null;
    }
    long longest = 0;
    for (AttemptSamples m : maps) {
      longest = Math.max(longest, m.durationMs());
    }
    return phase.whyNoSteadySlot(longest);
  }

  /** The console report: the classic block, the steady phase with its mask, overhead, failures. */
  String text() {
    StringWriter s = new StringWriter();
    PrintWriter w = new PrintWriter(s);
    classic(w);
    concurrentThroughput(w);
    if (phase != null) {
      w.printf(Locale.ROOT, "----- EnhancedDFSIO ----- : %s%n", mode);
      if (phase.steadySlots() > 0) {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput: %.2f %sB/s%n", phase.aggregatedThroughput() / unitBytes, unit);
        w.printf(Locale.ROOT, "              Standard Deviation: %.2f %sB/s%n", phase.aggregatedThroughputStdDev() / unitBytes, unit);
      } else {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput: unavailable (%s)%n", whyNoSteadySlot());
      }
      w.printf(Locale.ROOT, "                    Steady slots: %d of %d (%d ms each; concurrency >= %.2f x peak %d)%n",
          phase.steadySlots(), phase.steady.length, phase.slotMs, phase.threshold, phase.peakConcurrency);
      w.printf(Locale.ROOT, "                            Mask: %s%n", phase.mask());
    }
    w.printf(Locale.ROOT, "Sampling overhead: %.4f %% of task time%n", samplingOverheadPct());
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
    w.printf(Locale.ROOT, "Sampling overhead        : %s%%%n", samplingOverheadPct());
    w.printf(Locale.ROOT, "Reference Start Time     : %d%n", SteadyPhase.span(maps)[0]);
    if (phase != null) {
      StringBuilder concurrency = new StringBuilder();
      for (int c : phase.concurrency) {
        concurrency.append(concurrency.length() > 0 ? "," : "").append(c);
      }
      w.println(concurrency);
      String perSec = unit.toLowerCase(Locale.ROOT) + "b/sec";
      if (phase.steadySlots() > 0) {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput : %s %s%n", phase.aggregatedThroughput() / unitBytes, perSec);
        w.printf(Locale.ROOT, "              Standard Deviation : %s %s%n", phase.aggregatedThroughputStdDev() / unitBytes, perSec);
        w.printf(Locale.ROOT, "   Time spots Counted in Average : %s %n", phase.mask());
      } else {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput : unavailable (%s)%n", whyNoSteadySlot());
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
    w.printf(Locale.ROOT, "            Date & time: %s%n", new Date());
    w.printf(Locale.ROOT, "        Number of files: %d%n", classic.files);
    w.printf(Locale.ROOT, " Total MBytes processed: %.2f%n", classic.totalMb);
    w.printf(Locale.ROOT, "      Throughput mb/sec: %.2f%n", classic.throughputMbSec);
    w.printf(Locale.ROOT, " Average IO rate mb/sec: %.2f%n", classic.averageIoRateMbSec);
    w.printf(Locale.ROOT, "  IO rate std deviation: %.2f%n", classic.ioRateStdDev);
    w.printf(Locale.ROOT, "     Test exec time sec: %.3f%n", classic.execTimeSec);
  }

  private void concurrentThroughput(PrintWriter w) {
    if (phase != null && phase.peakConcurrency > 0) {
      w.printf(Locale.ROOT, "Concurrent throughput mb/sec: %.2f (throughput x %d maps running at once)%n",
          classic.throughputMbSec * phase.peakConcurrency, phase.peakConcurrency);
    }
  }

  private void failedAttempts(PrintWriter w) {
    List<AttemptSamples> failed = failed();
    w.printf(Locale.ROOT, "Failed attempts: %d%n", failed.size());
    for (AttemptSamples a : failed) {
      w.printf(Locale.ROOT, "  %s on %s: %d bytes in %d ms before %s%n", a.attempt, a.file, a.bytes, a.durationMs(), a.error);
    }
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

  void addMetrics(Map<String, Object> metrics) {
    metrics.put("files", classic.files);
    metrics.put("totalMBytes", classic.totalMb);
    metrics.put("throughputMbSec", classic.throughputMbSec);
    metrics.put("averageIoRateMbSec", classic.averageIoRateMbSec);
    metrics.put("ioRateStdDev", classic.ioRateStdDev);
    metrics.put("testExecTimeSec", classic.execTimeSec);
    metrics.put("samplingOverheadPct", samplingOverheadPct());
    if (phase != null) {
      metrics.put("concurrentThroughputMbSec", classic.throughputMbSec * phase.peakConcurrency);
      metrics.put("peakConcurrency", phase.peakConcurrency);
      if (phase.steadySlots() > 0) {
        metrics.put("aggregatedThroughputBytesPerSec", phase.aggregatedThroughput());
        metrics.put("aggregatedThroughputStdDev", phase.aggregatedThroughputStdDev());
      } else {
        metrics.put("aggregatedThroughputUnavailable", whyNoSteadySlot());
      }
      metrics.put("steadySlots", phase.steadySlots());
      metrics.put("slots", phase.steady.length);
      metrics.put("slotMs", phase.slotMs);
      metrics.put("mask", phase.mask());
    }
    List<Map<String, Object>> failed = new ArrayList<>();
    for (AttemptSamples a : failed()) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("attempt", a.attempt);
      f.put("file", a.file);
      f.put("bytes", a.bytes);
      f.put("error", a.error);
      failed.add(f);
    }
    metrics.put("failedAttempts", failed);
  }
}

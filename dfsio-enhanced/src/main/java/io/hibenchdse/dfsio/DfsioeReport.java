package io.hibenchdse.dfsio;

import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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

  String text() {
    StringWriter s = new StringWriter();
    PrintWriter w = new PrintWriter(s);
    w.printf(Locale.ROOT, "----- TestDFSIO ----- : %s%n", mode);
    w.printf(Locale.ROOT, "            Date & time: %s%n", new Date());
    w.printf(Locale.ROOT, "        Number of files: %d%n", classic.files);
    w.printf(Locale.ROOT, " Total MBytes processed: %.2f%n", classic.totalMb);
    w.printf(Locale.ROOT, "      Throughput mb/sec: %.2f%n", classic.throughputMbSec);
    w.printf(Locale.ROOT, " Average IO rate mb/sec: %.2f%n", classic.averageIoRateMbSec);
    w.printf(Locale.ROOT, "  IO rate std deviation: %.2f%n", classic.ioRateStdDev);
    w.printf(Locale.ROOT, "     Test exec time sec: %.3f%n", classic.execTimeSec);
    if (phase != null && phase.peakConcurrency > 0) {
      w.printf(Locale.ROOT, "Concurrent throughput mb/sec: %.2f (throughput x %d maps running at once)%n",
          classic.throughputMbSec * phase.peakConcurrency, phase.peakConcurrency);
    }
    if (phase != null) {
      w.printf(Locale.ROOT, "----- EnhancedDFSIO ----- : %s%n", mode);
      if (phase.steadySlots() > 0) {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput: %.2f %sB/s%n", phase.aggregatedThroughput() / unitBytes, unit);
        w.printf(Locale.ROOT, "              Standard Deviation: %.2f %sB/s%n", phase.aggregatedThroughputStdDev() / unitBytes, unit);
      } else {
        w.printf(Locale.ROOT, "Average of Aggregated Throughput: none (%s)%n", whyNoSteadySlot());
      }
      w.printf(Locale.ROOT, "                    Steady slots: %d of %d (%d ms each; concurrency >= %.2f x peak %d)%n",
          phase.steadySlots(), phase.steady.length, phase.slotMs, phase.threshold, phase.peakConcurrency);
      w.printf(Locale.ROOT, "                            Mask: %s%n", phase.mask());
    }
    w.printf(Locale.ROOT, "Sampling overhead: %.4f %% of task time%n", samplingOverheadPct());
    List<AttemptSamples> failed = failed();
    w.printf(Locale.ROOT, "Failed attempts: %d%n", failed.size());
    for (AttemptSamples a : failed) {
      w.printf(Locale.ROOT, "  %s on %s: %d bytes in %d ms before %s%n", a.attempt, a.file, a.bytes, a.durationMs(), a.error);
    }
    w.flush();
    return s.toString();
  }

  void print(PrintStream out) {
    out.print(text());
  }

  void appendTo(Path resFile) throws IOException {
    Files.write(resFile, (text() + System.lineSeparator()).getBytes(StandardCharsets.UTF_8),
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
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
      metrics.put("aggregatedThroughputBytesPerSec", phase.aggregatedThroughput());
      metrics.put("aggregatedThroughputStdDev", phase.aggregatedThroughputStdDev());
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

package io.hibenchdse.core;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * Writes results where HiBench users look for them: a line in {@code hibench.report} (SPEC §6) and
 * the full record as one JSON line in {@code hibench.jsonl}, both in {@code hibench.report.dir}
 * on the launching machine, when it is set (bin/hibench and run-all.sh set it).
 */
public final class Results {
  public static final String REPORT_DIR = "hibench.report.dir";
  public static final String DEFAULT_REPORT_DIR = "report";
  public static final String REPORT_FILE = "hibench.report";
  public static final String JSON_FILE = "hibench.jsonl";
  static final String LINE_FORMAT = "%-20s %-10s %-8s %-20s %-20s %-20s %-20s%n";
  public static final String HEADER = String.format(Locale.ROOT, LINE_FORMAT, "Type", "Date", "Time",
      "Input_data_size", "Duration(s)", "Throughput(bytes/s)", "Throughput/node");

  static final ObjectMapper JSON = new ObjectMapper();

  private Results() {}

  public static Path reportDir(Configuration conf) {
    return Paths.get(conf.get(REPORT_DIR, DEFAULT_REPORT_DIR));
  }

  /** The hibench.report line of a run. */
  public static String reportLine(RunResult r) {
    Date start = new Date(r.startMs);
    return String.format(Locale.ROOT, LINE_FORMAT, r.type,
        new SimpleDateFormat("yyyy-MM-dd", Locale.ROOT).format(start),
        new SimpleDateFormat("HH:mm:ss", Locale.ROOT).format(start),
        r.inputBytes, String.format(Locale.ROOT, "%.3f", r.durationSec),
        Math.round(r.throughputBytesPerSec), Math.round(r.throughputPerNode));
  }

  public static String toJson(RunResult r) {
    try {
      return JSON.writeValueAsString(r);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static RunResult fromJson(String line) throws IOException {
    return JSON.readValue(line, RunResult.class);
  }

  /** Whether this run writes result files: only where {@link #REPORT_DIR} is set (SPEC §0). */
  public static boolean reporting(Configuration conf) {
    return conf.get(REPORT_DIR) != null;
  }

  /**
   * Appends the run to the report and the JSON lines file in {@link #REPORT_DIR}, creating them as
   * needed; without it, writes nothing: run by `hadoop jar` inside a HiBench installation, the
   * installation's own report/hibench.report would get every run twice.
   */
  public static void publish(Configuration conf, RunResult r) throws IOException {
    if (!reporting(conf)) {
      return;
    }
    Path dir = reportDir(conf);
    Files.createDirectories(dir);
    Path report = dir.resolve(REPORT_FILE);
    if (!Files.exists(report)) {
      Files.write(report, HEADER.getBytes(StandardCharsets.UTF_8));
    }
    append(report, reportLine(r));
    append(dir.resolve(JSON_FILE), toJson(r) + "\n");
  }

  /** Appends {@code text} to a local file, creating it: every result file here grows by appending. */
  public static void append(Path file, String text) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      w.write(text);
    }
  }
}

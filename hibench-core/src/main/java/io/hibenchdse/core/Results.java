package io.hibenchdse.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Where a run's results go: {@code hibench.report} and {@code hibench.jsonl} in
 * {@code hibench.report.dir} on the launching machine, when it is set (bin/hibench and run-all.sh
 * set it), each written by its {@link ResultExporter}.
 */
public final class Results {
  public static final String DEFAULT_REPORT_DIR = "report";
  public static final String REPORT_FILE = "hibench.report";
  public static final String JSON_FILE = "hibench.jsonl";
  /**
   * Environment variable: {@link HibenchConfigKeys#RECORDS_DIR} for the tools of a command run by
   * {@code bin/hibench monitor}, which cannot pass them a setting.
   */
  public static final String RECORDS_DIR_ENV = "HIBENCH_RECORDS_DIR";

  private Results() {}

  public static Path reportDir(Configuration conf) {
    return Paths.get(conf.get(HibenchConfigKeys.REPORT_DIR, DEFAULT_REPORT_DIR));
  }

  /** Whether this run writes result files: only where {@link HibenchConfigKeys#REPORT_DIR} is set (docs/reports.md#report-directory). */
  public static boolean reporting(Configuration conf) {
    return conf.get(HibenchConfigKeys.REPORT_DIR) != null;
  }

  /** The exporters of a run's records in {@code dir}. */
  public static List<ResultExporter> exporters(Path dir) {
    return Arrays.asList(new HibenchReportExporter(dir.resolve(REPORT_FILE)), new JsonLinesExporter(dir.resolve(JSON_FILE)));
  }

  /** Where a run's records go: {@link HibenchConfigKeys#RECORDS_DIR}, {@link #RECORDS_DIR_ENV}, or the report directory. */
  public static Path recordsDir(Configuration conf) {
    String dir = conf.get(HibenchConfigKeys.RECORDS_DIR, System.getenv(RECORDS_DIR_ENV));
    return dir != null && !dir.isEmpty() ? Paths.get(dir) : reportDir(conf);
  }

  /**
   * Adds the run to every result file in {@link #recordsDir}, creating them as needed; without
   * {@link HibenchConfigKeys#REPORT_DIR}, writes nothing: run by `hadoop jar` inside a HiBench
   * installation, the installation's own report/hibench.report would get every run twice.
   */
  public static void publish(Configuration conf, RunResult r) throws IOException {
    if (reporting(conf)) {
      publishTo(recordsDir(conf), r);
    }
  }

  /** Adds the run to every result file in {@code dir}, creating them as needed. */
  public static void publishTo(Path dir, RunResult r) throws IOException {
    Files.createDirectories(dir);
    for (ResultExporter e : exporters(dir)) {
      e.export(r);
    }
  }

  /** Where the records of what runs next begin in {@code dir}'s hibench.jsonl: its size now. */
  public static long mark(Path dir) throws IOException {
    Path json = dir.resolve(JSON_FILE);
    return Files.exists(json) ? Files.size(json) : 0;
  }

  /** The records added to {@code dir}'s hibench.jsonl since {@code mark}, in order; lines this version cannot read left out. */
  public static List<RunResult> since(Path dir, long mark) throws IOException {
    List<RunResult> added = new ArrayList<>();
    for (String line : linesSince(dir.resolve(JSON_FILE), mark)) {
      try {
        if (!line.trim().isEmpty()) {
          added.add(JsonLinesExporter.fromJson(line));
        }
      } catch (IOException e) {
        // not a record this version reads
      }
    }
    return added;
  }

  /** The lines of {@code json} from byte {@code mark} on, read from there; none when it has not grown. */
  private static List<String> linesSince(Path json, long mark) throws IOException {
    List<String> lines = new ArrayList<>();
    if (!Files.exists(json)) {
      return lines;
    }
    try (SeekableByteChannel file = Files.newByteChannel(json);
        BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(file.position(mark)), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** Appends {@code text} to a local file, creating it: every result file here grows by appending. */
  public static void append(Path file, String text) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      w.write(text);
    }
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
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

  /**
   * Adds the run to every result file in {@link HibenchConfigKeys#REPORT_DIR}, creating them as needed; without it,
   * writes nothing: run by `hadoop jar` inside a HiBench installation, the installation's own
   * report/hibench.report would get every run twice.
   */
  public static void publish(Configuration conf, RunResult r) throws IOException {
    if (!reporting(conf)) {
      return;
    }
    Path dir = reportDir(conf);
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
    byte[] all = Files.exists(dir.resolve(JSON_FILE)) ? Files.readAllBytes(dir.resolve(JSON_FILE)) : new byte[0];
    for (String line : linesSince(all, mark)) {
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

  /** The lines of hibench.jsonl's bytes {@code all} from {@code mark} on; none when it has not grown. */
  private static String[] linesSince(byte[] all, long mark) {
    return all.length <= mark ? new String[0] : new String(all, (int) mark, all.length - (int) mark, StandardCharsets.UTF_8).split("\n");
  }

  /**
   * Rewrites the records added to {@code dir}'s hibench.jsonl since {@code mark} as {@code amend}
   * changes them (a monitor adds what each run used); the file is replaced whole, so a reader never
   * sees half of it, and nothing else may write it meanwhile (the suite and run-all.sh run one step
   * at a time). A line this version cannot read is kept as it was. Returns the records as amended.
   */
  public static List<RunResult> amendSince(Path dir, long mark, Function<RunResult, RunResult> amend) throws IOException {
    Path json = dir.resolve(JSON_FILE);
    List<RunResult> amended = new ArrayList<>();
    if (!Files.exists(json) || Files.size(json) <= mark) {
      return amended;
    }
    byte[] all = Files.readAllBytes(json);
    StringBuilder tail = new StringBuilder();
    for (String line : linesSince(all, mark)) {
      if (line.trim().isEmpty()) {
        continue;
      }
      RunResult r;
      try {
        r = JsonLinesExporter.fromJson(line);
      } catch (IOException e) {
        tail.append(line).append('\n'); // not a record this version reads: kept as it was
        continue;
      }
      r = amend.apply(r);
      amended.add(r);
      tail.append(JsonLinesExporter.toJson(r)).append('\n');
    }
    Path tmp = json.resolveSibling(JSON_FILE + ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        out.write(all, 0, (int) mark);
        out.write(tail.toString().getBytes(StandardCharsets.UTF_8));
      }
      Files.move(tmp, json, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
    return amended;
  }

  /** Appends {@code text} to a local file, creating it: every result file here grows by appending. */
  public static void append(Path file, String text) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      w.write(text);
    }
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
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

  /** Appends {@code text} to a local file, creating it: every result file here grows by appending. */
  public static void append(Path file, String text) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
      w.write(text);
    }
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;

/**
 * HiBench's {@code hibench.report} (docs/reports.md#hibenchreport): a header, then one fixed-width line per run, the
 * columns HiBench's own scripts and users' spreadsheets read.
 */
public final class HibenchReportExporter implements ResultExporter {
  private static final String LINE_FORMAT = "%-20s %-10s %-8s %-20s %-20s %-20s %-20s%n";
  public static final String HEADER = String.format(Locale.ROOT, LINE_FORMAT, "Type", "Date", "Time",
      "Input_data_size", "Duration(s)", "Throughput(bytes/s)", "Throughput/node");

  private final Path file;

  public HibenchReportExporter(Path file) {
    this.file = file;
  }

  @Override
  public void export(RunResult r) throws IOException {
    if (!Files.exists(file)) {
      Files.write(file, HEADER.getBytes(StandardCharsets.UTF_8));
    }
    Results.append(file, line(r));
  }

  /** The report line of a run, in the local time zone as HiBench writes it. */
  public static String line(RunResult r) {
    Date start = new Date(r.startMs());
    return String.format(Locale.ROOT, LINE_FORMAT, r.type(),
        new SimpleDateFormat("yyyy-MM-dd", Locale.ROOT).format(start),
        new SimpleDateFormat("HH:mm:ss", Locale.ROOT).format(start),
        r.inputBytes(), String.format(Locale.ROOT, "%.3f", r.durationSec()),
        Math.round(r.throughputBytesPerSec()), Math.round(r.throughputPerNode()));
  }
}

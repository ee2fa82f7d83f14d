package io.hibenchdse.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A suite run's summary in every form: the console table, summary.csv and summary.json beside
 * hibench.report, the time-against-size chart (summary.png, .svg), engines.csv where Spark ran beside
 * MapReduce, and the HTML report.
 */
public final class SummaryReport {
  private SummaryReport() {}

  /** Writes every file of the summary of {@code measurements} into {@code dir}; returns its rows. */
  public static List<Summary.Row> write(List<Measurement> measurements, Path dir) throws IOException {
    List<Summary.Row> rows = Summary.rows(measurements);
    Files.createDirectories(dir);
    CsvTable.write(Summary.COLUMNS, rows, dir.resolve("summary.csv"));
    JsonTable.write(rows, dir.resolve("summary.json"));
    ReportCharts.write(ReportCharts.scaling("Time against data size", rows), dir, "summary");
    List<Comparison.Row> engines = Comparison.engines(rows);
    if (!engines.isEmpty()) {
      CsvTable.write(Comparison.COLUMNS, engines, dir.resolve(ENGINES_CSV));
    }
    HtmlReport.write(measurements, rows, engines, dir);
    return rows;
  }

  /** Spark's workloads against their MapReduce counterparts, where a run has both. */
  public static final String ENGINES_CSV = "engines.csv";
  /** What the engines' table compares, as the console and the page say it. */
  static final String ENGINES_CAPTION = "Spark (B) against MapReduce (A) on the same data: each Spark workload beside its"
      + " MapReduce counterpart (spark-wordcount: wordcount, spark-sort: sort, spark-scan: Hive's scan, ...), ratios B/A";

  /** The summary's table on the console, and the engines' where a run has both. */
  public static void print(List<Summary.Row> rows, PrintStream out) {
    ConsoleTable.print(Summary.COLUMNS, rows, out);
    Summary.best(rows).forEach(b -> out.println(b.describe()));
    Summary.precisionNotReached(rows).forEach(out::println);
    List<Comparison.Row> engines = Comparison.engines(rows);
    if (!engines.isEmpty()) {
      out.println();
      out.println(ENGINES_CAPTION + ":");
      ConsoleTable.print(Comparison.COLUMNS, engines, out);
    }
  }
}

package io.hibenchdse.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.apache.velocity.VelocityContext;

/** A comparison in every form: the console table, compare.csv, compare.json and compare.html with its ratio chart. */
public final class ComparisonReport {
  private ComparisonReport() {}

  /** The comparison's table on the console. */
  public static void print(Comparison c, PrintStream console) {
    ConsoleTable.print(Comparison.COLUMNS, c.rows(), console);
  }

  /** compare.csv, compare.json and compare.html (with the ratio chart, also as charts/ratios.png and .svg) in {@code out}. */
  public static void write(Comparison c, Path out) throws IOException {
    Files.createDirectories(out);
    CsvTable.write(Comparison.COLUMNS, c.rows(), out.resolve("compare.csv"));
    JsonTable.write(c.rows(), out.resolve("compare.json"));
    CsvTable.write(Comparison.UTILIZATION, c.utilization(), out.resolve("compare-utilization.csv"));
    VelocityContext context = new VelocityContext();
    context.put("a", c.a().toString());
    context.put("b", c.b().toString());
    context.put("generated", ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME));
    context.put("differences", c.differences());
    context.put("table", HtmlReport.Grid.of(Comparison.COLUMNS, Format.PAGE, c.rows()));
    context.put("utilization", HtmlReport.Grid.of(Comparison.UTILIZATION, Format.PAGE, c.utilization()));
    context.put("chart", HtmlReport.chart(ReportCharts.ratios(c.rows()), out.resolve(HtmlReport.CHARTS), "ratios",
        "B's mean time and mean throughput as ratios of A's; the line at 1 is parity"));
    HtmlReport.render("io/hibenchdse/report/compare.html.vm", context, out.resolve("compare.html"));
  }
}

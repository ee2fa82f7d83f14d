package io.hibenchdse.launcher.report;

import static io.hibenchdse.launcher.report.HtmlReport.fmt;

import java.util.function.Function;

/**
 * A column of a report table as one format shows it: its heading, its width on the console
 * (negative: left-aligned; unused by the files) and its cell for a row.
 */
public record Column<R>(String heading, int width, Function<R, String> cell) {
  /** A column whose cell is {@code value} formatted with {@code format}. */
  public static <R> Column<R> of(String heading, int width, String format, Function<R, Object> value) {
    return new Column<>(heading, width, r -> fmt(format, value.apply(r)));
  }
}

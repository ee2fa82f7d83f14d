package io.hibenchdse.report;

import static io.hibenchdse.report.HtmlReport.fmt;

import java.util.ArrayList;
import java.util.List;
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

  /** {@code columns} with a "Point" column (a series' point) after the profile's, where a row has a point. */
  static <R> List<Column<R>> withPoint(List<Column<R>> columns, List<R> rows, Function<R, String> point, int width) {
    if (rows.stream().allMatch(r -> point.apply(r) == null)) {
      return columns;
    }
    // on the console, as wide as the longest label, so the columns after it stay aligned
    int longest = rows.stream().map(point).filter(java.util.Objects::nonNull).mapToInt(String::length).max().orElse(0);
    int w = width == 0 ? 0 : Integer.signum(width) * Math.max(Math.abs(width), longest);
    List<Column<R>> all = new ArrayList<>(columns);
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).heading().equalsIgnoreCase("profile")) {
        all.add(i + 1, new Column<>("Point", w, r -> point.apply(r) == null ? "-" : point.apply(r)));
        return all;
      }
    }
    throw new IllegalArgumentException("no profile column");
  }
}

package io.hibenchdse.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.commons.text.StringEscapeUtils;

/**
 * A report table as CSV: the columns' names as the header line, then a line a row, a cell with a
 * comma (a series' point, {@code maps=4,reduces=2}) quoted as RFC 4180 has it.
 */
public final class CsvTable {
  private CsvTable() {}

  public static <R> void write(Columns<R> table, List<R> rows, Path file) throws IOException {
    List<Columns.Shown<R>> columns = table.in(Format.FILE, rows);
    StringBuilder csv = new StringBuilder(columns.stream().map(Columns.Shown::heading).collect(Collectors.joining(","))).append('\n');
    for (R r : rows) {
      csv.append(columns.stream().map(c -> StringEscapeUtils.escapeCsv(c.cell(r))).collect(Collectors.joining(","))).append('\n');
    }
    Files.writeString(file, csv);
  }
}

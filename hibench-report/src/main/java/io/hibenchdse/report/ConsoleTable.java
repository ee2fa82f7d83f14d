package io.hibenchdse.report;

import java.io.PrintStream;
import java.util.List;

/** A report table on the console: a heading line, then a line a row, each cell in its column's width. */
public final class ConsoleTable {
  private ConsoleTable() {}

  public static <R> void print(Columns<R> table, List<R> rows, PrintStream out) {
    List<Columns.Shown<R>> columns = table.in(Format.CONSOLE, rows);
    StringBuilder line = new StringBuilder();
    for (Columns.Shown<R> c : columns) {
      cell(line, c.heading(), c.width());
    }
    out.println(line);
    for (R r : rows) {
      line.setLength(0);
      for (Columns.Shown<R> c : columns) {
        cell(line, c.cell(r), c.width());
      }
      out.println(line);
    }
  }

  private static void cell(StringBuilder line, String text, int width) {
    if (line.length() > 0) {
      line.append(' ');
    }
    line.append(String.format("%" + width + "s", text));
  }
}

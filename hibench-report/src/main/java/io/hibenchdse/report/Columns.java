package io.hibenchdse.report;

import io.hibenchdse.core.Unit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A report table's columns, each declared once; every {@link Format} takes those it shows, in their order. */
public final class Columns<R> {
  /** A column as one format shows it: its heading and its width on the console. */
  public record Shown<R>(String heading, int width, Column<R> column, Format format) {
    public String cell(R row) {
      return column.cell(format, row);
    }

    /** Whether its cells are figures, which a page aligns right, rather than words. */
    public boolean figure() {
      return column.unit() != Unit.TEXT;
    }
  }

  private final List<Column<R>> columns;

  private Columns(List<Column<R>> columns) {
    this.columns = columns;
  }

  @SafeVarargs
  public static <R> Columns<R> of(Column<R>... columns) {
    return new Columns<>(List.of(columns));
  }

  public static <R> Columns<R> of(List<Column<R>> columns) {
    return new Columns<>(List.copyOf(columns));
  }

  /** The columns {@code format} shows for {@code rows}. */
  public List<Shown<R>> in(Format format, List<R> rows) {
    List<Shown<R>> shown = new ArrayList<>();
    Shown<R> label = null;
    for (Column<R> c : columns) {
      if (!c.in(format)) {
        continue;
      }
      Shown<R> s = new Shown<>(c.heading(format), c.width(), c, format);
      if (c.isLabel() && format != Format.FILE) {
        label = s;
      } else {
        shown.add(s);
      }
    }
    if (label != null) {
      placeLabel(shown, label, rows);
    }
    return shown;
  }

  /** The label beside the profile where a row has one; on the console as wide as the longest, so the columns after it stay aligned. */
  private void placeLabel(List<Shown<R>> shown, Shown<R> label, List<R> rows) {
    List<String> labels = rows.stream().map(r -> label.column().cell(Format.FILE, r)).filter(l -> !l.isEmpty()).toList();
    if (labels.isEmpty()) {
      return;
    }
    int longest = labels.stream().mapToInt(String::length).max().orElse(0);
    int width = label.width() == 0 ? 0 : Integer.signum(label.width()) * Math.max(Math.abs(label.width()), longest);
    for (int i = 0; i < shown.size(); i++) {
      if (Objects.equals(shown.get(i).column().name(), "profile")) {
        shown.add(i + 1, new Shown<>(label.heading(), width, label.column(), label.format()));
        return;
      }
    }
    throw new IllegalStateException("a label without a profile column to stand beside");
  }
}

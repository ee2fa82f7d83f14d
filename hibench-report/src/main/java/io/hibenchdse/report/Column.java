package io.hibenchdse.report;

import static io.hibenchdse.report.HtmlReport.fmt;

import io.hibenchdse.core.Unit;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Function;

/**
 * A column of a report table, declared once for every {@link Format}: its name in the files, its
 * heading on the console and on the pages (the unit's symbol added to both), its {@link Unit}, and
 * its cell. A figure's cell is its value in the column's format, the files' precision unless
 * {@link #shownWith} gives the console's and pages'; a missing figure (null, NaN) is empty in the files
 * and "-" elsewhere. A column without a file name is shown only (a mean with its sigma, an
 * interval); one without headings is in the files only.
 */
public final class Column<R> {
  private final String name;
  private final Unit unit;
  private final Function<R, ?> value;
  private final String format;
  private String shownFormat;
  private Function<R, String> shownCell;
  private String consoleHeading;
  private int width;
  private String pageHeading;
  private final Set<Format> formats = EnumSet.noneOf(Format.class);
  private boolean label;

  private Column(String name, Unit unit, String format, Function<R, ?> value) {
    this.name = name;
    this.unit = unit;
    this.format = format;
    this.shownFormat = format;
    this.value = value;
    if (name != null) {
      formats.add(Format.FILE);
    }
  }

  /** Words, named {@code name} in the files. */
  public static <R> Column<R> text(String name, Function<R, String> value) {
    return new Column<>(name, Unit.TEXT, "%s", value);
  }

  /** A figure in {@code unit}, named {@code name} in the files and written there with {@code format}. */
  public static <R> Column<R> figure(String name, Unit unit, String format, Function<R, ? extends Number> value) {
    return new Column<>(name, unit, format, value);
  }

  /** A cell only the console and the pages show, in {@code unit}: several figures in one (a mean with its sigma, an interval). */
  public static <R> Column<R> shownOnly(Unit unit, Function<R, String> cell) {
    Column<R> c = new Column<>(null, unit, "%s", cell);
    c.shownCell = cell;
    return c;
  }

  /** The console's and pages' format of the figure, where they show it shorter than the files. */
  public Column<R> shownWith(String format) {
    shownFormat = format;
    return this;
  }

  /** On the console, {@code width} wide (negative: aligned left). */
  public Column<R> console(String heading, int width) {
    consoleHeading = heading;
    this.width = width;
    formats.add(Format.CONSOLE);
    return this;
  }

  /** In both of a page's tables. */
  public Column<R> page(String heading) {
    return on(heading, Format.PAGE, Format.OVERVIEW);
  }

  /** In a page's full table only. */
  public Column<R> detail(String heading) {
    return on(heading, Format.PAGE);
  }

  /** In a page's short table only. */
  public Column<R> overview(String heading) {
    return on(heading, Format.OVERVIEW);
  }

  private Column<R> on(String heading, Format... pages) {
    pageHeading = heading;
    formats.addAll(Set.of(pages));
    return this;
  }

  /**
   * A series' point: last in the files, where a program finds it by name; on the console and the
   * pages beside the profile, and only where a row has one.
   */
  public Column<R> label() {
    label = true;
    return this;
  }

  boolean in(Format f) {
    return formats.contains(f);
  }

  boolean isLabel() {
    return label;
  }

  String name() {
    return name;
  }

  Unit unit() {
    return unit;
  }

  int width() {
    return width;
  }

  /** The heading {@code f} gives the column. */
  String heading(Format f) {
    return switch (f) {
      case FILE -> name;
      case CONSOLE -> unit.onConsole(consoleHeading);
      case PAGE, OVERVIEW -> unit.onPage(pageHeading);
    };
  }

  /** Row {@code r}'s cell as {@code f} shows it. */
  String cell(Format f, R r) {
    if (shownCell != null) {
      return shownCell.apply(r);
    }
    Object v = value.apply(r);
    boolean missing = v == null || v instanceof Double d && d.isNaN();
    if (f == Format.FILE) {
      return missing ? "" : fmt(format, v);
    }
    if (missing) {
      return "-";
    }
    return f == Format.CONSOLE || !(v instanceof Double d) ? fmt(shownFormat, v) : unit.onPage(shownFormat, d);
  }
}

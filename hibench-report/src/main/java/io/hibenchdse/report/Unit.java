package io.hibenchdse.report;

/**
 * The unit of a report table's column: how its headings name it and how a page shows it. A data
 * size is written in bytes to the files and the console and read in MB on a page.
 */
public enum Unit {
  /** Words: a workload, a profile, a verdict. */
  TEXT(""),
  COUNT(""),
  /** B over A, or a probability. */
  RATIO(""),
  SECONDS("s"),
  PERCENT("%"),
  BYTES("B", "MB", 1e6, "%.3f"),
  BYTES_PER_SECOND("B/s", "MB/s", 1e6, "%.2f"),
  OPERATIONS_PER_SECOND("ops/s"),
  MICROSECONDS("us"),
  MILLISECONDS("ms"),
  /** Events a second: a heading says "Disk reads/s". */
  PER_SECOND("/s"),
  /** As sar and iostat count them: KB = 1024 bytes. */
  KIBIBYTES_PER_SECOND("KB/s"),
  MEBIBYTES("MB"),
  /** Each row's own, which the row or the cell names (a utilization figure: CPU in %, rates in KB/s; MB/s or ops/s). */
  OF_ROW("");

  private final String symbol;
  private final String pageSymbol;
  private final double pageDivisor;
  private final String pageFormat;

  Unit(String symbol) {
    this(symbol, symbol, 1, null);
  }

  Unit(String symbol, String pageSymbol, double pageDivisor, String pageFormat) {
    this.symbol = symbol;
    this.pageSymbol = pageSymbol;
    this.pageDivisor = pageDivisor;
    this.pageFormat = pageFormat;
  }

  /** {@code heading} with the unit as the console writes it: "Time(s)", "Disk reads/s". */
  String onConsole(String heading) {
    return headed(heading, symbol, "(");
  }

  /** {@code heading} with the unit as a page writes it: "Mean time (s)", "Data size (MB)", "Disk reads/s". */
  String onPage(String heading) {
    return headed(heading, pageSymbol, " (");
  }

  private String headed(String heading, String unit, String open) {
    return unit.isEmpty() ? heading : unit.startsWith("/") ? heading + unit : heading + open + unit + ")";
  }

  /** A figure as a page shows it: {@code format} applied to it in this unit, or in the page's larger one. */
  String onPage(String format, double value) {
    return pageFormat == null ? HtmlReport.fmt(format, value) : HtmlReport.fmt(pageFormat, inPageUnit(value));
  }

  /** A figure as a page shows it, with the unit: "12.34 MB/s", "1520 ops/s". */
  String onPageWithUnit(String format, double value) {
    return onPage(format, value) + " " + pageSymbol;
  }

  /** A figure in the page's unit, as a chart's axis takes it (MB for bytes). */
  double inPageUnit(double value) {
    return value / pageDivisor;
  }
}

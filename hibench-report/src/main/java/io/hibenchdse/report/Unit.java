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
  BYTES_PER_SECOND("B/s"),
  OPERATIONS_PER_SECOND("ops/s"),
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

  /** As the files and the console write it; empty for a count, a ratio or words. */
  String symbol() {
    return symbol;
  }

  /** As a page's heading writes it. */
  String pageSymbol() {
    return pageSymbol;
  }

  /** A figure as a page shows it: {@code format} applied to it in this unit, or in the page's larger one. */
  String onPage(String format, double value) {
    return pageFormat == null ? HtmlReport.fmt(format, value) : HtmlReport.fmt(pageFormat, value / pageDivisor);
  }
}

package io.hibenchdse.core;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The unit of a figure: of a record's ({@link Figure}, written beside it in the record's {@code
 * units}) and of a report table's column, whose headings name it. A figure in {@link #BYTES} (or
 * {@link #BYTES_PER_SECOND}) is written so to the records, the files and the console, and read in
 * MB of 10^6 bytes on a page; {@link #MEBIBYTES} are TestDFSIO's and /proc's MB of 2^20 bytes.
 */
public enum Unit {
  /** Words: a workload, a profile, a verdict. */
  TEXT(""),
  /** How many (rows, records, tasks, operations), or a number that names one (a run, a process). */
  COUNT(""),
  /** B over A, a probability, a scale factor: a number without a unit. */
  RATIO(""),
  SECONDS("s"),
  MILLISECONDS("ms"),
  MICROSECONDS("us"),
  PERCENT("%"),
  BYTES("B", "MB", 1e6, "%.3f"),
  BYTES_PER_SECOND("B/s", "MB/s", 1e6, "%.2f"),
  OPERATIONS_PER_SECOND("ops/s"),
  /** Events a second: a heading says "Disk reads/s". */
  PER_SECOND("/s"),
  /** As sar and iostat count them: KB = 1024 bytes. */
  KIBIBYTES_PER_SECOND("KB/s"),
  /** MB = 1024 KB, as TestDFSIO and /proc count them. */
  MEBIBYTES("MB"),
  MEBIBYTES_PER_SECOND("MB/s"),
  /** TPCx-HS's performance metric: scale factor over the elapsed hours of a run. */
  HSPH("HSph@SF"),
  /** TPCx-HS's price/performance: the system's cost, in the currency it was given in, per HSph@SF. */
  PRICE_PER_HSPH("price/HSph@SF"),
  /** TPCx-HS's energy metric. */
  WATTS_PER_HSPH("W/HSph@SF"),
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

  /** The unit as a record writes it: its symbol ("s", "B/s", "ops/s"), or its name for a number without one ("count", "ratio"). */
  @JsonValue
  public String code() {
    return symbol.isEmpty() ? name().toLowerCase(Locale.ROOT) : symbol;
  }

  /** The unit a record names by {@link #code()}. */
  @JsonCreator
  public static Unit ofCode(String code) {
    for (Unit u : values()) {
      if (u.code().equals(code)) {
        return u;
      }
    }
    throw new IllegalArgumentException("no unit " + code);
  }

  /** {@code heading} with the unit as the console writes it: "Time(s)", "Disk reads/s". */
  public String onConsole(String heading) {
    return headed(heading, symbol, "(");
  }

  /** {@code heading} with the unit as a page writes it: "Mean time (s)", "Data size (MB)", "Disk reads/s". */
  public String onPage(String heading) {
    return headed(heading, pageSymbol, " (");
  }

  private static String headed(String heading, String unit, String open) {
    return unit.isEmpty() ? heading : unit.startsWith("/") ? heading + unit : heading + open + unit + ")";
  }

  /** A figure as a page shows it: {@code format} applied to it in this unit, or in the page's larger one. */
  public String onPage(String format, double value) {
    return pageFormat == null ? String.format(Locale.ROOT, format, value) : String.format(Locale.ROOT, pageFormat, inPageUnit(value));
  }

  /** A figure as a page shows it, with the unit: "12.34 MB/s", "1520 ops/s". */
  public String onPageWithUnit(String format, double value) {
    return onPage(format, value) + " " + pageSymbol;
  }

  /** A figure in the page's unit, as a chart's axis takes it (MB for bytes). */
  public double inPageUnit(double value) {
    return value / pageDivisor;
  }
}

package io.hibenchdse.tpcxhs;

import io.hibenchdse.core.UsageException;
import java.util.Locale;

/**
 * TPCx-HS's scale factor: terabytes of 100-byte records, 1 TB = 10^10 records. The kit's sizes go
 * by name (100GB is its test size); any row count is allowed for testing.
 */
public final class ScaleFactor {
  public static final long ROWS_PER_TB = 10_000_000_000L;
  public static final String[] KIT_SIZES = {"100GB", "1TB", "3TB", "10TB", "30TB", "100TB", "300TB",
    "1000TB", "3000TB", "10000TB"};

  public final double sf;
  public final long rows;

  private ScaleFactor(double sf, long rows) {
    this.sf = sf;
    this.rows = rows;
  }

  /** One of the kit's sizes: {@code 100GB}, {@code 1TB} ... {@code 10000TB}, or in TB ({@code 0.1}, {@code 1} ...). */
  public static ScaleFactor of(String name) {
    String n = name.trim().toUpperCase(Locale.ROOT);
    if (n.matches("[0-9]+(\\.[0-9]+)?")) {
      double tb = Double.parseDouble(n);
      n = tb == 0.1 ? "100GB" : (tb == Math.rint(tb) ? String.valueOf((long) tb) : n) + "TB";
    }
    for (String kit : KIT_SIZES) {
      if (kit.equals(n)) {
        double sf = n.endsWith("GB") ? Double.parseDouble(n.substring(0, n.length() - 2)) / 1000
            : Double.parseDouble(n.substring(0, n.length() - 2));
        return new ScaleFactor(sf, Math.round(sf * ROWS_PER_TB));
      }
    }
    throw new UsageException("unknown scale factor '" + name + "'; the kit's are "
        + String.join(", ", KIT_SIZES) + " (or give -rows N)");
  }

  /** Any positive row count; its scale factor is rows / 10^10. */
  public static ScaleFactor ofRows(long rows) {
    if (rows <= 0) {
      throw new UsageException("-rows must be positive, was " + rows);
    }
    return new ScaleFactor((double) rows / ROWS_PER_TB, rows);
  }

  /** From the options: exactly one of {@code -sf} and {@code -rows}. */
  static ScaleFactor from(String sf, Long rows) {
    if ((sf == null) == (rows == null)) {
      throw new UsageException("give exactly one of -sf <size> and -rows <N>");
    }
    return sf != null ? of(sf) : ofRows(rows);
  }
}

package io.hibenchdse.tpcxhs;

import picocli.CommandLine.Option;

/** The data set size every TPCx-HS tool takes: {@code -sf <kit size>} or {@code -rows <N>}. */
final class ScaleOptions {
  @Option(names = "-sf", paramLabel = "100GB|1TB|...|10000TB", description = "The kit's scale factor (by name or in TB).")
  String sf;

  @Option(names = "-rows", description = "Any row count, for testing.")
  Long rows;

  /** Exactly one of the two, as a scale factor; bad input is a usage error. */
  ScaleFactor scale() {
    return ScaleFactor.from(sf, rows);
  }
}

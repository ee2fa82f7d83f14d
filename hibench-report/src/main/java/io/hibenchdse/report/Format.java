package io.hibenchdse.report;

/** Where a report table is shown: each format shows the columns declared for it, headed its way. */
public enum Format {
  /** The table printed by {@code run}, {@code summary} and {@code compare}. */
  CONSOLE,
  /** {@code summary.csv}, {@code compare.csv}, {@code engines.csv}: every figure, as the machine reads it. */
  FILE,
  /** A page's full table: a workload's section of {@code index.html}, {@code compare.html}. */
  PAGE,
  /** A page's short table: {@code index.html}'s overview of every workload, its Spark-beside-MapReduce table. */
  OVERVIEW
}

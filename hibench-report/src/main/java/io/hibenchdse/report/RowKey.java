package io.hibenchdse.report;

/**
 * What one row of a summary or comparison holds the runs of: a suite workload at one size (its
 * profile, or a point of a series of sizes of its own) and, within a tuning series, one point (null
 * outside one). Equal keys in two reports are the rows a comparison sets side by side.
 */
public record RowKey(String workload, String scale, String point) {
  /** The size as the tables give it: the profile, and the point where there is one. */
  public String label() {
    return point == null ? scale : scale + " " + point;
  }
}

package io.hibenchdse.core;

import java.io.IOException;

/**
 * Writes run records in one format. A run's {@link RunResult} knows no output format; each format
 * is one exporter (as YCSB's measurements exporters split text and JSON), and {@link Results}
 * decides which ones a run writes and where.
 */
public interface ResultExporter {
  /** Adds one run to this exporter's output. */
  void export(RunResult r) throws IOException;
}

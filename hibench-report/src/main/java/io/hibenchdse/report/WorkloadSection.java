package io.hibenchdse.report;

import io.hibenchdse.report.HtmlReport.Table;
import io.hibenchdse.report.HtmlReport.Chart;
import io.hibenchdse.dfsio.EnhancedDfsio;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.tpcxhs.TpcxHs;
import io.hibenchdse.ycsb.YcsbResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A workload's own part of its section of {@code index.html}: the tables and charts of what only its
 * records carry (DFSIOE's slots, TPCx-HS's phases, YCSB's operations), beside the summary, the
 * scaling and throughput charts and the utilization every workload gets.
 */
interface WorkloadSection {
  /** Nothing beyond what every workload gets. */
  WorkloadSection NONE = new WorkloadSection() {};

  /** Each section by the workload its records name ({@code RunResult.workload}). */
  Map<String, WorkloadSection> BY_RECORDED_WORKLOAD = Map.of(
      EnhancedDfsio.NAME, new DfsioeSection(),
      TpcxHs.NAME, new TpcxHsSection(),
      YcsbResult.WORKLOAD, new ServingSection());

  /** The section of one workload's measured runs. */
  static WorkloadSection of(List<Measurement> runs) {
    return runs.isEmpty() ? NONE : of(runs.get(0).result());
  }

  /** The section of the workload {@code r} is a run of. */
  static WorkloadSection of(RunResult r) {
    return r.workload() == null ? NONE : BY_RECORDED_WORKLOAD.getOrDefault(r.workload(), NONE); // a record may name none
  }

  /**
   * A run's operations a second, where its workload measures operations (a serving phase): the
   * throughput the summary, the comparison and the charts show beside or in place of bytes a
   * second. Null for a workload that moves data.
   */
  default Double operationsPerSecond(RunResult r) {
    return null;
  }

  /** A run's mean time an operation took, in microseconds, where its workload measures operations; else null. */
  default Double meanLatencyUs(RunResult r) {
    return null;
  }

  /** Its tables, after the utilization's. */
  default List<Table> tables(List<Measurement> runs) {
    return List.of();
  }

  /** Its charts, after the throughput per run, written as PNG and SVG under {@code charts}. */
  default List<Chart> charts(String workload, List<Measurement> runs, Path charts) throws IOException {
    return List.of();
  }
}

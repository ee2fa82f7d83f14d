package io.hibenchdse.report;

import io.hibenchdse.report.HtmlReport.Table;
import io.hibenchdse.report.HtmlReport.Chart;
import io.hibenchdse.dfsio.EnhancedDfsio;
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
    String workload = runs.isEmpty() ? null : runs.get(0).result().workload();
    return workload == null ? NONE : BY_RECORDED_WORKLOAD.getOrDefault(workload, NONE); // a record may name none
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

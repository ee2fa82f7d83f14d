package io.hibenchdse.report;

import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.Unit;
import io.hibenchdse.report.HtmlReport.Grid;
import io.hibenchdse.report.HtmlReport.Table;
import io.hibenchdse.report.HtmlReport.Chart;
import static io.hibenchdse.report.HtmlReport.chart;

import io.hibenchdse.ycsb.YcsbMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * YCSB's part of the page (a load's or a run's): the phase per profile (throughput, runtime, the
 * operation-weighted mean latency, errors) and each operation type's count and latencies, means
 * over the runs with their sigma, as the reference report's load and run tables give them; and the
 * latency percentiles per operation type as a chart.
 */
final class ServingSection implements WorkloadSection {
  @Override
  public Double operationsPerSecond(RunResult r) {
    return r.metrics(YcsbMetrics.class).throughputOpsPerSec;
  }

  @Override
  public Double meanLatencyUs(RunResult r) {
    return r.metrics(YcsbMetrics.class).meanUs;
  }

  /** A profile's runs of the phase. */
  record Phase(String profile, List<YcsbMetrics> runs) {
    DescriptiveStatistics of(ToDoubleFunction<YcsbMetrics> figure) {
      return stats(runs, figure);
    }
  }

  /** An operation type's figures in a profile's runs, one a run that had the type. */
  record Operation(String profile, String type, List<YcsbMetrics.Operation> runs) {
    double mean(ToDoubleFunction<YcsbMetrics.Operation> figure) {
      return avg(runs, figure);
    }

    long notOk() {
      long notOk = 0;
      for (YcsbMetrics.Operation o : runs) {
        for (Map.Entry<String, Long> e : o.returns.entrySet()) {
          notOk += e.getKey().equals("OK") ? 0 : e.getValue();
        }
      }
      return notOk;
    }
  }

  static final Columns<Phase> PHASE_COLUMNS = Columns.of(
      Column.<Phase>text(null, Phase::profile).detail("Profile"),
      Column.<Phase>figure(null, Unit.COUNT, "%d", p -> p.runs().size()).detail("Runs"),
      Column.<Phase>figure(null, Unit.COUNT, "%,.0f", p -> p.of(m -> m.operations).getMean()).detail("Operations"),
      Column.<Phase>figure(null, Unit.OPERATIONS_PER_SECOND, "%,.0f", p -> p.of(m -> m.throughputOpsPerSec).getMean()).detail("Throughput"),
      Column.<Phase>figure(null, Unit.OPERATIONS_PER_SECOND, "%,.0f", p -> sigma(p.of(m -> m.throughputOpsPerSec))).detail("Sigma"),
      Column.<Phase>figure(null, Unit.SECONDS, "%.3f", p -> p.of(m -> m.runtimeSec).getMean()).detail("Runtime"),
      Column.<Phase>figure(null, Unit.SECONDS, "%.3f", p -> sigma(p.of(m -> m.runtimeSec))).detail("Sigma"),
      Column.<Phase>figure(null, Unit.MICROSECONDS, "%,.0f", p -> p.of(m -> m.meanUs).getMean()).detail("Mean latency"),
      Column.<Phase>figure(null, Unit.MICROSECONDS, "%,.0f", p -> sigma(p.of(m -> m.meanUs))).detail("Sigma"),
      Column.<Phase>figure(null, Unit.COUNT, "%d", p -> (long) p.of(m -> m.errors).getSum()).detail("Errors (all runs)"));

  static final Columns<Operation> OPERATION_COLUMNS = Columns.of(
      Column.<Operation>text(null, Operation::profile).detail("Profile"),
      Column.<Operation>text(null, Operation::type).detail("Operation"),
      Column.<Operation>figure(null, Unit.COUNT, "%,.0f", o -> o.mean(op -> op.count)).detail("Count"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> o.mean(op -> op.meanUs)).detail("Mean latency"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> sigma(stats(o.runs(), op -> op.meanUs))).detail("Sigma"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> o.mean(op -> op.p50Us)).detail("p50"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> o.mean(op -> op.p95Us)).detail("p95"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> o.mean(op -> op.p99Us)).detail("p99"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> o.mean(op -> op.p999Us)).detail("p99.9"),
      Column.<Operation>figure(null, Unit.MICROSECONDS, "%,.0f", o -> o.mean(op -> op.maxUs)).detail("Max"),
      Column.<Operation>figure(null, Unit.COUNT, "%d", Operation::notOk).detail("Not OK (all runs)"));

  @Override
  public List<Table> tables(List<Measurement> runs) {
    List<Phase> phases = phases(runs);
    return List.of(
        new Table("The phase: means over the runs, sigma their standard deviation; the mean latency is"
            + " the operation-weighted one (what an operation waited), not the sum of the types' means.",
            Grid.of(PHASE_COLUMNS, Format.PAGE, phases)),
        new Table("Each operation type: YCSB's figures, means over the runs; failed operations are"
            + " counted in 'Not OK', their latencies apart.", Grid.of(OPERATION_COLUMNS, Format.PAGE, operations(phases))));
  }

  @Override
  public List<Chart> charts(String workload, List<Measurement> runs, Path charts) throws IOException {
    return List.of(chart(latencyChart(workload, phases(runs)), charts, workload + "-latency",
        "Mean and percentile latencies per operation type, means over the runs of the largest profile"));
  }

  private static List<Phase> phases(List<Measurement> runs) {
    Map<String, List<YcsbMetrics>> byProfile = new LinkedHashMap<>();
    for (Measurement m : runs) {
      byProfile.computeIfAbsent(m.scale(), k -> new ArrayList<>()).add(m.result().metrics(YcsbMetrics.class));
    }
    return byProfile.entrySet().stream().map(e -> new Phase(e.getKey(), e.getValue())).toList();
  }

  private static List<Operation> operations(List<Phase> phases) {
    List<Operation> rows = new ArrayList<>();
    for (Phase p : phases) {
      for (String type : types(p.runs())) {
        rows.add(new Operation(p.profile(), type, p.runs().stream().map(m -> m.byType.get(type)).filter(o -> o != null).toList()));
      }
    }
    return rows;
  }

  /** Latency percentiles per operation type at the largest profile, means over its runs. */
  private static JFreeChart latencyChart(String workload, List<Phase> phases) {
    Phase largest = phases.get(phases.size() - 1);
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Operation o : operations(List.of(largest))) {
      data.addValue(o.mean(op -> op.meanUs), o.type(), "mean");
      data.addValue(o.mean(op -> op.p50Us), o.type(), "p50");
      data.addValue(o.mean(op -> op.p95Us), o.type(), "p95");
      data.addValue(o.mean(op -> op.p99Us), o.type(), "p99");
      data.addValue(o.mean(op -> op.p999Us), o.type(), "p99.9");
    }
    return ReportCharts.styled(ChartFactory.createBarChart(workload + " at " + largest.profile() + ": latency per operation type",
        "Latency", Unit.MICROSECONDS.onPage("Latency"), data, PlotOrientation.VERTICAL, true, false, false));
  }

  /** The operation types measured, YCSB's closing CLEANUP and failed operations' own histograms left out (their count is in the return codes). */
  private static List<String> types(List<YcsbMetrics> runs) {
    List<String> types = new ArrayList<>();
    for (YcsbMetrics m : runs) {
      for (String t : m.byType.keySet()) {
        if (!t.equals("CLEANUP") && !t.endsWith("-FAILED") && !types.contains(t)) {
          types.add(t);
        }
      }
    }
    return types;
  }

  private static <T> DescriptiveStatistics stats(List<T> items, ToDoubleFunction<T> value) {
    DescriptiveStatistics s = new DescriptiveStatistics();
    items.forEach(i -> s.addValue(value.applyAsDouble(i)));
    return s;
  }

  private static <T> double avg(List<T> items, ToDoubleFunction<T> value) {
    return stats(items, value).getMean();
  }

  private static double sigma(DescriptiveStatistics s) {
    return s.getN() > 1 ? s.getStandardDeviation() : 0;
  }
}

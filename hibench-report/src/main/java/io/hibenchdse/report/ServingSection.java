package io.hibenchdse.report;

import io.hibenchdse.report.HtmlReport.Table;
import io.hibenchdse.report.HtmlReport.Chart;
import static io.hibenchdse.report.HtmlReport.chart;
import static io.hibenchdse.report.HtmlReport.fmt;

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
  static final List<String> PHASE_HEADER = List.of("Profile", "Runs", "Operations", "Throughput (ops/s)", "Sigma (ops/s)",
      "Runtime (s)", "Sigma (s)", "Mean latency (us)", "Sigma (us)", "Errors (all runs)");
  static final List<String> OPERATION_HEADER = List.of("Profile", "Operation", "Count", "Mean latency (us)", "Sigma (us)",
      "p50 (us)", "p95 (us)", "p99 (us)", "p99.9 (us)", "Max (us)", "Not OK (all runs)");

  @Override
  public List<Table> tables(List<Measurement> runs) {
    Map<String, List<YcsbMetrics>> byProfile = byProfile(runs);
    return List.of(
        new Table("The phase: means over the runs, sigma their standard deviation; the mean latency is"
            + " the operation-weighted one (what an operation waited), not the sum of the types' means.", PHASE_HEADER, phases(byProfile)),
        new Table("Each operation type: YCSB's figures, means over the runs; failed operations are"
            + " counted in 'Not OK', their latencies apart.", OPERATION_HEADER, operations(byProfile)));
  }

  @Override
  public List<Chart> charts(String workload, List<Measurement> runs, Path charts) throws IOException {
    return List.of(chart(latencyChart(workload, byProfile(runs)), charts, workload + "-latency",
        "Mean and percentile latencies per operation type, means over the runs of the largest profile"));
  }

  private static Map<String, List<YcsbMetrics>> byProfile(List<Measurement> runs) {
    Map<String, List<YcsbMetrics>> byProfile = new LinkedHashMap<>();
    for (Measurement m : runs) {
      byProfile.computeIfAbsent(m.scale(), k -> new ArrayList<>()).add(m.result().metrics(YcsbMetrics.class));
    }
    return byProfile;
  }

  private static List<List<String>> phases(Map<String, List<YcsbMetrics>> byProfile) {
    List<List<String>> rows = new ArrayList<>();
    byProfile.forEach((profile, runs) -> {
      DescriptiveStatistics tput = stats(runs, m -> m.throughputOpsPerSec);
      DescriptiveStatistics time = stats(runs, m -> m.runtimeSec);
      DescriptiveStatistics mean = stats(runs, m -> m.meanUs);
      rows.add(List.of(profile, Integer.toString(runs.size()), fmt("%,.0f", stats(runs, m -> m.operations).getMean()),
          fmt("%,.0f", tput.getMean()), fmt("%,.0f", sigma(tput)), fmt("%.3f", time.getMean()), fmt("%.3f", sigma(time)),
          fmt("%,.0f", mean.getMean()), fmt("%,.0f", sigma(mean)), fmt("%d", (long) stats(runs, m -> m.errors).getSum())));
    });
    return rows;
  }

  private static List<List<String>> operations(Map<String, List<YcsbMetrics>> byProfile) {
    List<List<String>> rows = new ArrayList<>();
    byProfile.forEach((profile, runs) -> {
      for (String type : types(runs)) {
        List<YcsbMetrics.Operation> ops = runs.stream().map(m -> m.byType.get(type)).filter(o -> o != null).toList();
        DescriptiveStatistics mean = new DescriptiveStatistics();
        ops.forEach(o -> mean.addValue(o.meanUs));
        long notOk = 0;
        for (YcsbMetrics.Operation o : ops) {
          for (Map.Entry<String, Long> e : o.returns.entrySet()) {
            notOk += e.getKey().equals("OK") ? 0 : e.getValue();
          }
        }
        rows.add(List.of(profile, type, fmt("%,.0f", avg(ops, o -> o.count)), fmt("%,.0f", mean.getMean()), fmt("%,.0f", sigma(mean)),
            fmt("%,.0f", avg(ops, o -> o.p50Us)), fmt("%,.0f", avg(ops, o -> o.p95Us)), fmt("%,.0f", avg(ops, o -> o.p99Us)),
            fmt("%,.0f", avg(ops, o -> o.p999Us)), fmt("%,.0f", avg(ops, o -> o.maxUs)), Long.toString(notOk)));
      }
    });
    return rows;
  }

  /** Latency percentiles per operation type at the largest profile, means over its runs. */
  private static JFreeChart latencyChart(String workload, Map<String, List<YcsbMetrics>> byProfile) {
    String profile = new ArrayList<>(byProfile.keySet()).get(byProfile.size() - 1);
    List<YcsbMetrics> runs = byProfile.get(profile);
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (String type : types(runs)) {
      List<YcsbMetrics.Operation> ops = runs.stream().map(m -> m.byType.get(type)).filter(o -> o != null).toList();
      data.addValue(avg(ops, o -> o.meanUs), type, "mean");
      data.addValue(avg(ops, o -> o.p50Us), type, "p50");
      data.addValue(avg(ops, o -> o.p95Us), type, "p95");
      data.addValue(avg(ops, o -> o.p99Us), type, "p99");
      data.addValue(avg(ops, o -> o.p999Us), type, "p99.9");
    }
    return ReportCharts.styled(ChartFactory.createBarChart(workload + " at " + profile + ": latency per operation type",
        "Latency", "Latency (us)", data, PlotOrientation.VERTICAL, true, false, false));
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

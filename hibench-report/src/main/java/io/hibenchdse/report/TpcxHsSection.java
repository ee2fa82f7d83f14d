package io.hibenchdse.report;

import io.hibenchdse.report.HtmlReport.Chart;
import static io.hibenchdse.report.HtmlReport.chart;

import io.hibenchdse.tpcxhs.TpcxHsMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/** TPCx-HS's part of the page: the phases of every run of every benchmark. */
final class TpcxHsSection implements WorkloadSection {
  @Override
  public List<Chart> charts(String workload, List<Measurement> runs, Path charts) throws IOException {
    List<TpcxHsMetrics> benchmarks = runs.stream().map(m -> m.result().metrics(TpcxHsMetrics.class)).toList();
    return List.of(chart(phases(workload + ": phases of both runs", benchmarks), charts, workload + "-phases",
        "Phase times of each TPCx-HS run with its HSph@SF; the lower metric is the performance run"));
  }

  /** The phase times stacked per run, each run labelled with its HSph@SF. */
  static JFreeChart phases(String title, List<TpcxHsMetrics> benchmarks) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    int b = 0;
    for (TpcxHsMetrics m : benchmarks) {
      b++;
      for (TpcxHsMetrics.Run run : m.runs) {
        String column = String.format(Locale.ROOT, "%s%d: HSph@SF %.4g%s", benchmarks.size() > 1 ? "#" + b + " run " : "run ",
            run.run, run.hsph, run.run == m.performanceRun ? " (performance)" : "");
        run.phases.forEach((phase, seconds) -> data.addValue(seconds, phase, column));
      }
    }
    return ReportCharts.styled(ChartFactory.createStackedBarChart(title, "Run", "Time (s)", data, PlotOrientation.VERTICAL,
        true, false, false));
  }
}

package io.hibenchdse.report;

import io.hibenchdse.core.Unit;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.category.StatisticalLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The report's pictures every workload gets, drawn with JFreeChart: time against data size (the
 * reference report's Figures 4, 7 and 10), throughput per run, a series' points, B against A (a
 * workload's own, such as DFSIOE's slots, are its {@link WorkloadSection}'s). Each is written as PNG
 * and SVG; the SVG is also what the HTML page embeds.
 */
public final class ReportCharts {
  static final int WIDTH = 900;
  static final int HEIGHT = 480;

  private ReportCharts() {}

  /**
   * Mean time against data size with sigma error bars, per workload, beside the linear projection
   * from the workload's smallest size (time growing exactly with data).
   */
  static JFreeChart scaling(String title, List<Summary.Row> rows) {
    YIntervalSeriesCollection measured = new YIntervalSeriesCollection();
    XYSeriesCollection projected = new XYSeriesCollection();
    Map<String, Summary.Row> baseline = new LinkedHashMap<>();
    Map<String, YIntervalSeries> means = new LinkedHashMap<>();
    Map<String, XYSeries> lines = new LinkedHashMap<>();
    for (Summary.Row r : rows) {
      Summary.Row base = baseline.computeIfAbsent(r.workload(), w -> r);
      double mb = Unit.BYTES.inPageUnit(r.dataBytes());
      means.computeIfAbsent(r.workload(), w -> new YIntervalSeries(w + " mean ± sigma"))
          .add(mb, r.meanSec(), r.meanSec() - r.sigmaSec(), r.meanSec() + r.sigmaSec());
      lines.computeIfAbsent(r.workload(), w -> new XYSeries(w + " linear from the smallest size"))
          .add(mb, base.meanSec() * r.dataBytes() / base.dataBytes());
    }
    means.values().forEach(measured::addSeries);
    lines.values().forEach(projected::addSeries);
    JFreeChart chart = ChartFactory.createXYLineChart(title, Unit.BYTES.onPage("Data size"), Unit.SECONDS.onPage("Time"), measured,
        PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    XYErrorRenderer errors = new XYErrorRenderer();
    errors.setDefaultLinesVisible(true);
    errors.setCapLength(8);
    plot.setRenderer(0, errors);
    plot.setDataset(1, projected);
    XYLineAndShapeRenderer dashed = new XYLineAndShapeRenderer(true, false);
    for (int i = 0; i < projected.getSeriesCount(); i++) {
      dashed.setSeriesStroke(i, new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
    }
    plot.setRenderer(1, dashed);
    ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(true);
    return styled(chart);
  }

  /** A run's throughput as the charts show it: MB/s, or a serving phase's operations a second. */
  private static double throughput(Measurement m) {
    Double ops = m.operationsPerSecond();
    return ops != null ? ops : Unit.BYTES_PER_SECOND.inPageUnit(m.result().throughputBytesPerSec());
  }

  private static Unit throughputUnit(boolean serving) {
    return serving ? Unit.OPERATIONS_PER_SECOND : Unit.BYTES_PER_SECOND;
  }

  /**
   * A series' mean time and throughput at each point, sigma as error bars, time on the left axis
   * and throughput on the right; in a grid's row ({@code row}) the points named by their last setting.
   */
  static JFreeChart series(String title, String row, List<Summary.Row> points, List<Measurement> runs) {
    DefaultStatisticalCategoryDataset time = new DefaultStatisticalCategoryDataset();
    DefaultStatisticalCategoryDataset throughput = new DefaultStatisticalCategoryDataset();
    boolean serving = runs.stream().allMatch(m -> m.operationsPerSecond() != null);
    for (Summary.Row r : points) {
      String x = row == null ? r.point() : r.point().substring(row.length() + 1);
      time.add(r.meanSec(), r.sigmaSec(), Unit.SECONDS.onPage("time"), x);
      DescriptiveStatistics t = new DescriptiveStatistics();
      runs.stream().filter(m -> r.point().equals(m.point()) && r.profile().equals(m.scale())).forEach(m -> t.addValue(throughput(m)));
      throughput.add(t.getMean(), t.getN() > 1 ? t.getStandardDeviation() : 0, throughputUnit(serving).onPage("throughput"), x);
    }
    JFreeChart chart = ChartFactory.createLineChart(title, "Point", Unit.SECONDS.onPage("Time"), time, PlotOrientation.VERTICAL, true, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setRenderer(0, new StatisticalLineAndShapeRenderer(true, true));
    plot.setRangeAxis(1, new NumberAxis(throughputUnit(serving).onPage("Throughput")));
    plot.setDataset(1, throughput);
    plot.mapDatasetToRangeAxis(1, 1);
    StatisticalLineAndShapeRenderer second = new StatisticalLineAndShapeRenderer(true, true);
    second.setSeriesPaint(0, new Color(200, 90, 30));
    second.setSeriesStroke(0, new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
    plot.setRenderer(1, second);
    return styled(chart);
  }

  /** Each measured run's throughput, in the order the runs ran, per profile: a serving phase's in operations a second. */
  static JFreeChart throughputPerRun(String workload, List<Measurement> runs) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    Map<String, Integer> seen = new LinkedHashMap<>();
    boolean serving = runs.stream().allMatch(m -> m.operationsPerSecond() != null);
    for (Measurement m : runs) {
      String size = HtmlReport.sizeAndPoint(m);
      int n = seen.merge(size, 1, Integer::sum);
      data.addValue(throughput(m), size, size + " #" + n);
    }
    return styled(ChartFactory.createBarChart(workload + ": throughput per run", "Run", throughputUnit(serving).onPage("Throughput"), data, PlotOrientation.VERTICAL, true, false, false));
  }

  /** B's time and throughput as ratios of A's, per workload and profile; 1 is parity. */
  static JFreeChart ratios(List<Comparison.Row> rows) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Comparison.Row r : rows) {
      String column = r.workload() + " " + r.profile() + (r.point() == null ? "" : " " + r.point());
      data.addValue(r.timeRatio(), "time B/A", column);
      data.addValue(r.throughputRatio(), "throughput B/A", column);
    }
    JFreeChart chart = ChartFactory.createBarChart("B against A", "Workload and profile", "Ratio (1 = equal)", data,
        PlotOrientation.VERTICAL, true, false, false);
    chart.getCategoryPlot().addRangeMarker(new ValueMarker(1.0, Color.DARK_GRAY, new BasicStroke(1.5f)));
    return styled(chart);
  }

  static JFreeChart styled(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    if (chart.getPlot() instanceof XYPlot p) {
      p.setBackgroundPaint(Color.WHITE);
      p.setDomainGridlinePaint(Color.LIGHT_GRAY);
      p.setRangeGridlinePaint(Color.LIGHT_GRAY);
    } else if (chart.getPlot() instanceof CategoryPlot p) {
      p.setBackgroundPaint(Color.WHITE);
      p.setRangeGridlinePaint(Color.LIGHT_GRAY);
      p.getDomainAxis().setMaximumCategoryLabelLines(3);
      if (p.getRenderer() instanceof BarRenderer bars) {
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
      }
    }
    return chart;
  }

  /** The chart as an SVG document. */
  static String svg(JFreeChart chart) {
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
    return g.getSVGElement();
  }

  /** Writes {@code <name>.png} and {@code <name>.svg} in {@code dir}; returns the SVG. */
  static String write(JFreeChart chart, Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    ChartUtils.saveChartAsPNG(dir.resolve(name + ".png").toFile(), chart, WIDTH, HEIGHT);
    String svg = svg(chart);
    Files.writeString(dir.resolve(name + ".svg"), svg, StandardCharsets.UTF_8);
    return svg;
  }
}

package io.hibenchdse.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The reference report's scaling picture: mean time against data size per workload, beside the
 * linear projection from the smallest size (time grows exactly with data).
 */
final class ScalingChart {
  private ScalingChart() {}

  static void write(List<Summary.Row> rows, Path png) throws IOException {
    XYSeriesCollection data = new XYSeriesCollection();
    Map<String, XYSeries[]> series = new LinkedHashMap<>();
    for (Summary.Row r : rows) {
      XYSeries[] s = series.computeIfAbsent(r.workload(), w -> new XYSeries[] {
          new XYSeries(w + " measured"), new XYSeries(w + " linear from baseline")});
      double mb = r.dataBytes() / 1e6;
      s[0].add(mb, r.meanSec());
      Summary.Row base = rows.stream().filter(b -> b.workload().equals(r.workload())).findFirst().orElseThrow();
      s[1].add(mb, base.meanSec() * r.dataBytes() / base.dataBytes());
    }
    for (XYSeries[] s : series.values()) {
      data.addSeries(s[0]);
      data.addSeries(s[1]);
    }
    JFreeChart chart = ChartFactory.createXYLineChart("Time against data size", "Data size (MB)",
        "Mean time (s)", data, PlotOrientation.VERTICAL, true, false, false);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (int i = 1; i < data.getSeriesCount(); i += 2) {
      renderer.setSeriesShapesVisible(i, false);
      renderer.setSeriesStroke(i, new java.awt.BasicStroke(1f, java.awt.BasicStroke.CAP_BUTT,
          java.awt.BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
    }
    var plot = chart.getXYPlot();
    plot.setRenderer(renderer);
    plot.setBackgroundPaint(java.awt.Color.WHITE);
    plot.setDomainGridlinePaint(java.awt.Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(java.awt.Color.LIGHT_GRAY);
    ((org.jfree.chart.axis.NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(true);
    ChartUtils.saveChartAsPNG(png.toFile(), chart, 900, 540);
  }
}

package io.hibenchdse.report;

import io.hibenchdse.core.Unit;
import io.hibenchdse.report.HtmlReport.Chart;
import static io.hibenchdse.report.HtmlReport.chart;
import static io.hibenchdse.report.HtmlReport.sizeAndPoint;

import io.hibenchdse.dfsio.DfsioeMetrics;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** DFSIOE's part of the page: the aggregated throughput per time slot of each profile's last run. */
final class DfsioeSection implements WorkloadSection {
  @Override
  public List<Chart> charts(String workload, List<Measurement> runs, Path charts) throws IOException {
    Map<String, Measurement> lastPerProfile = new LinkedHashMap<>();
    runs.forEach(m -> lastPerProfile.put(sizeAndPoint(m), m));
    List<Chart> out = new ArrayList<>();
    for (Map.Entry<String, Measurement> e : lastPerProfile.entrySet()) {
      DfsioeMetrics d = e.getValue().result().metrics(DfsioeMetrics.class);
      if (d.slotThroughput != null) {
        out.add(chart(slots(workload + " at " + e.getKey() + ": aggregated throughput per slot", d), charts,
            workload + "-" + e.getKey() + "-slots", "Aggregated throughput of all maps per " + d.slotMs
            + " ms slot (the last run); shaded: the steady slots averaged into the aggregated throughput; dashed: maps running"));
      }
    }
    return out;
  }

  /**
   * The aggregated throughput per time slot, the steady slots shaded, with the maps running through
   * each slot on a second axis: the picture EnhancedDFSIO exists for.
   */
  static JFreeChart slots(String title, DfsioeMetrics m) {
    XYSeries throughput = new XYSeries(Unit.BYTES_PER_SECOND.onPage("aggregated throughput"));
    XYSeries concurrency = new XYSeries("maps running");
    for (int k = 0; k < m.slotThroughput.length; k++) {
      double s = k * m.slotMs / 1000.0;
      throughput.add(s, Unit.BYTES_PER_SECOND.inPageUnit(m.slotThroughput[k]));
      concurrency.add(s, m.slotConcurrency[k]);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "Time since the first map started (s)",
        Unit.BYTES_PER_SECOND.onPage("Aggregated throughput"), new XYSeriesCollection(throughput), PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setRenderer(0, new XYStepRenderer());
    NumberAxis maps = new NumberAxis("Maps running");
    maps.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    plot.setRangeAxis(1, maps);
    plot.setDataset(1, new XYSeriesCollection(concurrency));
    plot.mapDatasetToRangeAxis(1, 1);
    XYStepRenderer dashed = new XYStepRenderer();
    dashed.setSeriesStroke(0, new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {4f, 3f}, 0f));
    plot.setRenderer(1, dashed);
    for (int k = 0; k < m.mask.length(); k++) {
      if (m.mask.charAt(k) == '1') {
        int end = k;
        while (end + 1 < m.mask.length() && m.mask.charAt(end + 1) == '1') {
          end++;
        }
        IntervalMarker steady = new IntervalMarker(k * m.slotMs / 1000.0, (end + 1) * m.slotMs / 1000.0,
            new Color(120, 200, 120, 70));
        steady.setLabel(k == m.mask.indexOf('1') ? "steady" : null);
        plot.addDomainMarker(steady, Layer.BACKGROUND);
        k = end;
      }
    }
    return ReportCharts.styled(chart);
  }
}

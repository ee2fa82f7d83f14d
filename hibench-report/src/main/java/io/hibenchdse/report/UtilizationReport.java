package io.hibenchdse.report;


import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.Unit;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.monitor.HostFigures;
import io.hibenchdse.monitor.ProcessFigures;
import io.hibenchdse.monitor.Series;
import io.hibenchdse.monitor.SeriesCsv;
import io.hibenchdse.monitor.Utilization;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * What a workload's runs used, on the report page: per host and per server process, the means over
 * the measured runs, and charts over the last run's time of each host's CPU, network and disk, with
 * the run's phases marked (TPCx-HS's phases, DFSIOE's steady slots, the run itself).
 */
final class UtilizationReport {
  /** A figure of a host, as the table and a chart name it. */
  record Figure(String name, Unit unit, ToDoubleFunction<HostFigures> value) {
    /** As the table, a chart and compare-utilization.csv head it: "CPU user (%)", "Disk reads/s". */
    String heading() {
      return unit.onPage(name);
    }
  }

  static final List<Figure> HOST_FIGURES = List.of(new Figure("CPU user", Unit.PERCENT, HostFigures::cpuUserPct),
      new Figure("CPU system", Unit.PERCENT, HostFigures::cpuSystemPct), new Figure("CPU iowait", Unit.PERCENT, HostFigures::cpuIowaitPct),
      new Figure("Context switches", Unit.PER_SECOND, HostFigures::contextSwitchesPerSec),
      new Figure("Memory used", Unit.PERCENT, HostFigures::memoryUsedPct),
      new Figure("Net received", Unit.KIBIBYTES_PER_SECOND, HostFigures::netRxKBps),
      new Figure("Net sent", Unit.KIBIBYTES_PER_SECOND, HostFigures::netTxKBps),
      new Figure("Loopback received", Unit.KIBIBYTES_PER_SECOND, HostFigures::loRxKBps),
      new Figure("Loopback sent", Unit.KIBIBYTES_PER_SECOND, HostFigures::loTxKBps),
      new Figure("Disk read", Unit.KIBIBYTES_PER_SECOND, HostFigures::diskReadKBps),
      new Figure("Disk written", Unit.KIBIBYTES_PER_SECOND, HostFigures::diskWriteKBps),
      new Figure("Disk reads", Unit.PER_SECOND, HostFigures::diskReadsPerSec),
      new Figure("Disk writes", Unit.PER_SECOND, HostFigures::diskWritesPerSec),
      new Figure("I/O await", Unit.MILLISECONDS, HostFigures::ioAwaitMs));

  /** A host's (or all hosts') figures in the sampled runs. */
  record HostRow(String host, List<HostFigures> runs) {}

  /** A server process's figures in the sampled runs. */
  record ProcessRow(String process, List<ProcessFigures> runs) {}

  static final Columns<HostRow> HOST_COLUMNS = hostColumns();

  static final Columns<ProcessRow> PROCESS_COLUMNS = Columns.of(
      Column.<ProcessRow>text(null, ProcessRow::process).detail("Process"),
      Column.<ProcessRow>figure(null, Unit.PERCENT, "%.1f", r -> mean(r.runs(), ProcessFigures::cpuPct)).detail("CPU"),
      Column.<ProcessRow>figure(null, Unit.MEBIBYTES, "%.0f", r -> mean(r.runs(), ProcessFigures::rssMB)).detail("Resident"),
      Column.<ProcessRow>figure(null, Unit.KIBIBYTES_PER_SECOND, "%.1f", r -> mean(r.runs(), ProcessFigures::readKBps)).detail("Read"),
      Column.<ProcessRow>figure(null, Unit.KIBIBYTES_PER_SECOND, "%.1f", r -> mean(r.runs(), ProcessFigures::writeKBps)).detail("Written"));

  private static Columns<HostRow> hostColumns() {
    List<Column<HostRow>> columns = new ArrayList<>(List.of(Column.<HostRow>text(null, HostRow::host).detail("Host")));
    HOST_FIGURES.forEach(f -> columns.add(Column.<HostRow>figure(null, f.unit(), "%.1f", r -> mean(r.runs(), f.value())).detail(f.name())));
    return Columns.of(columns);
  }

  private UtilizationReport() {}

  /** The runs' utilizations, leaving out runs that were not sampled. */
  static List<Utilization> of(List<Measurement> runs) {
    return runs.stream().map(m -> m.result().utilization(Utilization.class)).filter(u -> u != null).toList();
  }

  /** The hosts' table and the processes' table, means over the runs; none when no run was sampled. */
  static List<HtmlReport.Table> tables(List<Measurement> runs) {
    List<Utilization> sampled = of(runs);
    if (sampled.isEmpty()) {
      return List.of();
    }
    Map<String, List<HostFigures>> byHost = new LinkedHashMap<>();
    for (Utilization u : sampled) {
      u.hosts().forEach((h, f) -> byHost.computeIfAbsent(h, k -> new ArrayList<>()).add(f));
      if (u.hosts().size() > 1) {
        byHost.computeIfAbsent("all hosts (mean or sum)", k -> new ArrayList<>()).add(u.total());
      }
    }
    List<HostRow> hosts = byHost.entrySet().stream().map(e -> new HostRow(e.getKey(), e.getValue())).toList();
    List<HtmlReport.Table> tables = new ArrayList<>();
    tables.add(new HtmlReport.Table("What each host used while the run ran: means over the " + sampled.size() + " sampled run(s), as"
        + " sar and iostat define them (CPU as % of all cores, KB = 1024 bytes; loopback apart, since on one machine everything"
        + " crosses it)" + notSampled(sampled), HtmlReport.Grid.of(HOST_COLUMNS, Format.PAGE, hosts)));
    Map<String, List<ProcessFigures>> byProcess = new LinkedHashMap<>();
    sampled.forEach(u -> u.processes().forEach((n, p) -> byProcess.computeIfAbsent(n, k -> new ArrayList<>()).add(p)));
    if (!byProcess.isEmpty()) {
      List<ProcessRow> processes = byProcess.entrySet().stream().map(e -> new ProcessRow(e.getKey(), e.getValue())).toList();
      tables.add(new HtmlReport.Table("What each server process used, with its descendants (CPU as % of all cores, KB = 1024 bytes);"
          + " 'launcher' is this JVM alone (the NameNode and the local job runner's tasks run in it)",
          HtmlReport.Grid.of(PROCESS_COLUMNS, Format.PAGE, processes)));
    }
    return tables;
  }

  private static String notSampled(List<Utilization> sampled) {
    Map<String, String> not = new LinkedHashMap<>();
    sampled.forEach(u -> not.putAll(u.notSampled()));
    return not.isEmpty() ? "" : "; not sampled: " + not;
  }

  private static <T> double mean(List<T> values, ToDoubleFunction<T> f) {
    DescriptiveStatistics s = new DescriptiveStatistics();
    values.forEach(v -> s.addValue(f.applyAsDouble(v)));
    return s.getMean();
  }

  /** CPU, network and disk over the time of {@code last}, the workload's last measured run, per host, its phases marked. */
  static List<JFreeChart> charts(String workload, Measurement last, Path reportDir) throws IOException {
    String name = last.result().configuration().get(HibenchConfigKeys.MONITOR_SERIES);
    List<Series.HostSample> samples = name == null ? List.of() : SeriesCsv.readHosts(reportDir.resolve(SeriesCsv.DIR), name);
    if (samples.isEmpty()) {
      return List.of();
    }
    long origin = samples.stream().mapToLong(Series.HostSample::startMs).min().orElse(0);
    List<Marker> phases = phases(last.result(), reportDir);
    String title = workload + ", " + last.scale() + ": ";
    return List.of(
        chart(title + "CPU", "% of all cores", samples, origin, phases, List.of(HOST_FIGURES.get(0), HOST_FIGURES.get(1), HOST_FIGURES.get(2))),
        chart(title + "network", "KB/s", samples, origin, phases, List.of(HOST_FIGURES.get(5), HOST_FIGURES.get(6), HOST_FIGURES.get(7),
            HOST_FIGURES.get(8))),
        chart(title + "disk", "KB/s", samples, origin, phases, List.of(HOST_FIGURES.get(9), HOST_FIGURES.get(10))));
  }

  /** A span of the run to mark on its charts. */
  record Marker(String label, long startMs, long endMs) {}

  /**
   * The run's phases: the records added in its time besides its own (TPCx-HS's phases), DFSIOE's
   * steady slots, or else the run itself.
   */
  static List<Marker> phases(RunResult run, Path reportDir) throws IOException {
    List<Marker> marks = new ArrayList<>();
    Path json = reportDir.resolve(Results.JSON_FILE);
    if (Files.exists(json)) {
      for (String line : Files.readAllLines(json)) {
        RunResult r = JsonLinesExporter.fromJson(line);
        if (r.startMs() >= run.startMs() && r.endMs() <= run.endMs() && !(r.startMs() == run.startMs() && r.endMs() == run.endMs())) {
          marks.add(new Marker(r.type().replaceFirst("^Hadoop\\w+?-", ""), r.startMs(), r.endMs()));
        }
      }
    }
    if (marks.isEmpty() && run.metrics().get("slotStartMs") != null) {
      // each stretch of steady slots ('1' in the mask) as one span
      DfsioeMetrics m = run.metrics(DfsioeMetrics.class);
      for (int k = m.mask.indexOf('1'); k >= 0; ) {
        int end = m.mask.indexOf('.', k);
        end = end < 0 ? m.mask.length() : end;
        marks.add(new Marker("steady", m.slotStartMs + k * m.slotMs, m.slotStartMs + end * m.slotMs));
        k = m.mask.indexOf('1', end);
      }
    }
    if (marks.isEmpty()) {
      marks.add(new Marker(run.type().replaceFirst("^Hadoop", ""), run.startMs(), run.endMs()));
    }
    return marks;
  }

  private static JFreeChart chart(String title, String unit, List<Series.HostSample> samples, long origin, List<Marker> phases,
      List<Figure> figures) {
    Map<String, XYSeries> lines = new LinkedHashMap<>();
    boolean oneHost = samples.stream().map(Series.HostSample::host).distinct().count() == 1;
    for (Series.HostSample s : samples) {
      double x = (s.endMs() - origin) / 1000.0;
      for (Figure f : figures) {
        String key = (oneHost ? "" : s.host() + " ") + f.heading().replaceFirst(" \\(.*", "");
        lines.computeIfAbsent(key, XYSeries::new).add(x, f.value().applyAsDouble(s.figures()));
      }
    }
    XYSeriesCollection data = new XYSeriesCollection();
    lines.values().forEach(data::addSeries);
    JFreeChart chart = ChartFactory.createXYLineChart(title, "Time since the run's first sample (s)", unit, data,
        PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    boolean shade = true;
    double span = (samples.stream().mapToLong(Series.HostSample::endMs).max().orElse(origin) - origin) / 1000.0;
    for (Marker m : phases) {
      IntervalMarker band = new IntervalMarker((m.startMs() - origin) / 1000.0, (m.endMs() - origin) / 1000.0);
      band.setPaint(shade ? new Color(70, 130, 180, 40) : new Color(255, 165, 0, 40));
      if (m.endMs() - m.startMs() >= 80 * span) { // a label only where it fits: 8% of the axis
        band.setLabel(m.label());
      }
      band.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      band.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(band, Layer.BACKGROUND);
      shade = !shade;
    }
    return ReportCharts.styled(chart);
  }
}

package io.hibenchdse.report;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cfs.CfsConfigKeys;
import io.hibenchdse.core.RunEnvironment;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.ycsb.YcsbResult;
import io.hibenchdse.ycsb.CassandraCqlKeys;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.StringUtils;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.VelocityEngine;
import org.apache.velocity.app.event.implement.EscapeHtmlReference;
import org.apache.velocity.runtime.RuntimeConstants;
import org.apache.velocity.runtime.resource.loader.ClasspathResourceLoader;
import org.jfree.chart.JFreeChart;

/**
 * {@code index.html}: the suite's results as one self-contained page (charts embedded as SVG, no
 * network), per workload the summary table, time against data size with sigma error bars and the
 * linear projection, throughput per run, and what only its records carry (its {@link WorkloadSection}:
 * DFSIOE's slot chart, TPCx-HS's phases, YCSB's operations); then the
 * environment the figures were measured in and the commands that reproduce them. The charts are
 * also written beside it as PNG and SVG.
 */
public final class HtmlReport {
  public static final String FILE = "index.html";
  public static final String CHARTS = "charts";
  private static final String TEMPLATE = "io/hibenchdse/report/report.html.vm";

  /** A chart as the page shows it: a caption and the SVG as a data URI. */
  public record Chart(String caption, String dataUri) {}

  /** A table beside the summary, under its caption: the utilization's, a workload's own (YCSB's phases and operation types). */
  public record Table(String caption, Grid grid) {}

  /** One workload's part of the page. */
  public record Section(String workload, Grid table, List<Table> tables, List<Chart> charts, List<String> commands,
      List<String> notes) {}

  private HtmlReport() {}

  /** The settings that decide what the figures mean, in one line: the storage and what a write had reached when acknowledged. */
  static final List<String> STORAGE_LINE = List.of("File system", "Storage nodes", "Commit log", "Replication", "Write acknowledged by",
      "Read from", "Fsync before acknowledging", "Acknowledged writes survive a server process crash");

  static String storageLine(List<List<String>> environment) {
    List<String> parts = new ArrayList<>();
    for (List<String> e : environment) {
      if (STORAGE_LINE.contains(e.get(0))) {
        parts.add(e.get(0) + ": " + e.get(1));
      }
    }
    return String.join("; ", parts);
  }

  static Path write(List<Measurement> measurements, List<Summary.Row> rows, List<Comparison.Row> engines, Path dir) throws IOException {
    Path charts = dir.resolve(CHARTS);
    List<Section> sections = new ArrayList<>();
    List<Summary.Row> byWorkload = new ArrayList<>();
    for (String workload : workloads(rows)) {
      List<Summary.Row> own = rows.stream().filter(r -> r.workload().equals(workload)).toList();
      byWorkload.addAll(own);
      List<Measurement> runs = measurements.stream().filter(m -> m.workload().equals(workload)).toList();
      List<Chart> sectionCharts = new ArrayList<>();
      List<Summary.Row> points = own.stream().filter(r -> r.point() != null).toList();
      if (!points.isEmpty()) { // a directory may also hold the workload's runs of no series: the table shows them, the series' charts not
        sectionCharts.addAll(seriesCharts(workload, points, runs, charts));
      } else if (own.size() > 1) { // against one size the chart would be a point in an empty frame
        sectionCharts.add(chart(ReportCharts.scaling(workload + ": time against data size", own), charts, workload + "-scaling",
            "Mean time against data size, sigma as error bars; dashed: the smallest size's time grown linearly with data"));
      }
      sectionCharts.add(chart(ReportCharts.throughputPerRun(workload, runs), charts, workload + "-throughput",
          "Throughput of every measured run"));
      WorkloadSection section = WorkloadSection.of(runs);
      sectionCharts.addAll(section.charts(workload, runs, charts));
      List<Table> tables = new ArrayList<>(UtilizationReport.tables(runs));
      tables.addAll(section.tables(runs));
      for (JFreeChart c : UtilizationReport.charts(workload, runs.get(runs.size() - 1), dir)) {
        sectionCharts.add(chart(c, charts, workload + "-" + c.getTitle().getText().replaceFirst(".*: ", "") + "-utilization",
            "What each host used over the last run's time, the run's phases shaded"));
      }
      Set<String> commands = new LinkedHashSet<>();
      for (Measurement m : runs) {
        if (m.result().command() != null && !m.result().command().isEmpty()) {
          commands.add("bin/hibench " + String.join(" ", m.result().command()));
        }
      }
      List<String> notes = new ArrayList<>(Summary.best(own).stream().map(Summary.Best::describe).toList());
      notes.addAll(Summary.precisionNotReached(own));
      sections.add(new Section(workload, Grid.of(Summary.COLUMNS, Format.PAGE, own), tables, sectionCharts, new ArrayList<>(commands),
          notes));
    }
    List<List<String>> environment = environment(measurements);
    VelocityContext context = new VelocityContext();
    context.put("generated", ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME));
    context.put("overview", Grid.of(Summary.COLUMNS, Format.OVERVIEW, byWorkload));
    context.put("storage", storageLine(environment));
    context.put("enginesCaption", SummaryReport.ENGINES_CAPTION);
    context.put("engines", Grid.of(Comparison.COLUMNS, Format.OVERVIEW, engines));
    context.put("sections", sections);
    context.put("environment", environment);
    Set<String> suiteCommands = new LinkedHashSet<>();
    for (Measurement m : measurements) {
      String c = m.result().configuration().get(HibenchConfigKeys.SUITE_COMMAND);
      if (c != null) {
        suiteCommands.add(c);
      }
    }
    context.put("suiteCommands", suiteCommands);
    return render(TEMPLATE, context, dir.resolve(FILE));
  }

  /**
   * A series' charts: time and throughput along its points with sigma bars, one chart for a series
   * and one per row of a grid (the points that share every setting but the last, along the last).
   */
  private static List<Chart> seriesCharts(String workload, List<Summary.Row> own, List<Measurement> runs, Path charts)
      throws IOException {
    Map<String, String> rowOf = new LinkedHashMap<>();
    runs.forEach(m -> rowOf.put(m.point(), m.seriesRow()));
    Map<String, List<Summary.Row>> gridRows = new LinkedHashMap<>();
    own.forEach(r -> gridRows.computeIfAbsent(rowOf.get(r.point()), k -> new ArrayList<>()).add(r));
    List<Chart> out = new ArrayList<>();
    for (Map.Entry<String, List<Summary.Row>> e : gridRows.entrySet()) {
      String title = workload + (e.getKey() == null ? "" : " at " + e.getKey()) + ": time and throughput along the series";
      out.add(chart(ReportCharts.series(title, e.getKey(), e.getValue(), runs), charts,
          workload + "-series" + (e.getKey() == null ? "" : "-" + e.getKey()),
          "Mean time (left) and mean throughput (right) at each point, sigma as error bars"));
    }
    return out;
  }

  /** A run's size as the per-run charts name it: its profile, and its point of a series. */
  static String sizeAndPoint(Measurement m) {
    return m.point() == null ? m.scale() : m.scale() + " " + m.point();
  }

  public static Chart chart(JFreeChart chart, Path dir, String name, String caption) throws IOException {
    String svg = ReportCharts.write(chart, dir, name.replaceAll("[^A-Za-z0-9._-]", "_"));
    return new Chart(caption, "data:image/svg+xml;base64," + Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static Set<String> workloads(List<Summary.Row> rows) {
    Set<String> names = new LinkedHashSet<>();
    rows.forEach(r -> names.add(r.workload()));
    return names;
  }

  /** The settings the figures were measured with: every distinct value across the runs. */
  static List<List<String>> environment(List<Measurement> measurements) {
    List<List<String>> env = new ArrayList<>();
    add(env, measurements, "Suite, commit built from", r -> r.environment().containsKey(RunEnvironment.COMMIT)
        ? r.environment().get(RunEnvironment.SUITE) + ", " + r.environment().get(RunEnvironment.COMMIT) : "not recorded");
    add(env, measurements, "Hadoop", r -> r.environment().get("hadoop"));
    add(env, measurements, "Cluster's ResourceManager", r -> r.configuration().get(HibenchConfigKeys.CLUSTER_RESOURCE_MANAGER));
    add(env, measurements, "Cluster's Hadoop", r -> r.configuration().get(HibenchConfigKeys.CLUSTER_HADOOP_VERSION));
    add(env, measurements, "Cluster's Java (NodeManagers)", r -> r.configuration().get(HibenchConfigKeys.CLUSTER_NODEMANAGER_JAVA));
    add(env, measurements, "Jobs submitted with", r -> r.configuration().get(HibenchConfigKeys.CLUSTER_SUBMIT));
    add(env, measurements, "Worker hosts", r -> r.configuration().get(HibenchConfigKeys.CLUSTER_HOSTS));
    add(env, measurements, "JVM", r -> r.environment().get("java"));
    add(env, measurements, "OS", r -> r.environment().get("os"));
    add(env, measurements, "Cores, launching machine", r -> r.environment().get("cores"));
    add(env, measurements, "Memory, launching machine", r -> r.environment().containsKey("memoryBytes")
        ? fmt("%.1f GiB", Long.parseLong(r.environment().get("memoryBytes")) / (double) (1L << 30)) : null);
    add(env, measurements, "File system", r -> r.fileSystem());
    add(env, measurements, "Storage nodes", r -> r.configuration().get(HibenchConfigKeys.STORAGE_NODES));
    add(env, measurements, "Replication", r -> Durability.of(r).replication());
    add(env, measurements, "Block size (MB)", r -> fmt("%.0f", r.blockSize() / (double) (1 << 20)));
    add(env, measurements, "Write acknowledged by", r -> Durability.of(r).writeAcks());
    add(env, measurements, "Read from", r -> Durability.of(r).readReplicas());
    add(env, measurements, "Fsync before acknowledging", r -> Durability.of(r).fsyncBeforeAck());
    add(env, measurements, "Acknowledged writes survive a server process crash", r -> Durability.of(r).survivesProcessCrash());
    add(env, measurements, "Commit log", r -> r.configuration().get(HibenchConfigKeys.STORAGE_COMMIT_LOG));
    add(env, measurements, "Consistency level, YCSB write / read", r -> r.configuration().containsKey(CassandraCqlKeys.WRITE_CL)
        ? r.configuration().get(CassandraCqlKeys.WRITE_CL) + " / " + r.configuration().get(CassandraCqlKeys.READ_CL) : null);
    add(env, measurements, "Memory before a YCSB phase", r -> r.configuration().get(HibenchConfigKeys.SERVING_FLUSH));
    add(env, measurements, "Flush and compactions before a YCSB phase (s)", r -> r.configuration().containsKey(YcsbResult.SETTLED_MS)
        ? fmt("%.1f", Long.parseLong(r.configuration().get(YcsbResult.SETTLED_MS)) / 1000.0) : null);
    add(env, measurements, "Consistency level, cfs:// write / read", r -> r.configuration().containsKey(CfsConfigKeys.WRITE_CL.key())
        ? r.configuration().get(CfsConfigKeys.WRITE_CL.key()) + " / " + r.configuration().get(CfsConfigKeys.READ_CL.key()) : null);
    add(env, measurements, "Sub-block size, cfs:// (MB)", r -> String.valueOf(r.fileSystem()).startsWith("cfs:") ? fmt("%.1f",
        StringUtils.TraditionalBinaryPrefix.string2long(r.configuration().getOrDefault(CfsConfigKeys.SUB_BLOCK_SIZE.key(),
            CfsConfigKeys.SUB_BLOCK_SIZE.defaultValue())) / (double) (1 << 20)) : null);
    add(env, measurements, "Compaction, cfs:// sub-blocks", r -> r.configuration().get(CfsConfigKeys.COMPACTION.key()));
    add(env, measurements, "Maps / reduces asked for", r -> r.configuration().containsKey(MRJobConfig.NUM_MAPS)
        || r.configuration().containsKey(MRJobConfig.NUM_REDUCES)
        ? r.configuration().get(MRJobConfig.NUM_MAPS) + " / " + r.configuration().get(MRJobConfig.NUM_REDUCES) : null);
    add(env, measurements, "Framework", r -> r.configuration().get(MRConfig.FRAMEWORK_NAME));
    add(env, measurements, "Page cache", r -> r.configuration().getOrDefault(HibenchConfigKeys.PAGE_CACHE, "not recorded"));
    return env;
  }

  private static void add(List<List<String>> env, List<Measurement> measurements, String name, Function<RunResult, String> value) {
    Set<String> values = new LinkedHashSet<>();
    for (Measurement m : measurements) {
      String v = value.apply(m.result());
      if (v != null) {
        values.add(v);
      }
    }
    if (!values.isEmpty()) {
      env.add(List.of(name, String.join(", ", values)));
    }
  }

  /** A table as {@code page} shows {@code rows}: its headings, whether each column holds figures (aligned right), its cells a list a row. */
  public record Grid(List<String> header, List<Boolean> figures, List<List<String>> rows) {
    static <R> Grid of(Columns<R> columns, Format page, List<R> rows) {
      List<Columns.Shown<R>> shown = columns.in(page, rows);
      return new Grid(shown.stream().map(Columns.Shown::heading).toList(), shown.stream().map(Columns.Shown::figure).toList(),
          rows.stream().map(r -> shown.stream().map(c -> c.cell(r)).toList()).toList());
    }
  }

  /** A figure as the pages show it: formatted the same in every locale. */
  public static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** Writes {@code page} from a template on the class path, every inserted value HTML-escaped. */
  public static Path render(String template, VelocityContext context, Path page) throws IOException {
    VelocityEngine engine = new VelocityEngine();
    engine.setProperty(RuntimeConstants.RESOURCE_LOADERS, "classpath");
    engine.setProperty("resource.loader.classpath.class", ClasspathResourceLoader.class.getName());
    engine.setProperty(RuntimeConstants.EVENTHANDLER_REFERENCEINSERTION, EscapeHtmlReference.class.getName());
    engine.setProperty(RuntimeConstants.VM_LIBRARY, "io/hibenchdse/report/grid.vm");
    engine.init();
    Files.createDirectories(page.getParent());
    try (Writer w = Files.newBufferedWriter(page, StandardCharsets.UTF_8)) {
      engine.getTemplate(template, StandardCharsets.UTF_8.name()).merge(context, w);
    }
    return page;
  }
}

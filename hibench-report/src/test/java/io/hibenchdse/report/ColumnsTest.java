package io.hibenchdse.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import io.hibenchdse.ycsb.YcsbMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One declaration of a table's columns, shown by each format its way: headings with units, cells, a series' point. */
class ColumnsTest {
  private static final Summary.Row TWO_RUNS = new Summary.Row("sort", "tiny", 2, 2_500_000, 12, 2.828, 23.57, -13.412, 37.412, 0, 0,
      208_333, null, null, false, null, null);
  private static final Summary.Row ONE_RUN = new Summary.Row("sort", "small", 1, 7_500_000, 24, 0, 0, null, null, 200, 100,
      312_500, null, null, false, null, null);

  private static <R> List<String> headings(Columns<R> columns, Format f, List<R> rows) {
    return columns.in(f, rows).stream().map(Columns.Shown::heading).toList();
  }

  private static <R> List<String> cells(Columns<R> columns, Format f, List<R> rows, R row) {
    return columns.in(f, rows).stream().map(c -> c.cell(row)).toList();
  }

  @Test
  void eachFormatHeadsTheColumnsItShowsWithTheirUnits() {
    List<Summary.Row> rows = List.of(TWO_RUNS, ONE_RUN);
    assertEquals(List.of("Workload", "Profile", "Runs", "Data(B)", "Time(s)", "sigma(s)", "sigma(%)", "95% CI(s)", "DataD(%)", "TimeD(%)",
        "Throughput(B/s)"), headings(Summary.COLUMNS, Format.CONSOLE, rows));
    assertEquals(List.of("Profile", "Runs", "Data size (MB)", "Mean time (s)", "Sigma (s)", "Sigma (%)", "95% interval (s)",
        "Data delta (%)", "Time delta (%)", "Throughput"), headings(Summary.COLUMNS, Format.PAGE, rows));
    assertEquals(List.of("Workload", "Profile", "Runs", "Data size (MB)", "Mean time (s)", "Sigma (%)", "95% interval (s)", "Throughput"),
        headings(Summary.COLUMNS, Format.OVERVIEW, rows));
    assertEquals(16, headings(Summary.COLUMNS, Format.FILE, rows).size(), "every figure in the file, the point too");
  }

  @Test
  void aFigureIsWrittenInItsUnitAndMissingOnesSaySo() {
    List<Summary.Row> rows = List.of(TWO_RUNS, ONE_RUN);
    // bytes in the file and on the console, MB on the page; the interval's absence in words where it is shown
    assertEquals(List.of("sort", "small", "1", "7500000", "24.000", "0.000", "0.00", "", "", "200.00", "100.00", "312500", "", "", "", ""),
        cells(Summary.COLUMNS, Format.FILE, rows, ONE_RUN));
    assertEquals(List.of("small", "1", "7.500", "24.000", "0.000", "0.0", "one run", "+200.00", "+100.00", "0.31 MB/s"),
        cells(Summary.COLUMNS, Format.PAGE, rows, ONE_RUN));
    assertEquals("[-13.412, 37.412]", cells(Summary.COLUMNS, Format.CONSOLE, rows, TWO_RUNS).get(7));
  }

  @Test
  void aSeriesPointStandsBesideTheProfileOnlyWhereARowHasOne() throws Exception {
    Summary.Row point = new Summary.Row("wordcount", "tiny", 1, 1000, 3, 0, 0, null, null, 0, 0, 333, null, "maps=12,reduces=4", false,
        null, null);
    List<Summary.Row> rows = List.of(point);
    assertEquals("point", headings(Summary.COLUMNS, Format.FILE, rows).get(15), "last in the file");
    assertEquals(List.of("Workload", "Profile", "Point"), headings(Summary.COLUMNS, Format.OVERVIEW, rows).subList(0, 3));
    assertEquals(-1, headings(Summary.COLUMNS, Format.PAGE, List.of(ONE_RUN)).indexOf("Point"), "no column where no row has a point");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ConsoleTable.print(Summary.COLUMNS, rows, new PrintStream(out, true, StandardCharsets.UTF_8));
    String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
    // a label longer than its width widens its column, so the next column starts at the same place on every line
    assertEquals(lines[0].indexOf("Runs") + "Runs".length(), lines[1].indexOf(" 1 ") + " 1".length(), String.join("\n", lines));
  }

  @Test
  void aComparisonWithoutATestLeavesItsCellsEmptyInTheFileAndDashedOnTheConsole() {
    Comparison.Row oneRun = new Comparison.Row("sort", "tiny", 1, 10, 0, 1, 12, 0, 1.2, Double.NaN, Double.NaN, Double.NaN, 0.8,
        Double.NaN, null);
    List<Comparison.Row> rows = List.of(oneRun);
    List<String> file = cells(Comparison.COLUMNS, Format.FILE, rows, oneRun);
    assertEquals(List.of("sort", "tiny", "1", "10.000", "0.000", "1", "12.000", "0.000", "1.2000", "", "", "", "", "0.8000", "", ""), file);
    assertEquals(List.of("sort", "tiny", "10.000±0.000", "12.000±0.000", "1.200", "one run", "-", "-", "0.800", "-"),
        cells(Comparison.COLUMNS, Format.CONSOLE, rows, oneRun));
    assertEquals("one run: no test", cells(Comparison.COLUMNS, Format.OVERVIEW, rows, oneRun).get(10));
    assertEquals(headings(Comparison.COLUMNS, Format.OVERVIEW, rows),
        headings(Comparison.COLUMNS, Format.PAGE, rows).subList(0, 12), "the overview: the page's table without YCSB's latency");
  }

  private static YcsbMetrics phase(double opsPerSec, double meanUs, long failedUpdates) {
    YcsbMetrics m = new YcsbMetrics();
    m.operations = 1000;
    m.throughputOpsPerSec = opsPerSec;
    m.runtimeSec = 1000 / opsPerSec;
    m.meanUs = meanUs;
    YcsbMetrics.Operation update = new YcsbMetrics.Operation();
    update.count = 1000 - failedUpdates;
    update.meanUs = meanUs;
    update.p99Us = 3 * meanUs;
    update.returns.put("OK", update.count);
    update.returns.put("ERROR", failedUpdates);
    m.byType.put("UPDATE", update);
    m.byType.put("UPDATE-FAILED", new YcsbMetrics.Operation());
    return m;
  }

  @Test
  void servingTablesGiveLatenciesInMicrosecondsAndFiguresAlignedRight() {
    List<ServingSection.Phase> phases = List.of(new ServingSection.Phase("tiny", List.of(phase(2000, 400, 0), phase(1000, 800, 3))));
    HtmlReport.Grid grid = HtmlReport.Grid.of(ServingSection.PHASE_COLUMNS, Format.PAGE, phases);
    assertEquals(List.of("Profile", "Runs", "Operations", "Throughput (ops/s)", "Sigma (ops/s)", "Runtime (s)", "Sigma (s)",
        "Mean latency (us)", "Sigma (us)", "Errors (all runs)"), grid.header());
    // means 1500 ops/s, 0.75 s, 600 us; sample sigmas of two values d apart are d / sqrt(2)
    assertEquals(List.of("tiny", "2", "1,000", "1,500", "707", "0.750", "0.354", "600", "283", "0"), grid.rows().get(0));
    assertEquals(List.of(false, true, true, true, true, true, true, true, true, true), grid.figures());
    ServingSection.Operation update = new ServingSection.Operation("tiny", "UPDATE",
        phases.get(0).runs().stream().map(m -> m.byType.get("UPDATE")).toList());
    HtmlReport.Grid ops = HtmlReport.Grid.of(ServingSection.OPERATION_COLUMNS, Format.PAGE, List.of(update));
    assertEquals(List.of("Profile", "Operation", "Count", "Mean latency (us)", "Sigma (us)", "p50 (us)", "p95 (us)", "p99 (us)",
        "p99.9 (us)", "Max (us)", "Not OK (all runs)"), ops.header());
    assertEquals(List.of("tiny", "UPDATE", "999", "600", "283", "0", "0", "1,800", "0", "0", "3"), ops.rows().get(0));
  }

  @Test
  void utilizationHeadingsKeepTheirNamesWithUnits() {
    // compare-utilization.csv names each figure by this heading: it must not change with the unit's type
    assertEquals(List.of("CPU user (%)", "CPU system (%)", "CPU iowait (%)", "Context switches/s", "Memory used (%)", "Net received (KB/s)",
        "Net sent (KB/s)", "Loopback received (KB/s)", "Loopback sent (KB/s)", "Disk read (KB/s)", "Disk written (KB/s)", "Disk reads/s",
        "Disk writes/s", "I/O await (ms)"), UtilizationReport.HOST_FIGURES.stream().map(UtilizationReport.Figure::heading).toList());
    List<String> hostHeadings = headings(UtilizationReport.HOST_COLUMNS, Format.PAGE, List.of());
    assertEquals("Host", hostHeadings.get(0));
    assertEquals(UtilizationReport.HOST_FIGURES.stream().map(UtilizationReport.Figure::heading).toList(), hostHeadings.subList(1, 15));
    assertEquals(List.of("Process", "CPU (%)", "Resident (MB)", "Read (KB/s)", "Written (KB/s)"),
        headings(UtilizationReport.PROCESS_COLUMNS, Format.PAGE, List.of()));
  }
}

package io.hibenchdse.launcher.report;

import static io.hibenchdse.launcher.report.HtmlReport.fmt;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.hibenchdse.launcher.storage.Durability;
import io.hibenchdse.launcher.suite.Measurement;
import io.hibenchdse.ycsb.YcsbMetrics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.velocity.VelocityContext;

/**
 * Two suites' results side by side (HDFS against cfs://, one cluster against another), per workload
 * and data size: both mean times with their sigma, and B's time and throughput as ratios of A's (for
 * a YCSB phase also its operation-weighted mean latency),
 * with the durability settings in which their runs differ ({@link Durability}), the most common way
 * a comparison misleads.
 */
public final class Comparison {
  /** One workload at one data size in both. Ratios are B's over A's; the latency ratio is NaN for a workload that measures none (not YCSB's). */
  public record Row(String workload, String profile, int runsA, double meanSecA, double sigmaSecA, int runsB,
      double meanSecB, double sigmaSecB, double timeRatio, double throughputRatio, double latencyRatio) {}

  private final Path a;
  private final Path b;
  private final List<Row> rows;
  private final Set<String> differences;

  private Comparison(Path a, Path b, List<Row> rows, Set<String> differences) {
    this.a = a;
    this.b = b;
    this.rows = rows;
    this.differences = differences;
  }

  /** A's and B's report directories (their hibench.jsonl) compared. */
  public static Comparison of(Path a, Path b) throws IOException {
    List<Measurement> runsA = Measurement.read(a);
    List<Measurement> runsB = Measurement.read(b);
    return new Comparison(a, b, rows(Summary.rows(runsA), Summary.rows(runsB), meanLatency(runsA), meanLatency(runsB)),
        differences(runsA, runsB));
  }

  /** One row per workload and size that both hold. */
  public List<Row> rows() {
    return rows;
  }

  /** The durability settings that differ between A's and B's runs of the same workload and size. */
  public Set<String> differences() {
    return differences;
  }

  private static Set<String> differences(List<Measurement> runsA, List<Measurement> runsB) {
    Map<String, Durability> first = new LinkedHashMap<>();
    for (Measurement m : runsA) {
      first.putIfAbsent(key(m.workload(), m.scale()), Durability.of(m.result()));
    }
    Set<String> differences = new LinkedHashSet<>();
    for (Measurement m : runsB) {
      Durability da = first.get(key(m.workload(), m.scale()));
      if (da != null) {
        differences.addAll(da.differences(Durability.of(m.result()), "A", "B"));
      }
    }
    return differences;
  }

  /** Per YCSB workload and profile, the mean over the runs of the phase's operation-weighted mean latency. */
  private static Map<String, Double> meanLatency(List<Measurement> runs) {
    Map<String, DescriptiveStatistics> stats = new LinkedHashMap<>();
    for (Measurement m : runs) {
      if ("ycsb".equals(m.result().workload)) {
        stats.computeIfAbsent(key(m.workload(), m.scale()), k -> new DescriptiveStatistics())
            .addValue(m.result().metrics(YcsbMetrics.class).meanUs);
      }
    }
    Map<String, Double> means = new LinkedHashMap<>();
    stats.forEach((k, v) -> means.put(k, v.getMean()));
    return means;
  }

  private static List<Row> rows(List<Summary.Row> summaryA, List<Summary.Row> summaryB, Map<String, Double> latencyA,
      Map<String, Double> latencyB) {
    Map<String, Summary.Row> byKey = new LinkedHashMap<>();
    summaryB.forEach(r -> byKey.put(key(r.workload(), r.profile()), r));
    List<Row> rows = new ArrayList<>();
    for (Summary.Row ra : summaryA) {
      Summary.Row rb = byKey.get(key(ra.workload(), ra.profile()));
      if (rb != null) {
        rows.add(new Row(ra.workload(), ra.profile(), ra.runs(), ra.meanSec(), ra.sigmaSec(), rb.runs(),
            rb.meanSec(), rb.sigmaSec(), rb.meanSec() / ra.meanSec(),
            rb.meanThroughputBytesPerSec() / ra.meanThroughputBytesPerSec(),
            latencyB.getOrDefault(key(rb.workload(), rb.profile()), Double.NaN)
                / latencyA.getOrDefault(key(ra.workload(), ra.profile()), Double.NaN)));
      }
    }
    return rows;
  }

  private static String key(String workload, String profile) {
    return workload + "\u0000" + profile;
  }

  /** The table on the console: both means with sigma, B's ratios. */
  public void print(PrintStream console) {
    console.printf(Locale.ROOT, "%-12s %-14s %14s %14s %10s %12s %12s%n", "Workload", "Profile", "A time(s)", "B time(s)",
        "Time B/A", "Thruput B/A", "Latency B/A");
    for (Row r : rows) {
      console.printf(Locale.ROOT, "%-12s %-14s %14s %14s %10.3f %12.3f %12s%n", r.workload(), r.profile(),
          meanSigma(r.meanSecA(), r.sigmaSecA()), meanSigma(r.meanSecB(), r.sigmaSecB()), r.timeRatio(), r.throughputRatio(),
          ratio(r.latencyRatio(), "-"));
    }
  }

  private static String ratio(double ratio, String none) {
    return Double.isNaN(ratio) ? none : fmt("%.3f", ratio);
  }

  private static String meanSigma(double mean, double sigma) {
    return fmt("%.3f±%.3f", mean, sigma);
  }

  private static final List<String> HEADER = List.of("Workload", "Profile", "Runs A", "Mean time A (s)", "Sigma A (s)", "Runs B",
      "Mean time B (s)", "Sigma B (s)", "Time B/A", "Throughput B/A", "Mean latency B/A (YCSB)");

  /** compare.csv, compare.json and compare.html (with the ratio chart, also as charts/ratios.png and .svg). */
  public void write(Path out) throws IOException {
    Files.createDirectories(out);
    StringBuilder csv = new StringBuilder(
        "workload,profile,runs_a,mean_s_a,sigma_s_a,runs_b,mean_s_b,sigma_s_b,time_ratio,throughput_ratio,latency_ratio\n");
    for (Row r : rows) {
      csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.3f,%.3f,%d,%.3f,%.3f,%.4f,%.4f,%s%n", r.workload(), r.profile(),
          r.runsA(), r.meanSecA(), r.sigmaSecA(), r.runsB(), r.meanSecB(), r.sigmaSecB(), r.timeRatio(), r.throughputRatio(),
          Double.isNaN(r.latencyRatio()) ? "" : fmt("%.4f", r.latencyRatio())));
    }
    Files.writeString(out.resolve("compare.csv"), csv);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.resolve("compare.json").toFile(), rows);
    List<List<String>> table = new ArrayList<>();
    for (Row r : rows) {
      table.add(List.of(r.workload(), r.profile(), Integer.toString(r.runsA()), fmt("%.3f", r.meanSecA()), fmt("%.3f", r.sigmaSecA()),
          Integer.toString(r.runsB()), fmt("%.3f", r.meanSecB()), fmt("%.3f", r.sigmaSecB()), fmt("%.3f", r.timeRatio()),
          fmt("%.3f", r.throughputRatio()), ratio(r.latencyRatio(), "")));
    }
    VelocityContext context = new VelocityContext();
    context.put("a", a.toString());
    context.put("b", b.toString());
    context.put("generated", ZonedDateTime.now().format(DateTimeFormatter.RFC_1123_DATE_TIME));
    context.put("differences", differences);
    context.put("header", HEADER);
    context.put("rows", table);
    context.put("chart", HtmlReport.chart(ReportCharts.ratios(rows), out.resolve(HtmlReport.CHARTS), "ratios",
        "B's mean time and mean throughput as ratios of A's; the line at 1 is parity"));
    HtmlReport.render("io/hibenchdse/launcher/report/compare.html.vm", context, out.resolve("compare.html"));
  }
}

package io.hibenchdse.report;

import static io.hibenchdse.report.HtmlReport.fmt;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.Unit;
import io.hibenchdse.monitor.HostFigures;
import io.hibenchdse.monitor.Utilization;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Two suites' results side by side (HDFS against cfs://, one cluster against another), per workload
 * and data size: both mean times with their sigma, and B's time and throughput as ratios of A's, the
 * time's with its 95% interval and whether the difference is significant (for a YCSB phase also its
 * operation-weighted mean latency),
 * with the durability settings in which their runs differ ({@link Durability}), the most common way
 * a comparison misleads.
 */
public final class Comparison {
  /**
   * One workload at one data size (and series point: matched by its label) in both. Ratios are B's
   * over A's, the time's with its 95% interval and Welch's p-value ({@link Confidence}; NaN where a
   * side has one run); the latency ratio is NaN for a workload that measures none (not YCSB's).
   */
  public record Row(String workload, String profile, int runsA, double meanSecA, double sigmaSecA, int runsB,
      double meanSecB, double sigmaSecB, double timeRatio, double timeRatioCi95Low, double timeRatioCi95High, double pValue,
      double throughputRatio, double latencyRatio, String point) {
    /** Whether A's and B's mean times differ at 95% (Welch's t-test); false where a side has one run. */
    public boolean significant() {
      return pValue < 1 - Confidence.LEVEL;
    }

    /** As the tables say it: {@code yes}, {@code no}, or null where there is no test. */
    String verdict() {
      return Double.isNaN(pValue) ? null : significant() ? "yes" : "no";
    }
  }

  /** One figure of what all hosts used (their mean or sum), per workload and data size, means over the sampled runs. */
  public record UtilizationRow(String workload, String profile, String figure, double a, double b) {
    public double ratio() {
      return b / a;
    }
  }

  private final Path a;
  private final Path b;
  private final List<Row> rows;
  private final Set<String> differences;
  private final Set<String> clusters;
  private final List<UtilizationRow> utilization;

  /** What the cluster a run measures is, as a comparison names it when A's and B's differ: the question being asked. */
  private static final String[][] CLUSTER = {
    {HibenchConfigKeys.CLUSTER_HOSTS, "hosts"}, {HibenchConfigKeys.CLUSTER_LINK, "link"}, {MRConfig.FRAMEWORK_NAME, "framework"}};

  private Comparison(Path a, Path b, List<Row> rows, Set<String> differences, Set<String> clusters, List<UtilizationRow> utilization) {
    this.a = a;
    this.b = b;
    this.rows = rows;
    this.differences = differences;
    this.clusters = clusters;
    this.utilization = utilization;
  }

  /** A's and B's report directories (their hibench.jsonl) compared. */
  public static Comparison of(Path a, Path b) throws IOException {
    List<Measurement> runsA = Measurement.read(a);
    List<Measurement> runsB = Measurement.read(b);
    return new Comparison(a, b, rows(Summary.rows(runsA), Summary.rows(runsB), meanLatency(runsA), meanLatency(runsB)),
        differences(runsA, runsB), clusters(runsA, runsB), utilization(runsA, runsB));
  }

  /** One row per workload and size that both hold. */
  public List<Row> rows() {
    return rows;
  }

  /** What all hosts used in A's runs and B's, side by side, for each workload and size both sampled. */
  public List<UtilizationRow> utilization() {
    return utilization;
  }

  private static List<UtilizationRow> utilization(List<Measurement> runsA, List<Measurement> runsB) {
    Map<RowKey, List<HostFigures>> totalsA = totals(runsA);
    Map<RowKey, List<HostFigures>> totalsB = totals(runsB);
    List<UtilizationRow> rows = new ArrayList<>();
    totalsA.forEach((key, a) -> {
      List<HostFigures> b = totalsB.get(key);
      if (b != null) {
        for (UtilizationReport.Figure f : UtilizationReport.HOST_FIGURES) {
          rows.add(new UtilizationRow(key.workload(), key.label(), f.heading(), mean(a, f), mean(b, f)));
        }
      }
    });
    return rows;
  }

  private static Map<RowKey, List<HostFigures>> totals(List<Measurement> runs) {
    Map<RowKey, List<HostFigures>> totals = new LinkedHashMap<>();
    for (Measurement m : runs) {
      Utilization u = m.result().utilization(Utilization.class);
      if (u != null && !u.hosts().isEmpty()) {
        totals.computeIfAbsent(m.key(), k -> new ArrayList<>()).add(u.total());
      }
    }
    return totals;
  }

  private static double mean(List<HostFigures> figures, UtilizationReport.Figure f) {
    return figures.stream().mapToDouble(f.value()).average().orElse(Double.NaN);
  }

  /**
   * How A's cluster and B's differ (hosts, link, framework: {@code link 1gbit (A), 40mbit (B)}): not a
   * reason to refuse, as durability is, but the difference being measured, named beside the figures.
   */
  public Set<String> clusters() {
    return clusters;
  }

  private static Set<String> clusters(List<Measurement> runsA, List<Measurement> runsB) {
    Set<String> named = new LinkedHashSet<>();
    for (String[] setting : CLUSTER) {
      Set<String> a = values(runsA, setting[0]);
      Set<String> b = values(runsB, setting[0]);
      if (!a.equals(b)) {
        named.add(setting[1] + " " + String.join("/", a) + " (A), " + String.join("/", b) + " (B)");
      }
    }
    return named;
  }

  private static Set<String> values(List<Measurement> runs, String key) {
    Set<String> values = new java.util.TreeSet<>();
    runs.forEach(m -> values.add(m.result().configuration().getOrDefault(key, key.equals(MRConfig.FRAMEWORK_NAME) ? "local" : "-")));
    return values;
  }

  /** The durability settings that differ between A's and B's runs of the same workload and size. */
  public Set<String> differences() {
    return differences;
  }

  private static Set<String> differences(List<Measurement> runsA, List<Measurement> runsB) {
    Map<RowKey, Durability> first = new LinkedHashMap<>();
    for (Measurement m : runsA) {
      first.putIfAbsent(m.key(), Durability.of(m.result()));
    }
    Set<String> differences = new LinkedHashSet<>();
    for (Measurement m : runsB) {
      Durability da = first.get(m.key());
      if (da != null) {
        differences.addAll(da.differences(Durability.of(m.result()), "A", "B"));
      }
    }
    return differences;
  }

  /** Per YCSB workload and profile, the mean over the runs of the phase's operation-weighted mean latency. */
  private static Map<RowKey, Double> meanLatency(List<Measurement> runs) {
    Map<RowKey, DescriptiveStatistics> stats = new LinkedHashMap<>();
    for (Measurement m : runs) {
      Double latency = m.meanLatencyUs();
      if (latency != null) {
        stats.computeIfAbsent(m.key(), k -> new DescriptiveStatistics()).addValue(latency);
      }
    }
    Map<RowKey, Double> means = new LinkedHashMap<>();
    stats.forEach((k, v) -> means.put(k, v.getMean()));
    return means;
  }

  private static List<Row> rows(List<Summary.Row> summaryA, List<Summary.Row> summaryB, Map<RowKey, Double> latencyA,
      Map<RowKey, Double> latencyB) {
    Map<RowKey, Summary.Row> byKey = new LinkedHashMap<>();
    summaryB.forEach(r -> byKey.put(r.key(), r));
    List<Row> rows = new ArrayList<>();
    for (Summary.Row ra : summaryA) {
      Summary.Row rb = byKey.get(ra.key());
      if (rb != null) {
        rows.add(row(ra.workload(), ra, rb,
            latencyB.getOrDefault(rb.key(), Double.NaN) / latencyA.getOrDefault(ra.key(), Double.NaN)));
      }
    }
    return rows;
  }

  private static Row row(String workload, Summary.Row ra, Summary.Row rb, double latencyRatio) {
    Confidence.Ratio time = Confidence.ofRatio(ra.runs(), ra.meanSec(), ra.sigmaSec(), rb.runs(), rb.meanSec(), rb.sigmaSec());
    return new Row(workload, ra.profile(), ra.runs(), ra.meanSec(), ra.sigmaSec(), rb.runs(), rb.meanSec(), rb.sigmaSec(),
        time.ratio(), time.ci95().low(), time.ci95().high(), time.pValue(),
        rb.meanThroughputBytesPerSec() / ra.meanThroughputBytesPerSec(), latencyRatio, ra.point());
  }

  /**
   * Within one run, each Spark workload (B) against its MapReduce counterpart (A) on the same data,
   * at the same profile and series point; a row is named by the Spark workload.
   */
  public static List<Row> engines(List<Summary.Row> summary) {
    List<Row> rows = new ArrayList<>();
    for (Summary.Row spark : summary) {
      for (Summary.Row mr : summary) {
        if (mr.workload().equals(spark.counterpart()) && mr.profile().equals(spark.profile())
            && java.util.Objects.equals(mr.point(), spark.point())) {
          rows.add(row(spark.workload(), mr, spark, Double.NaN));
        }
      }
    }
    return rows;
  }

  /**
   * The comparison's columns in every format: the console's table, compare.csv (and engines.csv),
   * compare.html's table and index.html's of Spark beside MapReduce (without YCSB's latency).
   */
  public static final Columns<Row> COLUMNS = Columns.of(
      Column.text("workload", Row::workload).console("Workload", -18).page("Workload"),
      Column.text("profile", Row::profile).console("Profile", -14).page("Profile"),
      Column.figure("runs_a", Unit.COUNT, "%d", Row::runsA).page("Runs A"),
      Column.figure("mean_s_a", Unit.SECONDS, "%.3f", Row::meanSecA).page("Mean time A"),
      Column.figure("sigma_s_a", Unit.SECONDS, "%.3f", Row::sigmaSecA).page("Sigma A"),
      Column.<Row>shownOnly(Unit.SECONDS, r -> meanSigma(r.meanSecA(), r.sigmaSecA())).console("A time", 14),
      Column.figure("runs_b", Unit.COUNT, "%d", Row::runsB).page("Runs B"),
      Column.figure("mean_s_b", Unit.SECONDS, "%.3f", Row::meanSecB).page("Mean time B"),
      Column.figure("sigma_s_b", Unit.SECONDS, "%.3f", Row::sigmaSecB).page("Sigma B"),
      Column.<Row>shownOnly(Unit.SECONDS, r -> meanSigma(r.meanSecB(), r.sigmaSecB())).console("B time", 14),
      Column.figure("time_ratio", Unit.RATIO, "%.4f", Row::timeRatio).shownWith("%.3f").console("Time B/A", 10).page("Time B/A"),
      Column.figure("ratio_ci95_low", Unit.RATIO, "%.4f", Row::timeRatioCi95Low),
      Column.figure("ratio_ci95_high", Unit.RATIO, "%.4f", Row::timeRatioCi95High),
      Column.<Row>shownOnly(Unit.RATIO, Comparison::interval).console("95% interval", 16).page("95% interval of B/A"),
      Column.figure("p_value", Unit.RATIO, "%.4f", Row::pValue).shownWith("%.3f").console("p (Welch)", 9),
      Column.text("significant", Row::verdict).console("Differ", 6),
      Column.<Row>shownOnly(Unit.TEXT, Comparison::difference).page("Difference (Welch's t-test)"),
      Column.figure("throughput_ratio", Unit.RATIO, "%.4f", Row::throughputRatio).shownWith("%.3f").console("Thruput B/A", 12)
          .page("Throughput B/A"),
      Column.figure("latency_ratio", Unit.RATIO, "%.4f", Row::latencyRatio).shownWith("%.3f").console("Latency B/A", 12)
          .detail("Mean latency B/A (YCSB)"),
      Column.text("point", Row::point).console("Point", -24).page("Point").label());

  /** compare-utilization.csv's and compare.html's utilization columns. */
  public static final Columns<UtilizationRow> UTILIZATION = Columns.of(
      Column.text("workload", UtilizationRow::workload).page("Workload"),
      Column.text("profile", UtilizationRow::profile).page("Profile"),
      Column.text("figure", UtilizationRow::figure).page("All hosts' mean or sum"),
      Column.figure("a", Unit.OF_ROW, "%.2f", UtilizationRow::a).page("A"),
      Column.figure("b", Unit.OF_ROW, "%.2f", UtilizationRow::b).page("B"),
      Column.<UtilizationRow>figure("b_over_a", Unit.RATIO, "%.3f", r -> r.a() == 0 ? null : r.ratio()).page("B/A"));

  private static String interval(Row r) {
    return Double.isNaN(r.timeRatioCi95Low()) ? "one run" : fmt("[%.3f, %.3f]", r.timeRatioCi95Low(), r.timeRatioCi95High());
  }

  private static String difference(Row r) {
    return Double.isNaN(r.pValue()) ? "one run: no test"
        : r.significant() ? fmt("significant, p = %.3f", r.pValue()) : fmt("no significant difference, p = %.3f", r.pValue());
  }

  private static String meanSigma(double mean, double sigma) {
    return fmt("%.3f±%.3f", mean, sigma);
  }

  /** A's report directory. */
  public Path a() {
    return a;
  }

  /** B's report directory. */
  public Path b() {
    return b;
  }
}

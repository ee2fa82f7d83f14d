package io.hibenchdse.report;

import static io.hibenchdse.report.HtmlReport.fmt;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.hibenchdse.core.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The experiment summary of the reference report's tables 9, 13 and 17 (docs/methodology.md#reference-studies): per workload and data
 * size, mean time over the runs, its standard deviation in seconds and percent, its 95% confidence
 * interval ({@link Confidence}), and the data and time deltas against the workload's smallest data size.
 */
public final class Summary {

  /**
   * One row: a workload at one data size, or at one point of a series ({@code point}, null outside
   * one), with the 95% interval of its mean time (null with one run). Its runs' records also say
   * whether its point sets the data they move and, for a Spark workload, its MapReduce counterpart:
   * the report reads both, the tables do not show them.
   */
  public record Row(String workload, String profile, int runs, double dataBytes, double meanSec,
      double sigmaSec, double sigmaPct, @JsonInclude(JsonInclude.Include.NON_NULL) Double ci95LowSec,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double ci95HighSec, double dataDeltaPct, double timeDeltaPct,
      double meanThroughputBytesPerSec, @JsonInclude(JsonInclude.Include.NON_NULL) Double meanOpsPerSec,
      @JsonInclude(JsonInclude.Include.NON_NULL) String point, @JsonIgnore boolean changesData,
      @JsonIgnore String counterpart, @JsonInclude(JsonInclude.Include.NON_NULL) Double precisionPct) {
    /** The row's key, as its runs' ({@link Measurement#key()}). */
    public RowKey key() {
      return new RowKey(workload, profile, point);
    }

    /** The throughput as the page gives it: MB/s, or a serving phase's operations a second. */
    String throughput() {
      return meanOpsPerSec == null ? Unit.BYTES_PER_SECOND.onPageWithUnit("%.2f", meanThroughputBytesPerSec)
          : Unit.OPERATIONS_PER_SECOND.onPageWithUnit("%.0f", meanOpsPerSec);
    }

    /**
     * Under {@code --runs auto}: whether the interval's half-width came within {@link #precisionPct} of the mean; else null.
     * Named for Jackson: a record's method that is no component is not written without it.
     */
    @JsonProperty
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Boolean precisionReached() {
      return precisionPct == null ? null : ci95LowSec != null && halfWidthPct() <= precisionPct;
    }

    /** The interval's half-width in percent of the mean time; NaN with one run. */
    double halfWidthPct() {
      return ci95LowSec == null ? Double.NaN : new Confidence.Interval(ci95LowSec, ci95HighSec).halfWidthPct(meanSec);
    }

    /** The interval as the tables give it, or why there is none. */
    String ci95(String format, String none) {
      return ci95LowSec == null ? none : fmt("[" + format + ", " + format + "]", ci95LowSec, ci95HighSec);
    }
  }

  private Summary() {}

  public static List<Row> rows(List<Measurement> measurements) {
    Map<RowKey, List<Measurement>> groups = new LinkedHashMap<>();
    for (Measurement m : measurements) {
      groups.computeIfAbsent(m.key(), k -> new ArrayList<>()).add(m);
    }
    List<Row> rows = new ArrayList<>();
    Map<String, double[]> baseline = new LinkedHashMap<>();
    for (List<Measurement> group : groups.values()) {
      DescriptiveStatistics time = new DescriptiveStatistics();
      DescriptiveStatistics data = new DescriptiveStatistics();
      DescriptiveStatistics tput = new DescriptiveStatistics();
      DescriptiveStatistics ops = new DescriptiveStatistics();
      for (Measurement m : group) {
        time.addValue(m.result().durationSec());
        data.addValue(m.result().inputBytes());
        tput.addValue(m.result().throughputBytesPerSec());
        Double o = m.operationsPerSecond();
        if (o != null) {
          ops.addValue(o);
        }
      }
      Measurement first = group.get(0);
      double mean = time.getMean();
      double sigma = group.size() > 1 ? time.getStandardDeviation() : 0;
      // A series runs its first point first, profiles the smallest: the first group of a workload is its baseline.
      double[] base = baseline.computeIfAbsent(first.workload(), k -> new double[] {data.getMean(), mean});
      Confidence.Interval ci = Confidence.ofMean(group.size(), mean, sigma);
      rows.add(new Row(first.workload(), first.scale(), group.size(), data.getMean(), mean,
          sigma, 100 * sigma / mean, ci.known() ? ci.low() : null, ci.known() ? ci.high() : null,
          100 * (data.getMean() / base[0] - 1), 100 * (mean / base[1] - 1),
          tput.getMean(), ops.getN() == 0 ? null : ops.getMean(), first.point(),
          first.recordedPoint() != null && first.recordedPoint().changesData(), first.counterpart(), first.precisionPct()));
    }
    return rows;
  }

  /**
   * The fastest point of a workload's tuning series (no point setting the data it moves, as the maps
   * and reduces of the reference report's Table 7), against the next fastest: by how much, and
   * whether the difference is significant by Welch's t-test ({@link Confidence}; p NaN with one run
   * on a side).
   */
  public record Best(String workload, String point, double meanSec, String next, double nextMeanSec, double pValue) {
    public double fasterPct() {
      return 100 * (1 - meanSec / nextMeanSec);
    }

    /** One line: the point, its margin and whether the margin is significant. */
    public String describe() {
      return fmt("best point of %s: %s at %.3f s, %.1f%% faster than %s (%.3f s); ", workload, point, meanSec, fasterPct(),
          next, nextMeanSec) + (Double.isNaN(pValue) ? "one run each, so no test of the difference"
          : pValue < 1 - Confidence.LEVEL ? fmt("a significant difference (Welch's p = %.3f)", pValue)
          : fmt("no significant difference (Welch's p = %.3f): not a clear winner", pValue));
    }
  }

  /** Each tuning series' best point, per workload; a series of data sizes, profiles or record counts has none. */
  public static List<Best> best(List<Row> rows) {
    Map<String, List<Row>> series = new LinkedHashMap<>();
    rows.stream().filter(r -> r.point() != null).forEach(r -> series.computeIfAbsent(r.workload(), k -> new ArrayList<>()).add(r));
    List<Best> best = new ArrayList<>();
    series.forEach((workload, points) -> {
      if (points.size() < 2 || points.stream().anyMatch(Row::changesData)) {
        return;
      }
      List<Row> fastest = points.stream().sorted(java.util.Comparator.comparingDouble(Row::meanSec)).toList();
      Row a = fastest.get(0);
      Row b = fastest.get(1);
      best.add(new Best(workload, a.point(), a.meanSec(), b.point(), b.meanSec(),
          Confidence.ofRatio(a.runs(), a.meanSec(), a.sigmaSec(), b.runs(), b.meanSec(), b.sigmaSec()).pValue()));
    });
    return best;
  }

  /** A line for each row measured under {@code --runs auto} whose runs ran out before its interval was narrow enough. */
  public static List<String> precisionNotReached(List<Row> rows) {
    return rows.stream().filter(r -> Boolean.FALSE.equals(r.precisionReached())).map(r -> fmt("%s %s%s: precision not reached: after"
        + " %d runs the 95%% interval is within %.1f%% of the mean time, not %s%%", r.workload(), r.profile(),
        r.point() == null ? "" : " " + r.point(), r.runs(), r.halfWidthPct(),
        java.math.BigDecimal.valueOf(r.precisionPct()).stripTrailingZeros().toPlainString())).toList();
  }

  /** The summary's columns in every format: the console's table, summary.csv, a workload's table on the page and the page's overview. */
  public static final Columns<Row> COLUMNS = Columns.of(
      Column.text("workload", Row::workload).console("Workload", -18).overview("Workload"),
      Column.text("profile", Row::profile).console("Profile", -14).page("Profile"),
      Column.figure("runs", Unit.COUNT, "%d", Row::runs).console("Runs", 4).page("Runs"),
      Column.figure("data_bytes", Unit.BYTES, "%.0f", Row::dataBytes).console("Data", 16).page("Data size"),
      Column.figure("mean_s", Unit.SECONDS, "%.3f", Row::meanSec).console("Time", 10).page("Mean time"),
      Column.figure("sigma_s", Unit.SECONDS, "%.3f", Row::sigmaSec).console("sigma", 9).detail("Sigma"),
      Column.figure("sigma_pct", Unit.PERCENT, "%.2f", Row::sigmaPct).shownWith("%.1f").console("sigma", 8).page("Sigma"),
      Column.figure("ci95_low_s", Unit.SECONDS, "%.3f", Row::ci95LowSec),
      Column.figure("ci95_high_s", Unit.SECONDS, "%.3f", Row::ci95HighSec),
      Column.<Row>shownOnly(Unit.SECONDS, r -> r.ci95("%.3f", "one run")).console("95% CI", 19).page("95% interval"),
      Column.figure("data_delta_pct", Unit.PERCENT, "%.2f", Row::dataDeltaPct).shownWith("%+.2f").console("DataD", 9).detail("Data delta"),
      Column.figure("time_delta_pct", Unit.PERCENT, "%.2f", Row::timeDeltaPct).shownWith("%+.2f").console("TimeD", 9).detail("Time delta"),
      Column.figure("throughput_bytes_per_s", Unit.BYTES_PER_SECOND, "%.0f", Row::meanThroughputBytesPerSec).console("Throughput", 16),
      Column.figure("throughput_ops_per_s", Unit.OPERATIONS_PER_SECOND, "%.1f", Row::meanOpsPerSec),
      Column.<Row>shownOnly(Unit.OF_ROW, Row::throughput).page("Throughput"),
      Column.figure("precision_pct", Unit.PERCENT, "%s", Row::precisionPct),
      Column.text("precision_reached", r -> r.precisionReached() == null ? null : r.precisionReached() ? "yes" : "no"),
      Column.text("point", Row::point).console("Point", -24).page("Point").label());
}

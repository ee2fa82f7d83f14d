package io.hibenchdse.launcher.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.hibenchdse.launcher.suite.Measurement;
import io.hibenchdse.launcher.suite.Profile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The experiment summary of the reference report's tables 9, 13 and 17: per workload and data
 * size, mean time over the runs, its standard deviation in seconds and percent, and the data and
 * time deltas against the workload's smallest data size.
 */
public final class Summary {
  /** One row: a workload at one data size. */
  public record Row(String workload, String profile, int runs, double dataBytes, double meanSec,
      double sigmaSec, double sigmaPct, double dataDeltaPct, double timeDeltaPct,
      double meanThroughputBytesPerSec) {}

  private Summary() {}

  public static List<Row> rows(List<Measurement> measurements) {
    Map<String, List<Measurement>> groups = new LinkedHashMap<>();
    for (Measurement m : measurements) {
      groups.computeIfAbsent(m.workload() + "\u0000" + m.scale(), k -> new ArrayList<>()).add(m);
    }
    List<Row> rows = new ArrayList<>();
    Map<String, double[]> baseline = new LinkedHashMap<>();
    for (List<Measurement> group : groups.values()) {
      DescriptiveStatistics time = new DescriptiveStatistics();
      DescriptiveStatistics data = new DescriptiveStatistics();
      DescriptiveStatistics tput = new DescriptiveStatistics();
      for (Measurement m : group) {
        time.addValue(m.result().durationSec);
        data.addValue(m.result().inputBytes);
        tput.addValue(m.result().throughputBytesPerSec);
      }
      Measurement first = group.get(0);
      double mean = time.getMean();
      double sigma = group.size() > 1 ? time.getStandardDeviation() : 0;
      // Profiles run smallest first, so the first group of a workload is its baseline.
      double[] base = baseline.computeIfAbsent(first.workload(), k -> new double[] {data.getMean(), mean});
      rows.add(new Row(first.workload(), first.scale(), group.size(), data.getMean(), mean,
          sigma, 100 * sigma / mean, 100 * (data.getMean() / base[0] - 1), 100 * (mean / base[1] - 1),
          tput.getMean()));
    }
    return rows;
  }

  public static void print(List<Row> rows, PrintStream out) {
    out.printf(Locale.ROOT, "%-12s %-14s %4s %16s %10s %9s %8s %9s %9s %16s%n", "Workload", "Profile",
        "Runs", "Data(bytes)", "Time(s)", "sigma(s)", "sigma(%)", "DataD(%)", "TimeD(%)", "Throughput(B/s)");
    for (Row r : rows) {
      out.printf(Locale.ROOT, "%-12s %-14s %4d %16.0f %10.3f %9.3f %8.1f %9.1f %9.1f %16.0f%n",
          r.workload(), r.profile(), r.runs(), r.dataBytes(), r.meanSec(), r.sigmaSec(), r.sigmaPct(),
          r.dataDeltaPct(), r.timeDeltaPct(), r.meanThroughputBytesPerSec());
    }
  }

  /**
   * The summary of the runs and every file made from it in {@code dir}: summary.csv and .json, the
   * time-against-size chart (summary.png, .svg) and the HTML report.
   */
  public static List<Row> write(List<Measurement> measurements, Path dir) throws IOException {
    List<Row> rows = rows(measurements);
    writeTables(rows, dir);
    HtmlReport.write(measurements, rows, dir);
    return rows;
  }

  /** summary.csv and summary.json beside hibench.report, and the time-against-size chart. */
  private static void writeTables(List<Row> rows, Path dir) throws IOException {
    Files.createDirectories(dir);
    StringBuilder csv = new StringBuilder(
        "workload,profile,runs,data_bytes,mean_s,sigma_s,sigma_pct,data_delta_pct,time_delta_pct,throughput_bytes_per_s\n");
    for (Row r : rows) {
      csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.0f,%.3f,%.3f,%.2f,%.2f,%.2f,%.0f%n", r.workload(),
          r.profile(), r.runs(), r.dataBytes(), r.meanSec(), r.sigmaSec(), r.sigmaPct(), r.dataDeltaPct(),
          r.timeDeltaPct(), r.meanThroughputBytesPerSec()));
    }
    Files.writeString(dir.resolve("summary.csv"), csv);
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("summary.json").toFile(), rows);
    ReportCharts.write(ReportCharts.scaling("Time against data size", rows), dir, "summary");
  }
}

package io.hibenchdse.it.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.dfsio.DfsioEnhancedJar;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.hibenchdse.report.Confidence;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;

/** What the side-by-side benchmarks share: our dfsioe run, medians, ratios with their intervals and their JSON output. */
final class Figures {
  private Figures() {}

  /**
   * Our dfsioe {@code -write} (replacing the last run's files) or {@code -read} of {@code files} x
   * {@code mb} under the configuration's test.build.data, its own report files in {@code dir}.
   */
  static RunResult dfsioe(Configuration conf, String mode, int files, int mb, File dir, String... more) {
    Configuration c = new Configuration(conf);
    c.set("hibench.report.dir", new File(dir, "report").getPath());
    List<String> args = new ArrayList<>(List.of("-" + mode, "-nrFiles", String.valueOf(files), "-fileSize",
        String.valueOf(mb), "-sampleInterval", "20", "-resFile", new File(dir, "ours-result.txt").getPath(),
        "-tputFile", new File(dir, "ours-tput.csv").getPath()));
    args.addAll(List.of(more));
    if (mode.equals("write")) {
      args.add("-overwrite");
    }
    BenchmarkTool tool = DfsioEnhancedJar.DRIVER.find("dfsioe").newTool();
    if (WorkloadDriver.run(tool, c, args.toArray(new String[0]), System.err) != 0) {
      throw new IllegalStateException("dfsioe -" + mode + " failed");
    }
    return tool.result();
  }

  static double median(List<Double> values) {
    return new Median().evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /**
   * {@code b} against {@code a} as {@code compare} sets two reports side by side: the ratio of the
   * means, its 95% interval and Welch's test on the two sets of figures.
   */
  static Confidence.Ratio ratio(List<Double> a, List<Double> b) {
    SummaryStatistics sa = summary(a);
    SummaryStatistics sb = summary(b);
    return Confidence.ofRatio((int) sa.getN(), sa.getMean(), sa.getStandardDeviation(), (int) sb.getN(), sb.getMean(),
        sb.getStandardDeviation());
  }

  /** A ratio as the benchmarks print it: {@code 0.942 [0.874, 1.010], p 0.08: no significant difference}. */
  static String shown(Confidence.Ratio r) {
    return String.format(java.util.Locale.ROOT, "%.3f [%.3f, %.3f], p %.3f: %s", r.ratio(), r.ci95().low(), r.ci95().high(),
        r.pValue(), r.significant() ? "significant at 95%" : "no significant difference");
  }

  /** A ratio's figures for the JSON output. */
  static Map<String, Object> json(Confidence.Ratio r) {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("ratioOfMeans", r.ratio());
    m.put("ci95Low", r.ci95().low());
    m.put("ci95High", r.ci95().high());
    m.put("pValue", r.pValue());
    m.put("significant", r.significant());
    return m;
  }

  private static SummaryStatistics summary(List<Double> values) {
    SummaryStatistics s = new SummaryStatistics();
    values.forEach(s::addValue);
    return s;
  }

  /** Writes the figures as indented JSON when a file was asked for. */
  static void write(File json, Map<String, Object> figures) throws IOException {
    if (json != null) {
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json, figures);
    }
  }
}

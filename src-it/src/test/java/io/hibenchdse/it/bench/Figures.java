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
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;

/** What the side-by-side benchmarks share: our dfsioe run, medians and their JSON output. */
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

  /** Writes the figures as indented JSON when a file was asked for. */
  static void write(File json, Map<String, Object> figures) throws IOException {
    if (json != null) {
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json, figures);
    }
  }
}

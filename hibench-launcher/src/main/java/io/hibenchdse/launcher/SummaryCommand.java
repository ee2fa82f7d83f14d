package io.hibenchdse.launcher;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.UsageException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/hibench summary}: the summary table and chart from the measured runs in
 * {@code hibench.jsonl}, for suites run on a real cluster by scripts/run-all.sh (the embedded run
 * writes them itself).
 */
@Command(name = "summary", mixinStandardHelpOptions = true, description = "Writes summary.csv/json/png from the suite's runs in hibench.jsonl.")
final class SummaryCommand implements Callable<Integer> {
  @Option(names = "--report-dir", defaultValue = "report", description = "Where hibench.jsonl is (default: ${DEFAULT-VALUE}).")
  Path reportDir;

  private final PrintStream out;

  SummaryCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    Path json = reportDir.resolve(Results.JSON_FILE);
    if (!Files.isReadable(json)) {
      throw new UsageException(json + " does not exist");
    }
    List<Measurement> measurements = new ArrayList<>();
    List<String> lines = Files.readAllLines(json);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).trim().isEmpty()) {
        continue;
      }
      RunResult r;
      try {
        r = JsonLinesExporter.fromJson(lines.get(i));
      } catch (JsonProcessingException e) {
        throw new UsageException(json + " line " + (i + 1) + ": not a result record (" + e.getOriginalMessage() + ")");
      }
      String workload = r.configuration.get(SuiteOptions.SUITE_WORKLOAD);
      String profile = r.configuration.get(SuiteOptions.PROFILE);
      if (workload != null && profile != null) {
        measurements.add(new Measurement(workload, Profile.of(profile), r));
      }
    }
    if (measurements.isEmpty()) {
      throw new UsageException(json + " holds no run of the suite (none has " + SuiteOptions.PROFILE + ")");
    }
    // smallest profile first: it is each workload's baseline
    measurements.sort(Comparator.comparing(Measurement::profile));
    List<Summary.Row> rows = Summary.rows(measurements);
    Summary.write(rows, reportDir);
    Summary.print(rows, out);
    return 0;
  }
}

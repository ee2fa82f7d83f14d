package io.hibenchdse.launcher;

import io.hibenchdse.report.SummaryReport;
import io.hibenchdse.report.Measurement;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/hibench summary}: the summary table and chart from the measured runs in
 * {@code hibench.jsonl}, for suites run on a real cluster by scripts/run-all.sh (the embedded run
 * writes them itself).
 */
@Command(name = "summary", mixinStandardHelpOptions = true, description = "Writes summary.csv/json/png and index.html from the suite's runs in hibench.jsonl.")
final class SummaryCommand implements Callable<Integer> {
  @Option(names = "--report-dir", defaultValue = "report", description = "Where hibench.jsonl is (default: ${DEFAULT-VALUE}).")
  Path reportDir;

  private final PrintStream out;

  SummaryCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    SummaryReport.print(SummaryReport.write(Measurement.read(reportDir), reportDir), out);
    return 0;
  }
}

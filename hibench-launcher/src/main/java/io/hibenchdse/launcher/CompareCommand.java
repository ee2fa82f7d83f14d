package io.hibenchdse.launcher;

import io.hibenchdse.core.UsageException;
import io.hibenchdse.report.ComparisonReport;
import io.hibenchdse.report.Comparison;
import io.hibenchdse.report.Durability;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/hibench compare A B}: two suites' results side by side (HDFS against cfs://, one
 * cluster against another), per workload and data size: both mean times with their sigma, and B's
 * time and throughput as ratios of A's. Refuses, unless {@code --force}, when the two stored data
 * differently durably ({@link Durability}): the most common way a comparison misleads.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = "Compares two report directories: per workload and size, both means with sigma and B's ratios to A.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "A", description = "The report directory compared against (its hibench.jsonl).")
  Path a;

  @Parameters(index = "1", paramLabel = "B", description = "The report directory compared.")
  Path b;

  @Option(names = "--force", description = "Compare even when replication, consistency or fsync differ; the differences are printed above the table.")
  boolean force;

  @Option(names = "--out", defaultValue = "compare", paramLabel = "D",
      description = "Where compare.csv, compare.json and compare.html go (default: ${DEFAULT-VALUE}).")
  Path out;

  private final PrintStream console;

  CompareCommand(PrintStream console) {
    this.console = console;
  }

  @Override
  public Integer call() throws IOException {
    Comparison c = Comparison.of(a, b);
    Set<String> differences = c.differences();
    if (!differences.isEmpty() && !force) {
      throw new UsageException("A (" + a + ") and B (" + b + ") differ in " + String.join("; ", differences)
          + ": their figures do not compare; --force compares them anyway");
    }
    if (c.rows().isEmpty()) {
      throw new UsageException(a + " and " + b + " hold no workload at the same profile");
    }
    console.println("A = " + a + ", B = " + b);
    if (!c.clusters().isEmpty()) {
      console.println("A's cluster and B's differ in " + String.join("; ", c.clusters()));
    }
    if (!differences.isEmpty()) {
      console.println("NOT LIKE FOR LIKE (--force): " + String.join("; ", differences));
    }
    ComparisonReport.print(c, console);
    ComparisonReport.write(c, out);
    return 0;
  }
}

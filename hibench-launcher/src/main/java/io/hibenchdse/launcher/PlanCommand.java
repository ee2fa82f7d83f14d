package io.hibenchdse.launcher;

import io.hibenchdse.launcher.suite.SuiteOptions;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code bin/hibench plan}: the steps of a suite run, one a line
 * ({@code prepare|warmup|measure <jar> <workload> [args]}), for scripts/run-all.sh to submit to a
 * real cluster with {@code $HADOOP_EXECUTABLE jar}. The embedded run executes the same plan.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, description = "Prints the steps of a suite run for scripts/run-all.sh.")
final class PlanCommand implements Callable<Integer> {
  @Mixin SuiteOptions options;

  private final PrintStream out;

  PlanCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    for (SuiteOptions.PlannedStep p : options.plan()) {
      out.println(p.kind() + " " + p.step().jar() + " " + String.join(" ", p.step().args()));
    }
    return 0;
  }
}

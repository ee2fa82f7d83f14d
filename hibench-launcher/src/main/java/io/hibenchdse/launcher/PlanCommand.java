package io.hibenchdse.launcher;

import io.hibenchdse.launcher.deployment.ClusterDeployment;
import io.hibenchdse.launcher.deployment.ServingStore;
import io.hibenchdse.launcher.suite.SuiteOptions;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/hibench plan}: the steps of a suite run, one a line
 * ({@code prepare|warmup|measure <jar> <workload> [args]}), for scripts/run-all.sh to submit to a
 * real cluster with {@code $HADOOP_EXECUTABLE jar}. The embedded run executes the same plan.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, description = "Prints the steps of a suite run for scripts/run-all.sh.")
final class PlanCommand implements Callable<Integer> {
  @Mixin SuiteOptions options;

  @Option(names = "--serving", defaultValue = "cassandra", paramLabel = "cassandra|hbase",
      description = "The store YCSB's steps run on: the cluster's Cassandra or its HBase (default: ${DEFAULT-VALUE}).")
  ServingStore serving;

  private final PrintStream out;

  PlanCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    for (SuiteOptions.PlannedStep p : options.plan(ClusterDeployment.of(serving, options.replication, options.writeAck))) {
      out.println(p.kind() + " " + p.step().jar() + " " + String.join(" ", p.step().args()));
    }
    return 0;
  }
}

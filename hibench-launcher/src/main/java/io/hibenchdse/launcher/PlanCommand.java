package io.hibenchdse.launcher;

import io.hibenchdse.launcher.deployment.ClusterDeployment;
import io.hibenchdse.launcher.deployment.ServingStore;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.report.RowKey;
import io.hibenchdse.launcher.suite.Series;
import io.hibenchdse.launcher.suite.SeriesKey;
import io.hibenchdse.launcher.suite.SeriesPoint;
import io.hibenchdse.launcher.suite.SuiteOptions;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/hibench plan}: the steps of a suite run, one a line
 * ({@code prepare|warmup|measure <jar> <workload> [args]}), for scripts/run-all.sh to submit to a
 * real cluster with {@code $HADOOP_EXECUTABLE jar}. The embedded run executes the same plan. A
 * series' steps carry their point, so the cluster's records are reported point by point too.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, description = "Prints the steps of a suite run for scripts/run-all.sh.")
final class PlanCommand implements Callable<Integer> {
  @Mixin SuiteOptions options;

  @Option(names = "--serving", defaultValue = "cassandra", paramLabel = "cassandra|hbase",
      description = "The store YCSB's steps run on: the cluster's Cassandra or its HBase (default: ${DEFAULT-VALUE}).")
  ServingStore serving;

  private final PrintStream out;
  private final PrintStream err;

  PlanCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public Integer call() throws Exception {
    Series series = options.series();
    if (options.precision() != null) {
      throw new UsageException("--runs auto decides as the runs come in, which a plan printed before them cannot: give --runs N");
    }
    for (SeriesKey own : List.of(SeriesKey.NODES, SeriesKey.HOSTS, SeriesKey.LINK)) {
      if (series.varies(own)) {
        throw new UsageException("--vary " + own.label() + " sets up a cluster bin/hibench run starts on this machine;"
            + " a real cluster's " + own.label() + " are its own");
      }
    }
    options.seriesNotes(series).forEach(n -> err.println("hibench plan: " + n));
    Set<RowKey> planned = new HashSet<>();
    for (SeriesPoint point : series.points()) {
      Integer replication = point.count(SeriesKey.REPLICATION) != null ? point.count(SeriesKey.REPLICATION) : options.replication;
      for (SuiteOptions.PlannedStep p : options.plan(ClusterDeployment.planned(serving, replication, options.writeAck), point, planned)) {
        out.println(p.kind() + " " + p.step().jar() + " " + String.join(" ", p.step().args()));
      }
    }
    return 0;
  }
}

package io.hibenchdse.it.bench;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.ycsb.Binding;
import io.hibenchdse.ycsb.YcsbMetrics;
import io.hibenchdse.ycsb.YcsbProcess;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileUtil;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The cassandra-cql binding's own client cost: YCSB's core running the same workload through
 * YCSB's BasicDB (which stores nothing: the floor of what the client spends per operation) and
 * through our binding against a Cassandra node, alternating which goes first; the YCSB JVM's CPU
 * per operation of each, and ours over the floor. Run it with scripts/bench/ycsb.sh.
 */
@Command(name = "ycsb.sh", mixinStandardHelpOptions = true)
public final class YcsbBenchmark implements Callable<Integer> {
  @Option(names = "--runs", defaultValue = "5", description = "Measured rounds (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--warmup", defaultValue = "1", description = "Unmeasured rounds first (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--records", defaultValue = "10000", description = "Records loaded (default: ${DEFAULT-VALUE}).")
  int records;

  @Option(names = "--operations", defaultValue = "50000", description = "Operations a round (default: ${DEFAULT-VALUE}).")
  int operations;

  @Option(names = "--threads", defaultValue = "4", description = "YCSB client threads (default: ${DEFAULT-VALUE}).")
  int threads;

  @Option(names = "--workload", defaultValue = "conf/ycsb/workloada", description = "The workload file (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--dir", defaultValue = "target/bench-ycsb", description = "The node's data (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  private final PrintStream out = System.out;
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  public static void main(String[] args) {
    System.exit(new CommandLine(new YcsbBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    FileUtil.fullyDelete(dir);
    try (LocalCassandra node = LocalCassandra.start(dir.toPath(), CassandraSettings.BENCHMARK)) {
      out.println("ycsb.sh: " + node.durability() + "; " + runs + " rounds of " + operations + " operations, "
          + threads + " threads, " + workload);
      List<String> common = List.of("-P", workload, "-p", "recordcount=" + records, "-p", "operationcount=" + operations,
          "-threads", Integer.toString(threads));
      List<String> cassandra = new ArrayList<>(List.of("-p", "hosts=" + node.host(), "-p", "port=" + node.port()));
      cassandra.addAll(common);
      List<String> basic = new ArrayList<>(List.of("-p", "basicdb.verbose=false"));
      basic.addAll(common);
      run(YcsbProcess.Phase.load, Binding.CASSANDRA_CQL, cassandra);
      List<Double> ours = new ArrayList<>();
      List<Double> floor = new ArrayList<>();
      List<Double> oursRate = new ArrayList<>();
      for (int round = 0; round < warmup + runs; round++) {
        boolean basicFirst = round % 2 == 0;
        for (Binding binding : basicFirst ? List.of(Binding.BASIC, Binding.CASSANDRA_CQL) : List.of(Binding.CASSANDRA_CQL, Binding.BASIC)) {
          YcsbMetrics m = run(YcsbProcess.Phase.run, binding, binding == Binding.BASIC ? basic : cassandra);
          double usPerOp = m.clientCpuSec * 1e6 / m.operations;
          out.printf(Locale.ROOT, "round %d%s %-13s %,9.0f ops/s  client CPU %6.1f us/op%n", round + 1,
              round < warmup ? " (warm-up)" : "", binding, m.throughputOpsPerSec, usPerOp);
          if (round >= warmup) {
            (binding == Binding.BASIC ? floor : ours).add(usPerOp);
            if (binding != Binding.BASIC) {
              oursRate.add(m.throughputOpsPerSec);
            }
          }
        }
      }
      double o = Figures.median(ours);
      double f = Figures.median(floor);
      out.printf(Locale.ROOT, "median client CPU: YCSB BasicDB %.1f us/op, cassandra-cql %.1f us/op: the binding adds %.1f us/op"
          + " (%.2f x the floor); cassandra-cql %,.0f ops/s%n", f, o, o - f, o / f, Figures.median(oursRate));
      Map<String, Object> figures = new LinkedHashMap<>();
      figures.put("basicUsPerOp", floor);
      figures.put("cassandraCqlUsPerOp", ours);
      figures.put("cassandraCqlOpsPerSec", oursRate);
      Figures.write(json, figures);
    }
    return 0;
  }

  private YcsbMetrics run(YcsbProcess.Phase phase, Binding binding, List<String> args) throws Exception {
    YcsbProcess.Outcome o = YcsbProcess.run(phase, binding, args, QUIET, System.err);
    if (o.status() != 0 || o.metrics().errors > 0) {
      throw new IllegalStateException("ycsb " + phase + " " + binding + " failed: status " + o.status());
    }
    return o.metrics();
  }
}

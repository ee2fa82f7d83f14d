package io.hibenchdse.launcher;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.launcher.storage.EmbeddedHBase;
import io.hibenchdse.ycsb.Binding;
import io.hibenchdse.ycsb.CassandraCqlKeys;
import io.hibenchdse.ycsb.HBaseKeys;
import io.hibenchdse.ycsb.YcsbArgs;
import io.hibenchdse.ycsb.YcsbProcess;
import io.hibenchdse.ycsb.YcsbResult;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code bin/hibench ycsb load|run BINDING [YCSB's arguments]}: YCSB's own {@code bin/ycsb} command
 * line, run by YCSB's core in a JVM of its own with this suite's binding (or YCSB's {@code basic},
 * which stores nothing), against the cluster that {@code -p hosts=} names, or without one against an
 * embedded Cassandra node whose data stays in
 * {@code work/ycsb-cassandra} from one phase to the next. YCSB's output stays as it is; the phase's
 * record goes to {@code report/} like a workload's.
 */
final class YcsbCommand {
  static final String USAGE = "bin/hibench ycsb load|run cassandra-cql|hbase2 -P conf/ycsb/workloada [-p name=value] [-threads N] [-target OPS] [-s]";
  static final Path EMBEDDED = Path.of("work", "ycsb-cassandra");
  static final Path EMBEDDED_HBASE = Path.of("work", "ycsb-hbase");

  private YcsbCommand() {}

  static int run(String[] argv, PrintStream out, PrintStream err) {
    try {
      if (argv.length < 2) {
        throw new UsageException("usage: " + USAGE);
      }
      YcsbProcess.Phase phase;
      try {
        phase = YcsbProcess.Phase.valueOf(argv[0]);
      } catch (IllegalArgumentException e) {
        throw new UsageException("'" + argv[0] + "' is no YCSB phase: load or run (usage: " + USAGE + ")");
      }
      Binding binding = Binding.named(argv[1]).orElseThrow(() -> new UsageException("unknown binding '" + argv[1] + "'; this suite has "
          + String.join(", ", Binding.names())));
      List<String> args = new ArrayList<>(Arrays.asList(argv).subList(2, argv.length));
      if (binding == Binding.HBASE2) {
        return hbase(phase, args, out, err);
      }
      if (binding != Binding.CASSANDRA_CQL || YcsbArgs.parse(args).has(CassandraCqlKeys.HOSTS)) {
        return phase(phase, binding, args, out, err);
      }
      try (LocalCassandra node = LocalCassandra.open(EMBEDDED, CassandraSettings.BENCHMARK, 1)) {
        out.println("ycsb: no -p hosts: an embedded Cassandra node on " + node.host() + ":" + node.port() + ", data in "
            + EMBEDDED + " (kept for the next phase); " + node.durability());
        args.addAll(0, List.of("-p", CassandraCqlKeys.HOSTS + "=" + node.host(), "-p", CassandraCqlKeys.PORT + "=" + node.port()));
        return phase(phase, binding, args, out, err);
      }
    } catch (UsageException e) {
      err.println("ycsb: " + e.getMessage());
      return WorkloadDriver.USAGE;
    } catch (Exception e) {
      err.println(WorkloadDriver.failureLine("ycsb", e));
      return WorkloadDriver.FAILED;
    }
  }

  /**
   * hbase2 against the HBase that {@code -p hbase.zookeeper.quorum=} or an {@code hbase-site.xml} in
   * {@code -p confdir=}, HBASE_CONF_DIR or HADOOP_CONF_DIR names, or else against an embedded HBase on an embedded HDFS,
   * both kept in {@code work/ycsb-hbase} for the next phase.
   */
  private static int hbase(YcsbProcess.Phase phase, List<String> args, PrintStream out, PrintStream err) throws Exception {
    YcsbArgs parsed = YcsbArgs.parse(args);
    boolean named = parsed.has(HBaseKeys.ZOOKEEPER_QUORUM);
    for (String dir : new String[] {parsed.properties().getProperty(HBaseKeys.CONF_DIR), System.getenv("HBASE_CONF_DIR"),
        System.getenv("HADOOP_CONF_DIR")}) {
      named |= dir != null && java.nio.file.Files.isRegularFile(Path.of(dir, "hbase-site.xml"));
    }
    if (named) {
      return phase(phase, Binding.HBASE2, args, out, err);
    }
    try (EmbeddedHBase hbase = EmbeddedHBase.open(EMBEDDED_HBASE.toFile(), 1)) {
      out.println("ycsb: no -p hbase.zookeeper.quorum: an embedded " + hbase.describe() + ", data in " + EMBEDDED_HBASE
          + " (kept for the next phase)");
      org.apache.hadoop.conf.Configuration conf = hbase.conf();
      args.addAll(0, List.of("-p", HBaseKeys.ZOOKEEPER_QUORUM + "=" + conf.get(HBaseKeys.ZOOKEEPER_QUORUM),
          "-p", HBaseKeys.ZOOKEEPER_CLIENT_PORT + "=" + conf.get(HBaseKeys.ZOOKEEPER_CLIENT_PORT)));
      return phase(phase, Binding.HBASE2, args, out, err);
    }
  }

  private static int phase(YcsbProcess.Phase phase, Binding binding, List<String> args, PrintStream out, PrintStream err)
      throws Exception {
    long start = System.currentTimeMillis();
    YcsbProcess.Outcome o = YcsbProcess.run(phase, binding, args, out, err);
    if (o.status() != 0) {
      return o.status();
    }
    RunResult r = YcsbResult.of(phase, o.args(), o.metrics(), start, System.currentTimeMillis());
    Configuration conf = new Configuration(false);
    // run-all.sh's steps name theirs, as they do for the Hadoop tools (-D hibench.report.dir=)
    conf.set(HibenchConfigKeys.REPORT_DIR, o.args().properties().getProperty(HibenchConfigKeys.REPORT_DIR, Results.DEFAULT_REPORT_DIR));
    Results.publish(conf, r);
    out.println("ycsb " + phase + ": " + o.metrics().summary() + "; " + Results.reportDir(conf).resolve(Results.REPORT_FILE));
    return 0; // a phase with errors is still a measurement, as YCSB counts it: the record and the line say how many
  }
}

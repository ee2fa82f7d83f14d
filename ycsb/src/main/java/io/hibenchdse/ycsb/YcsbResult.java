package io.hibenchdse.ycsb;

import io.hibenchdse.core.RunEnvironment;
import io.hibenchdse.core.RunResult;
import java.util.List;
import java.util.Properties;

/**
 * A YCSB phase as the suite's result record: YCSB's runtime as the duration, the data set's bytes
 * (records x fields x field length) as the input, YCSB's own figures as the metrics, the store as
 * {@code cql://hosts:port/keyspace} or {@code hbase://quorum:port/table}, and every
 * property the phase ran with (passwords left out) in the configuration. Made in the launcher's
 * JVM, which has no YCSB classes: the three sizes are named as YCSB's CoreWorkload names them.
 */
public final class YcsbResult {
  private static final java.util.regex.Pattern WORKLOAD_FILE = java.util.regex.Pattern.compile("^workload([a-f])$");

  /** The workload every YCSB phase's record names. */
  public static final String WORKLOAD = "ycsb";

  /** Recorded with a measured phase: how long the store took to flush and finish compacting before it. */
  public static final String SETTLED_MS = "hibench.ycsb.settled.ms";

  private YcsbResult() {}

  /** The parameter that names the phase's binding, by YCSB's name. */
  private static final String BINDING = "binding";

  /** Whether {@code r} is a YCSB phase's record, whose metrics are {@link YcsbMetrics}. */
  public static boolean isPhase(RunResult r) {
    return WORKLOAD.equals(r.workload());
  }

  /** The binding a YCSB phase's record ran on; empty for any other record, or a binding the suite does not have. */
  public static java.util.Optional<Binding> binding(RunResult r) {
    Object name = r.parameters().get(BINDING);
    return isPhase(r) && name != null ? Binding.named(name.toString()) : java.util.Optional.empty();
  }

  /** The record of a phase run with YCSB's arguments {@code args} (without the phase and binding). */
  public static RunResult of(YcsbProcess.Phase phase, YcsbArgs args, YcsbMetrics m, long startMs, long endMs) {
    Properties p = args.properties();
    RunResult r = new RunResult(WORKLOAD, "HadoopYcsb" + workloadLetter(args) + (phase == YcsbProcess.Phase.load ? "-load" : ""));
    long records = Long.parseLong(p.getProperty("recordcount", "0"));
    long fields = Long.parseLong(p.getProperty("fieldcount", "10"));
    long length = Long.parseLong(p.getProperty("fieldlength", "100"));
    r.timed(startMs, endMs, Math.round(m.runtimeSec * 1e9), records * fields * length, 1);
    // a store's table or keyspace, with no file system's replication or block size (the durability has its keys)
    r.storedOn(Binding.HBASE2.ycsbName().equals(m.binding)
        ? "hbase://" + p.getProperty(HBaseKeys.ZOOKEEPER_QUORUM, "(hbase-site.xml)") + ":"
            + p.getProperty(HBaseKeys.ZOOKEEPER_CLIENT_PORT, "2181") + "/" + p.getProperty(YcsbArgs.TABLE, YcsbArgs.TABLE_DEFAULT)
        : "cql://" + p.getProperty(CassandraCqlKeys.HOSTS) + ":" + p.getProperty(CassandraCqlKeys.PORT, CassandraCqlKeys.PORT_DEFAULT)
            + "/" + p.getProperty(CassandraCqlKeys.KEYSPACE, CassandraCqlKeys.KEYSPACE_DEFAULT), (short) 0, 0);
    r.parameter("phase", phase.name());
    r.parameter(BINDING, m.binding);
    r.parameter("workloadFiles", args.files.toString());
    r.parameter("clientJvmOptions", String.join(" ", YcsbProcess.jvmOptions(phase, args)));
    if (args.threads != null) {
      r.parameter("threads", args.threads);
    }
    if (args.target != null) {
      r.parameter("target", args.target);
    }
    for (String name : p.stringPropertyNames()) {
      if (!name.equals(CassandraCqlKeys.PASSWORD)) {
        r.configured(name, p.getProperty(name));
      }
    }
    r.configuredUnlessSet(CassandraCqlKeys.READ_CL, CassandraCqlKeys.CL_DEFAULT);
    r.configuredUnlessSet(CassandraCqlKeys.WRITE_CL, CassandraCqlKeys.CL_DEFAULT);
    r.metrics(m);
    r.command(List.of("ycsb", phase.name(), m.binding));
    r.command(args.given());
    r.environment(RunEnvironment.current());
    return r;
  }

  /** {@code -a} for a phase run with YCSB's workloada (ours or YCSB's own file), else nothing. */
  static String workloadLetter(YcsbArgs args) {
    for (java.nio.file.Path file : args.files) {
      java.util.regex.Matcher m = WORKLOAD_FILE.matcher(String.valueOf(file.getFileName()));
      if (m.find()) {
        return "-" + m.group(1);
      }
    }
    return "";
  }
}

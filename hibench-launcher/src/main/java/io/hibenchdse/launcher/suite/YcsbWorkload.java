package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.launcher.deployment.ServingStore;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.ycsb.CassandraCqlKeys;
import io.hibenchdse.ycsb.HBaseKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * YCSB's workloads A-F as suite steps on Cassandra or HBase, each run as docs/methodology.md#ycsb-hygiene describes: a load into an emptied
 * table (measured), a warm-up run phase (not measured) and the measured run phase, each in a
 * YCSB JVM of its own as YCSB's {@code bin/ycsb} runs them. Records and operations per profile, from
 * 1,000 at tiny to a billion at bigdata, or a series of counts of its own
 * ({@code --ycsb-records}); the client's threads are the run's map count.
 */
public enum YcsbWorkload implements SuiteWorkload {
  A, B, C, D, E, F;

  /** The suite workload of a load: {@code ycsb-a-load} beside {@code ycsb-a}, so loads and runs are summed apart. */
  public static final String LOAD = "-load";

  static long records(Profile p) {
    return p.rows(1_000);
  }

  /** A tenth of the measured operations, at least 1,000: enough to load the caches and compile the server's hot paths. */
  static long warmupOperations(long operations) {
    return Math.min(operations, Math.max(1_000, operations / 10));
  }

  @Override
  public String suiteName() {
    return "ycsb-" + name().toLowerCase(Locale.ROOT);
  }

  @Override
  public boolean warmsUpEachRun() {
    return true;
  }

  @Override
  public boolean served() {
    return true;
  }

  /** The maps are its client threads unless a series varies {@code threads}. */
  @Override
  public Set<SeriesKey> takes() {
    return Set.of(SeriesKey.MAPS, SeriesKey.THREADS, SeriesKey.RECORDS);
  }

  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    // planned before any step runs: a relative default read from another directory fails here, not after the other workloads
    if (!Files.isRegularFile(workloadFile(par))) {
      throw new UsageException("--ycsb-workloads " + par.ycsbWorkloads() + " has no " + workloadFile(par).getFileName()
          + " for " + suiteName() + ": run from the suite's directory, or give --ycsb-workloads DIR");
    }
    if (par.ycsbRecords().isEmpty()) {
      return phases(par.records() != null ? par.records() : records(profile), par);
    }
    List<Step> series = new ArrayList<>();
    for (long n : par.ycsbRecords()) {
      for (Step s : phases(n, par)) {
        series.add(s.withOption(HibenchConfigKeys.SCALE, n + "-records"));
      }
    }
    return series;
  }

  /** YCSB's own file of this workload ({@code workloada}, ...). */
  private Path workloadFile(Context par) {
    return par.ycsbWorkloads().resolve("workload" + name().toLowerCase(Locale.ROOT));
  }

  /** Load, warm-up and run at {@code n} records and operations. */
  private List<Step> phases(long n, Context par) {
    return List.of(Step.ycsbPhase(suiteName() + LOAD, args("load", par, n, n), Step.Role.MEASURE),
        Step.ycsbPhase(suiteName(), args("run", par, n, warmupOperations(n)), Step.Role.WARMUP),
        Step.ycsbPhase(suiteName(), args("run", par, n, n), Step.Role.MEASURE));
  }

  /**
   * YCSB's command line: the workload file, the counts and the store's settings; on Cassandra cfs://'s
   * consistency levels and the keyspace's replication, on HBase the writes' WAL durability (the
   * HDFS's replication is the store's own).
   */
  private List<String> args(String phase, Context par, long records, long operations) {
    List<String> args = new ArrayList<>(List.of(phase, par.serving().binding().ycsbName(),
        "-P", workloadFile(par).toString(),
        "-threads", Integer.toString(par.threads() != null ? par.threads() : par.maps()),
        "-p", "recordcount=" + records, "-p", "operationcount=" + operations));
    if (par.serving() == ServingStore.hbase) {
      args.addAll(List.of("-p", HBaseKeys.DURABILITY + "=" + par.writeAck().hbaseDurability()));
    } else {
      args.addAll(List.of("-p", CassandraCqlKeys.REPLICATION + "=" + par.replication(),
          "-p", CassandraCqlKeys.WRITE_CL + "=QUORUM", "-p", CassandraCqlKeys.READ_CL + "=ONE"));
    }
    return List.copyOf(args);
  }
}

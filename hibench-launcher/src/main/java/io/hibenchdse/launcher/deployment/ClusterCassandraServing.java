package io.hibenchdse.launcher.deployment;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.monitor.SshHost;
import io.hibenchdse.ycsb.CassandraCqlKeys;
import io.hibenchdse.ycsb.YcsbArgs;
import io.hibenchdse.ycsb.YcsbTables;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * YCSB's phases on a user's Cassandra cluster, with the hygiene they get at home: a table emptied
 * (TRUNCATE) before a load; before a measured phase the nodes flushed with {@code nodetool flush}
 * over ssh where ssh reaches them (else the record says why not) and no compaction running (their
 * {@code system_views.sstable_tasks}); the commit log's sync read from the nodes themselves
 * ({@code system_views.settings}) and recorded, so {@code compare} matches durability as at home.
 */
final class ClusterCassandraServing implements ServingCluster {
  private static final long COMPACTION_TIMEOUT_MS = TimeUnit.MINUTES.toMillis(10);

  private final CassandraAddress address;
  private final YcsbTables tables;
  private final String commitLog;
  private final boolean syncsBeforeAck;
  private String flushed = "not asked";

  private ClusterCassandraServing(CassandraAddress address, YcsbTables tables) {
    this.address = address;
    this.tables = tables;
    String sync = one(tables.setting("commitlog_sync"), "commitlog_sync");
    String window = sync.equals("periodic") ? one(tables.setting("commitlog_sync_period"), "commitlog_sync_period")
        : sync.equals("group") ? one(tables.setting("commitlog_sync_group_window"), "commitlog_sync_group_window") : null;
    this.commitLog = "commitlog_sync " + sync + (window == null ? "" : " " + window);
    // periodic acknowledges before the sync; group and batch after it
    this.syncsBeforeAck = !sync.equals("periodic");
  }

  /** Connects to the cluster at {@code address} when the first YCSB phase needs it. */
  static ServingCluster.Starter at(CassandraAddress address) {
    return () -> open(address);
  }

  /**
   * Checks, before any step, that the cluster at {@code address} answers and has a node for each of
   * the {@code replication} copies YCSB's keyspace asks for; a UsageException says in one line why not.
   */
  static void check(CassandraAddress address, int replication) {
    try (ClusterCassandraServing s = open(address)) {
      if (s.tables.nodes() < replication) {
        throw new UsageException("--replication " + replication + " needs as many Cassandra nodes, and " + address + " has "
            + s.tables.nodes() + ": give --replication " + s.tables.nodes());
      }
      // the binding makes its keyspace only where there is none: one left at another replication would be measured unsaid
      java.util.OptionalInt kept = s.tables.replication(CassandraCqlKeys.KEYSPACE_DEFAULT);
      if (kept.isPresent() && kept.getAsInt() != replication) {
        throw new UsageException("the keyspace " + CassandraCqlKeys.KEYSPACE_DEFAULT + " on " + address + " keeps " + kept.getAsInt()
            + " copies, not the " + replication + " of --replication: give --replication " + kept.getAsInt() + ", or drop it"
            + " (DROP KEYSPACE " + CassandraCqlKeys.KEYSPACE_DEFAULT + ")");
      }
    }
  }

  private static ClusterCassandraServing open(CassandraAddress address) {
    YcsbTables tables;
    try {
      tables = new YcsbTables(address.hosts(), address.port());
    } catch (RuntimeException e) {
      throw new UsageException("--serving " + address + " does not answer: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
    try {
      return new ClusterCassandraServing(address, tables);
    } catch (RuntimeException e) {
      tables.close();
      throw e;
    }
  }

  /** The one value every node has for a setting; nodes that differ are a cluster the suite cannot describe in a line. */
  private static String one(Map<String, String> byNode, String name) {
    LinkedHashSet<String> values = new LinkedHashSet<>(byNode.values());
    if (values.size() != 1 || values.contains(null)) {
      throw new UsageException("--serving: the Cassandra nodes' " + name + " is not one value: " + byNode);
    }
    return values.iterator().next();
  }

  @Override
  public ServingStore store() {
    return ServingStore.cassandra;
  }

  @Override
  public String describe() {
    return "the Cassandra cluster at " + address + ", " + tables.nodes() + " node(s), " + commitLog;
  }

  @Override
  public List<String> connection() {
    return List.of("-p", CassandraCqlKeys.HOSTS + "=" + String.join(",", address.hosts()), "-p",
        CassandraCqlKeys.PORT + "=" + address.port());
  }

  @Override
  public void empty(Properties phase) {
    tables.empty(phase.getProperty(CassandraCqlKeys.KEYSPACE, CassandraCqlKeys.KEYSPACE_DEFAULT),
        phase.getProperty(YcsbArgs.TABLE, YcsbArgs.TABLE_DEFAULT));
  }

  /** Flushes every node named in {@code --serving} over ssh where it can, then waits until none compacts. */
  @Override
  public long settle() throws IOException {
    long start = System.nanoTime();
    List<String> notFlushed = new ArrayList<>();
    for (String host : address.hosts()) {
      String why = SshHost.run(host, SshHost.fromEnvironment(), "nodetool flush", 5);
      if (why != null) {
        notFlushed.add(host + ": " + why);
      }
    }
    flushed = notFlushed.isEmpty() ? "flushed (nodetool flush over ssh)" : "not flushed: " + String.join("; ", notFlushed);
    try {
      tables.awaitNoCompaction(200, COMPACTION_TIMEOUT_MS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the Cassandra nodes compacted");
    }
    return (System.nanoTime() - start) / 1_000_000;
  }

  @Override
  public String flushed() {
    return flushed;
  }

  @Override
  public void record(RunResult r) {
    r.configured(HibenchConfigKeys.STORAGE_NODES, Integer.toString(tables.nodes()));
    r.configured(HibenchConfigKeys.STORAGE_FSYNC, Boolean.toString(syncsBeforeAck));
    r.configured(HibenchConfigKeys.STORAGE_COMMIT_LOG, commitLog);
    r.configured(HibenchConfigKeys.SERVING_FLUSH, flushed);
  }

  /** Closes the session; the cluster is the user's. */
  @Override
  public void close() {
    tables.close();
  }
}

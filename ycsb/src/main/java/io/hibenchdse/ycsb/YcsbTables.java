package io.hibenchdse.ycsb;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.hibenchdse.cfs.DriverTuning;
import java.net.InetSocketAddress;

/**
 * The tables YCSB's loads fill, emptied before each load so that every repetition starts as the
 * first did: a load over old rows overwrites them and leaves the nodes more to compact. Emptied
 * with TRUNCATE, which keeps the schema (dropping it and having the binding create it again costs a
 * load seconds of schema changes). On a user's cluster it also reads what the nodes say of
 * themselves over CQL (Cassandra 4.0+'s virtual tables): their settings and their running
 * compactions. Used from the launcher's JVM: the driver alone, no YCSB class.
 */
public final class YcsbTables implements AutoCloseable {
  private final CqlSession session;

  /** A session with the cluster of {@code host:port}. */
  public YcsbTables(String host, int port) {
    this(java.util.List.of(host), port);
  }

  /** A session with the cluster of {@code hosts}, each at {@code port}. */
  public YcsbTables(java.util.List<String> hosts, int port) {
    CqlSessionBuilder builder = CqlSession.builder().withConfigLoader(DriverConfigLoader.fromMap(DriverTuning.defaults(false)));
    hosts.forEach(h -> builder.addContactPoint(new InetSocketAddress(h, port)));
    session = builder.build();
  }

  /** Empties {@code keyspace.table} on every replica, if it exists. */
  public void empty(String keyspace, String table) {
    boolean exists = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace))
        .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(table))).isPresent();
    if (exists) {
      session.execute("TRUNCATE " + CqlIdentifier.fromInternal(keyspace).asCql(true) + "."
          + CqlIdentifier.fromInternal(table).asCql(true));
    }
  }

  /** The replication factor of {@code keyspace} (SimpleStrategy's, or the sum over NetworkTopologyStrategy's datacenters), empty if it does not exist. */
  public java.util.OptionalInt replication(String keyspace) {
    return session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace)).map(k -> java.util.OptionalInt.of(
        k.getReplication().entrySet().stream().filter(e -> !e.getKey().equals("class"))
            .mapToInt(e -> Integer.parseInt(e.getValue().replaceAll("/.*", ""))).sum()))
        .orElse(java.util.OptionalInt.empty());
  }

  /** The nodes of the cluster, as the driver found them. */
  public int nodes() {
    return session.getMetadata().getNodes().size();
  }

  /**
   * Each node's value of the setting {@code name} ({@code system_views.settings}), by node address;
   * a node that does not say holds null.
   */
  public java.util.Map<String, String> setting(String name) {
    java.util.Map<String, String> values = new java.util.TreeMap<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      Row row = session.execute(SimpleStatement.newInstance("SELECT value FROM system_views.settings WHERE name = ?", name)
          .setNode(node)).one();
      values.put(address(node), row == null ? null : row.getString("value"));
    }
    return values;
  }

  /**
   * Waits until no node runs an SSTable task (a compaction, a cleanup; {@code system_views.sstable_tasks}),
   * twice in a row {@code pollMs} apart; throws when {@code timeoutMs} passes.
   */
  public void awaitNoCompaction(long pollMs, long timeoutMs) throws java.io.IOException, InterruptedException {
    long start = System.nanoTime();
    int quiet = 0;
    while (quiet < 2) {
      boolean busy = false;
      for (Node node : session.getMetadata().getNodes().values()) {
        busy |= session.execute(SimpleStatement.newInstance("SELECT * FROM system_views.sstable_tasks").setNode(node)).one() != null;
      }
      quiet = busy ? 0 : quiet + 1;
      long waited = (System.nanoTime() - start) / 1_000_000;
      if (quiet < 2) {
        if (waited > timeoutMs) {
          throw new java.io.IOException("the Cassandra nodes still compact after " + waited / 1000 + " s");
        }
        Thread.sleep(pollMs);
      }
    }
  }

  /** A node's address as {@code system.peers} gives it. */
  private static String address(Node node) {
    return node.getBroadcastRpcAddress().map(a -> a.getAddress().getHostAddress()).orElse(node.getEndPoint().toString());
  }

  @Override
  public void close() {
    session.close();
  }
}

package io.hibenchdse.launcher.deployment;

import io.hibenchdse.ycsb.YcsbArgs;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.ycsb.CassandraCqlKeys;
import io.hibenchdse.ycsb.YcsbTables;
import java.io.IOException;
import java.util.List;
import java.util.Properties;

/** YCSB's phases on the Cassandra nodes that serve cfs://, tables emptied with TRUNCATE. */
final class CassandraServing implements ServingCluster {
  private final LocalCassandra cassandra;
  private YcsbTables tables;

  CassandraServing(LocalCassandra cassandra) {
    this.cassandra = cassandra;
  }

  @Override
  public ServingStore store() {
    return ServingStore.cassandra;
  }

  @Override
  public String describe() {
    return "cfs://'s Cassandra nodes, " + cassandra.durability();
  }

  @Override
  public List<String> connection() {
    return List.of("-p", CassandraCqlKeys.HOSTS + "=" + cassandra.host(), "-p", CassandraCqlKeys.PORT + "=" + cassandra.port());
  }

  @Override
  public void empty(Properties phase) {
    if (tables == null) {
      tables = new YcsbTables(cassandra.host(), cassandra.port());
    }
    tables.empty(phase.getProperty(CassandraCqlKeys.KEYSPACE, CassandraCqlKeys.KEYSPACE_DEFAULT),
        phase.getProperty(YcsbArgs.TABLE, YcsbArgs.TABLE_DEFAULT));
  }

  @Override
  public long settle() throws IOException {
    return cassandra.settle();
  }

  @Override
  public void record(RunResult r) {
    r.configured(HibenchConfigKeys.STORAGE_NODES, Integer.toString(cassandra.nodes()));
    r.configured(HibenchConfigKeys.STORAGE_FSYNC, Boolean.toString(cassandra.syncsBeforeAck()));
    r.configured(HibenchConfigKeys.STORAGE_COMMIT_LOG, cassandra.settings().commitLog().description());
  }

  /** Closes the session; the nodes are cfs://'s, stopped with it. */
  @Override
  public void close() {
    if (tables != null) {
      tables.close();
    }
  }
}

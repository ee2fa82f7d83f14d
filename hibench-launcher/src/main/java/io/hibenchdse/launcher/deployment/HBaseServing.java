package io.hibenchdse.launcher.deployment;

import io.hibenchdse.ycsb.YcsbArgs;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.ycsb.HBaseKeys;
import java.io.IOException;
import java.util.List;
import java.util.Properties;

/**
 * YCSB's phases on HBase over the suite's HDFS, as a Hadoop stack serves: a region server per
 * DataNode (in one JVM with ZooKeeper and the master on this machine, in a JVM on each worker on
 * hosts), the tables on the HDFS, each pre-split into four regions per region server by the binding.
 */
final class HBaseServing implements ServingCluster {
  private final LocalHBase hbase;

  HBaseServing(LocalHBase hbase) {
    this.hbase = hbase;
  }

  @Override
  public ServingStore store() {
    return ServingStore.hbase;
  }

  @Override
  public String describe() {
    return "HBase " + LocalHBase.version() + " on the HDFS, " + hbase.layout() + ", " + hbase.settings().description();
  }

  @Override
  public List<String> connection() {
    return List.of("-p", "hbase.zookeeper.quorum=" + hbase.quorum(),
        "-p", "hbase.zookeeper.property.clientPort=" + hbase.zookeeperPort(),
        "-p", HBaseKeys.REGIONS + "=" + 4 * hbase.regionServers());
  }

  @Override
  public void empty(Properties phase) throws IOException {
    hbase.empty(phase.getProperty(YcsbArgs.TABLE, YcsbArgs.TABLE_DEFAULT));
  }

  @Override
  public long settle() throws IOException {
    return hbase.settle();
  }

  /**
   * The region servers, the WAL's copies (the record's replication) and sync, and whether a write is
   * on disk when acknowledged: with hbase.wal.hsync every WAL sync is, without it only a write that
   * asks for FSYNC_WAL.
   */
  @Override
  public void record(RunResult r) {
    record(r, hbase.settings(), hbase.regionServers());
  }

  /** What {@link #record(RunResult)} says of an HBase of {@code regionServers} whose WAL has the settings {@code s}. */
  static void record(RunResult r, LocalHBase.Settings s, int regionServers) {
    r.storedOn(r.fileSystem(), (short) s.replication(), r.blockSize());
    r.configured(HibenchConfigKeys.STORAGE_NODES, Integer.toString(regionServers));
    r.configured(LocalHBase.WAL_HSYNC, Boolean.toString(s.walHsync()));
    r.configured(HibenchConfigKeys.STORAGE_FSYNC,
        Boolean.toString(s.walHsync() || HBaseKeys.FSYNC_WAL.equals(r.configuration().get(HBaseKeys.DURABILITY))));
    r.configured(HibenchConfigKeys.STORAGE_COMMIT_LOG, s.description());
  }

  /** Kills the HBase JVM: its tables are scratch, on an HDFS that goes with the run. */
  @Override
  public void close() {
    hbase.kill();
  }
}

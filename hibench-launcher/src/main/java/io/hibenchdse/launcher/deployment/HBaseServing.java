package io.hibenchdse.launcher.deployment;

import io.hibenchdse.ycsb.YcsbArgs;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.ycsb.HBaseKeys;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Properties;

/**
 * YCSB's phases on HBase over the suite's HDFS, as a Hadoop stack serves: ZooKeeper, the master and
 * a region server per DataNode in a JVM of its own, the tables on the HDFS, each pre-split into four
 * regions per region server by the binding.
 */
final class HBaseServing implements ServingCluster {
  private final LocalHBase hbase;

  private HBaseServing(LocalHBase hbase) {
    this.hbase = hbase;
  }

  /** HBase with its local files under {@code dir}, its root directory on {@code hdfs}. */
  static HBaseServing start(File dir, URI hdfs, int regionServers, LocalHBase.Settings settings) throws IOException {
    return new HBaseServing(LocalHBase.start(dir.toPath(), hdfs, regionServers, settings));
  }

  @Override
  public String describe() {
    return "HBase " + LocalHBase.version() + " on the HDFS, " + hbase.regionServers() + " region server(s), "
        + hbase.settings().description();
  }

  @Override
  public List<String> connection() {
    return List.of("-p", "hbase.zookeeper.quorum=" + LocalHBase.host(),
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
    LocalHBase.Settings s = hbase.settings();
    r.replication = (short) s.replication();
    r.configuration.put(HibenchConfigKeys.STORAGE_NODES, Integer.toString(hbase.regionServers()));
    r.configuration.put(LocalHBase.WAL_HSYNC, Boolean.toString(s.walHsync()));
    r.configuration.put(HibenchConfigKeys.STORAGE_FSYNC,
        Boolean.toString(s.walHsync() || HBaseKeys.FSYNC_WAL.equals(r.configuration.get(HBaseKeys.DURABILITY))));
    r.configuration.put(HibenchConfigKeys.STORAGE_COMMIT_LOG, s.description());
  }

  /** Kills the HBase JVM: its tables are scratch, on an HDFS that goes with the run. */
  @Override
  public void close() {
    hbase.kill();
  }
}

package io.hibenchdse.launcher.storage;

import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.node.LocalNodes;
import io.hibenchdse.ycsb.HBaseKeys;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * HBase on the embedded HDFS, as a Hadoop stack serves: the HDFS (its DataNodes in JVMs of their
 * own) holds HBase's root directory, and ZooKeeper, the master and the region servers run in one JVM
 * of their own ({@link LocalHBase}), so HBase's class path never meets this one's.
 */
public final class EmbeddedHBase implements EmbeddedStorage {
  private final EmbeddedHdfs hdfs;
  private final LocalHBase hbase;

  private EmbeddedHBase(EmbeddedHdfs hdfs, LocalHBase hbase) {
    this.hdfs = hdfs;
    this.hbase = hbase;
  }

  /**
   * The HDFS under {@code dir} with its data, or a new one there, and HBase on it with as many region
   * servers as it has DataNodes (its tables kept on the HDFS from one start to the next).
   */
  public static EmbeddedHBase open(File dir, int nodes) throws IOException {
    EmbeddedHdfs hdfs = EmbeddedHdfs.open(new File(dir, "dfs"), nodes, true);
    try {
      return new EmbeddedHBase(hdfs, LocalHBase.start(new File(dir, "hbase").toPath(), hdfs.uri(), nodes,
          LocalHBase.Settings.of(LocalNodes.defaultReplication(nodes))));
    } catch (IOException | RuntimeException e) {
      hdfs.close();
      throw e;
    }
  }

  /** The {@code hbase-site.xml} clients connect with. */
  public Path site() {
    return hbase.site();
  }

  /** The HDFS's client configuration, with HBase's ZooKeeper quorum for its clients. */
  @Override
  public Configuration conf() {
    Configuration conf = hdfs.conf();
    conf.set(HBaseKeys.ZOOKEEPER_QUORUM, hbase.quorum());
    conf.setInt(HBaseKeys.ZOOKEEPER_CLIENT_PORT, hbase.zookeeperPort());
    return conf;
  }

  @Override
  public String describe() {
    return "HBase " + LocalHBase.version() + " (" + hbase.regionServers() + " region server(s), ZooKeeper at " + hbase.quorum()
        + ":" + hbase.zookeeperPort() + ") on " + hdfs.describe();
  }

  @Override
  public List<ProcessHandle> serverProcesses() {
    List<ProcessHandle> all = new ArrayList<>(hdfs.serverProcesses());
    all.addAll(hbase.processes());
    return all;
  }

  /** Stops HBase first (its region servers flush to the HDFS), then the HDFS. */
  @Override
  public void close() {
    try {
      hbase.close();
    } finally {
      hdfs.close();
    }
  }
}

package io.hibenchdse.hosts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * What a cluster of hosts keeps its data on, beside YARN: HDFS (a NameNode on the master, a DataNode
 * on each worker), or another file system's servers a deployment starts on the workers (cfs://'s
 * Cassandra nodes, no NameNode).
 */
public interface WorkerStorage {
  /** HDFS's daemons. */
  static WorkerStorage hdfs() {
    return new Hdfs();
  }

  /**
   * Starts what must run before the hosts' site files are written (their default file system's
   * settings come from it), its files under the cluster's directory {@code dir}.
   */
  default void startFirst(HostsCluster cluster, List<String> workers, Path dir, int replication) throws IOException {}

  /** Starts its daemons on the master, before YARN's. */
  void startOnMaster(HostsCluster cluster) throws IOException;

  /** Starts its daemon on {@code worker}, if it has one there not started first. */
  void startOnWorker(HostsCluster cluster, String worker) throws IOException;

  /** What it still lacks to serve {@code workers} workers, or nothing; {@code fs} the cluster's default file system. */
  String notReady(FileSystem fs, int workers) throws IOException;

  /** The storage in the cluster's one-line description, the workers' daemons named. */
  String describe(int workers);

  /**
   * Directories of the commands its servers give a login on a worker (Cassandra's {@code nodetool}),
   * put on the PATH of the workers' sshd sessions, as a user's node has them on its PATH.
   */
  default List<Path> commandDirectories() throws IOException {
    return List.of();
  }

  /** Stops what it started first; its daemons stop with the cluster's. */
  default void close() {}

  /** HDFS: a NameNode, formatted for the run, and a DataNode on each worker. */
  final class Hdfs implements WorkerStorage {
    private Hdfs() {}

    @Override
    public void startOnMaster(HostsCluster cluster) throws IOException {
      cluster.formatNameNode();
      cluster.daemon(HostsCluster.MASTER, "NameNode", org.apache.hadoop.hdfs.server.namenode.NameNode.class, "-Xmx512m");
    }

    @Override
    public void startOnWorker(HostsCluster cluster, String worker) throws IOException {
      cluster.daemon(worker, "DataNode", org.apache.hadoop.hdfs.server.datanode.DataNode.class, "-Xmx512m");
    }

    @Override
    public String notReady(FileSystem fs, int workers) throws IOException {
      DistributedFileSystem dfs = (DistributedFileSystem) fs;
      int dataNodes = dfs.getDataNodeStats(HdfsConstants.DatanodeReportType.LIVE).length;
      return dataNodes < workers || dfs.setSafeMode(HdfsConstants.SafeModeAction.SAFEMODE_GET)
          ? "HDFS (" + dataNodes + " of " + workers + " DataNodes)" : "";
    }

    @Override
    public String describe(int workers) {
      return "HDFS and YARN on " + workers + " worker hosts (a DataNode and a NodeManager each) and " + HostsCluster.MASTER
          + " (NameNode, ResourceManager, JobHistoryServer)";
    }
  }
}

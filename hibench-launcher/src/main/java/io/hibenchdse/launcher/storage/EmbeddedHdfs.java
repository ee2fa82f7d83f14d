package io.hibenchdse.launcher.storage;

import io.hibenchdse.core.HibenchConfigKeys;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import io.hibenchdse.node.LayoutFile;
import io.hibenchdse.node.LocalNodes;
import io.hibenchdse.node.SiteSettings;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.http.HttpServer2;

/**
 * A real HDFS whose every file lives under one base directory, so runs and tests never share or
 * leave behind state: the NameNode of a {@link MiniDFSCluster} in this JVM, and its DataNodes
 * either in this JVM too or each in a JVM of its own ({@link DataNodeProcess}), as deployed.
 */
public final class EmbeddedHdfs implements EmbeddedStorage {
  /** The file that makes a directory an HDFS's: its DataNode count and NameNode port, kept across starts. */
  private static final long DATANODES_TIMEOUT_MS = 120_000;

  private final MiniDFSCluster cluster;
  /** The DataNodes in JVMs of their own; empty when they run in this JVM. */
  private final List<DataNodeProcess> dataNodeProcesses;
  private final int dataNodes;

  private EmbeddedHdfs(MiniDFSCluster cluster, List<DataNodeProcess> dataNodeProcesses, int dataNodes) {
    this.cluster = cluster;
    this.dataNodeProcesses = dataNodeProcesses;
    this.dataNodes = dataNodes;
  }

  /** Starts {@code dataNodes} DataNodes in this JVM under {@code baseDir}, formatted, with replication up to 3. */
  public static EmbeddedHdfs start(File baseDir, int dataNodes) throws IOException {
    return start(baseDir, dataNodes, false);
  }

  /** As {@link #start(File, int)}, with each DataNode in a JVM of its own when {@code ownJvms}. */
  public static EmbeddedHdfs start(File baseDir, int dataNodes, boolean ownJvms) throws IOException {
    FileUtil.fullyDelete(baseDir);
    return open(baseDir, dataNodes, ownJvms);
  }

  /** {@link #open(File, int, boolean)} with the DataNodes in this JVM. */
  public static EmbeddedHdfs open(File baseDir, int dataNodes) throws IOException {
    return open(baseDir, dataNodes, false);
  }

  /**
   * Starts the HDFS whose files are under {@code baseDir} on its old NameNode port, keeping its
   * data, or formats a new one there. A directory holding another DataNode count is refused.
   */
  public static EmbeddedHdfs open(File baseDir, int dataNodes, boolean ownJvms) throws IOException {
    boolean existing = LayoutFile.exists(baseDir.toPath());
    Properties p = LayoutFile.open(baseDir.toPath(), "an HDFS", "DataNode(s)", dataNodes, () -> {
      Properties port = new Properties();
      try (ServerSocket s = new ServerSocket(0)) {
        port.setProperty("namenode_port", Integer.toString(s.getLocalPort()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return port;
    });
    // beside the layout file, not around it: formatting empties the cluster's own directory
    File dfs = new File(baseDir, "dfs");
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dfs.getAbsolutePath());
    conf.set("hadoop.tmp.dir", new File(dfs, "hadoop-tmp").getAbsolutePath());
    if (ownJvms) {
      // the NameNode's web server's scratch (Jetty's jetty-* directory) with the HDFS's files, not in
      // the system's temporary directory; a directory of its own, as Jetty empties it when it starts
      conf.set(HttpServer2.HTTP_TEMP_DIR_KEY, new File(dfs, "namenode-http-tmp").getAbsolutePath());
    }
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, LocalNodes.defaultReplication(dataNodes));
    SiteSettings.all().forEach(conf::set);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dfs)
        .numDataNodes(ownJvms ? 0 : dataNodes)
        .nameNodePort(Integer.parseInt(p.getProperty("namenode_port")))
        .format(!existing)
        .build();
    List<DataNodeProcess> processes = new ArrayList<>();
    try {
      if (ownJvms) {
        // the builder capped it at the in-process DataNode count, none
        cluster.getConfiguration(0).setInt(DFSConfigKeys.DFS_REPLICATION_KEY, LocalNodes.defaultReplication(dataNodes));
        for (int i = 0; i < dataNodes; i++) {
          // the block directories an in-process DataNode i has, so a directory serves either way
          List<File> blocks = Arrays.asList(new File(dfs, "data/data" + (2 * i + 1)), new File(dfs, "data/data" + (2 * i + 2)));
          processes.add(DataNodeProcess.start(cluster.getConfiguration(0), cluster.getURI(), new File(baseDir, "datanode-" + i), blocks));
        }
        awaitDataNodes(cluster, processes, dataNodes);
      } else {
        cluster.waitActive();
      }
    } catch (IOException | RuntimeException e) {
      processes.forEach(DataNodeProcess::close);
      cluster.shutdownNameNodes();
      throw e;
    }
    return new EmbeddedHdfs(cluster, processes, dataNodes);
  }

  private static void awaitDataNodes(MiniDFSCluster cluster, List<DataNodeProcess> processes, int dataNodes) throws IOException {
    long deadline = System.currentTimeMillis() + DATANODES_TIMEOUT_MS;
    // registered with their storage (a DataNode whose capacity is not reported yet is no write
    // target, and a block would get fewer replicas), and out of safe mode; MiniDFSCluster.waitActive
    // counts only its own DataNodes
    // one client for the whole wait (MiniDFSCluster.getFileSystem makes a new one each call, kept until shutdown)
    try (DistributedFileSystem client = (DistributedFileSystem) FileSystem.newInstance(cluster.getURI(), cluster.getConfiguration(0))) {
      while (!ready(cluster, client, dataNodes)) {
        processes.forEach(DataNodeProcess::checkAlive);
        if (System.currentTimeMillis() > deadline) {
          throw new IOException(dataNodes + " DataNode(s) did not register with the NameNode (or it stayed in safe mode) in "
              + DATANODES_TIMEOUT_MS / 1000 + " s; their logs are datanode-*/datanode.log under the HDFS directory");
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for the DataNodes", e);
        }
      }
    }
  }

  private static boolean ready(MiniDFSCluster cluster, DistributedFileSystem client, int dataNodes) throws IOException {
    if (cluster.getNamesystem().isInSafeMode()) {
      return false;
    }
    DatanodeInfo[] live = client.getDataNodeStats(HdfsConstants.DatanodeReportType.LIVE);
    return live.length >= dataNodes && Arrays.stream(live).allMatch(d -> d.getCapacity() > 0 && d.getRemaining() > 0);
  }

  public URI uri() {
    return cluster.getURI();
  }

  /** A copy of the cluster's client configuration (fs.defaultFS points at it). */
  @Override
  public Configuration conf() {
    Configuration conf = new Configuration(cluster.getConfiguration(0));
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, uri().toString());
    conf.setInt(HibenchConfigKeys.STORAGE_NODES, dataNodes);
    // a DataNode acknowledges a packet once it is in the OS's buffers; dfs.datanode.synconclose
    // syncs only when a block is closed, and only a client's hsync syncs before its ack
    conf.setBoolean(HibenchConfigKeys.STORAGE_FSYNC, false);
    return conf;
  }

  @Override
  public String describe() {
    Configuration conf = cluster.getConfiguration(0);
    return "HDFS at " + uri() + ": " + dataNodes + " DataNode(s) " + (dataNodeProcesses.isEmpty() ? "in the client's JVM" : "in JVMs of their own")
        + ", replication "
        + conf.get(DFSConfigKeys.DFS_REPLICATION_KEY) + ", no fsync when a block is closed (dfs.datanode.synconclose="
        + conf.getBoolean(DFSConfigKeys.DFS_DATANODE_SYNCONCLOSE_KEY, DFSConfigKeys.DFS_DATANODE_SYNCONCLOSE_DEFAULT) + ")";
  }

  @Override
  public List<ProcessHandle> serverProcesses() {
    List<ProcessHandle> handles = new ArrayList<>();
    dataNodeProcesses.forEach(d -> handles.add(d.handle()));
    return handles;
  }

  public MiniDFSCluster cluster() {
    return cluster;
  }

  /** Stops the DataNodes and the NameNode, keeping their files: MiniDFSCluster.shutdown deletes them at exit. */
  @Override
  public void close() {
    cluster.shutdownDataNodes();
    dataNodeProcesses.forEach(DataNodeProcess::close);
    cluster.shutdownNameNodes();
  }
}

package io.hibenchdse.launcher;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS in this JVM (NameNode and DataNodes of {@link MiniDFSCluster}) whose every file lives
 * under one base directory, so runs and tests never share or leave behind state.
 */
public final class EmbeddedHdfs implements EmbeddedStorage {
  /** The file that makes a directory an HDFS's: its DataNode count and NameNode port, kept across starts. */
  private static final String LAYOUT = "cluster.properties";

  private final MiniDFSCluster cluster;

  private EmbeddedHdfs(MiniDFSCluster cluster) {
    this.cluster = cluster;
  }

  /** Starts {@code dataNodes} DataNodes under {@code baseDir}, formatted, with replication up to 3. */
  public static EmbeddedHdfs start(File baseDir, int dataNodes) throws IOException {
    FileUtil.fullyDelete(baseDir);
    return open(baseDir, dataNodes);
  }

  /**
   * Starts the HDFS whose files are under {@code baseDir} on its old NameNode port, keeping its
   * data, or formats a new one there. A directory holding another DataNode count is refused.
   */
  public static EmbeddedHdfs open(File baseDir, int dataNodes) throws IOException {
    Path layout = baseDir.toPath().resolve(LAYOUT);
    Properties p = new Properties();
    boolean existing = Files.exists(layout);
    if (existing) {
      try (InputStream in = Files.newInputStream(layout)) {
        p.load(in);
      }
      int had = Integer.parseInt(p.getProperty("datanodes"));
      if (had != dataNodes) {
        throw new IllegalArgumentException(baseDir + " holds an HDFS of " + had + " DataNode(s), not " + dataNodes
            + ": start it with " + had + " or use another directory");
      }
    } else {
      String[] entries = baseDir.list();
      if (entries != null && entries.length > 0) {
        throw new IllegalArgumentException(baseDir + " is not empty and holds no HDFS: use another directory");
      }
      Files.createDirectories(baseDir.toPath());
      p.setProperty("datanodes", Integer.toString(dataNodes));
      try (ServerSocket s = new ServerSocket(0)) {
        p.setProperty("namenode_port", Integer.toString(s.getLocalPort()));
      }
      try (OutputStream out = Files.newOutputStream(layout)) {
        p.store(out, "an embedded HDFS: the NameNode port its clients keep across starts");
      }
    }
    // beside the layout file, not around it: formatting empties the cluster's own directory
    File dfs = new File(baseDir, "dfs");
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dfs.getAbsolutePath());
    conf.set("hadoop.tmp.dir", new File(dfs, "hadoop-tmp").getAbsolutePath());
    conf.setInt("dfs.replication", Math.min(3, dataNodes));
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dfs)
        .numDataNodes(dataNodes)
        .nameNodePort(Integer.parseInt(p.getProperty("namenode_port")))
        .format(!existing)
        .build();
    cluster.waitActive();
    return new EmbeddedHdfs(cluster);
  }

  public URI uri() {
    return cluster.getURI();
  }

  /** A copy of the cluster's client configuration (fs.defaultFS points at it). */
  @Override
  public Configuration conf() {
    Configuration conf = new Configuration(cluster.getConfiguration(0));
    conf.set("fs.defaultFS", uri().toString());
    conf.setInt(STORAGE_NODES, cluster.getDataNodes().size());
    return conf;
  }

  @Override
  public String describe() {
    Configuration conf = cluster.getConfiguration(0);
    return "in-process HDFS at " + uri() + ": " + cluster.getDataNodes().size() + " DataNode(s), replication "
        + conf.get("dfs.replication") + ", no fsync when a block is closed (dfs.datanode.synconclose="
        + conf.getBoolean("dfs.datanode.synconclose", false) + ")";
  }

  public MiniDFSCluster cluster() {
    return cluster;
  }

  /** Stops the DataNodes and the NameNode, keeping their files: MiniDFSCluster.shutdown deletes them at exit. */
  @Override
  public void close() {
    cluster.shutdownDataNodes();
    cluster.shutdownNameNodes();
  }
}

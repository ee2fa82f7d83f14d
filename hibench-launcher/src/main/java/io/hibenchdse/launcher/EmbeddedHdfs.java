package io.hibenchdse.launcher;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS in this JVM (NameNode and DataNodes of {@link MiniDFSCluster}) whose every file lives
 * under one base directory, so runs and tests never share or leave behind state.
 */
public final class EmbeddedHdfs implements EmbeddedStorage {
  private final MiniDFSCluster cluster;

  private EmbeddedHdfs(MiniDFSCluster cluster) {
    this.cluster = cluster;
  }

  /** Starts {@code dataNodes} DataNodes under {@code baseDir}, formatted, with replication up to 3. */
  public static EmbeddedHdfs start(File baseDir, int dataNodes) throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, baseDir.getAbsolutePath());
    conf.set("hadoop.tmp.dir", new File(baseDir, "hadoop-tmp").getAbsolutePath());
    conf.setInt("dfs.replication", Math.min(3, dataNodes));
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, baseDir)
        .numDataNodes(dataNodes)
        .format(true)
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

  @Override
  public void close() {
    cluster.shutdown(true);
  }
}

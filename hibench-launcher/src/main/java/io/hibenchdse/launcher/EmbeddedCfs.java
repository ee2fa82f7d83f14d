package io.hibenchdse.launcher;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.cfs.CassandraFileSystem;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * cfs:// on a real Cassandra cluster of child JVMs on 127.0.0.1, 127.0.0.2, ..., its files under one
 * directory: replication as many nodes as there are, up to 3, written at QUORUM.
 */
public final class EmbeddedCfs implements EmbeddedStorage {
  private final LocalCassandra cluster;
  private final int replication;

  private EmbeddedCfs(LocalCassandra cluster, int replication) {
    this.cluster = cluster;
    this.replication = replication;
  }

  /** A fresh cluster of {@code nodes} nodes under {@code dir}, whose keyspace has {@code replication} copies. */
  public static EmbeddedCfs start(File dir, LocalCassandra.Settings settings, int nodes, int replication) throws IOException {
    return new EmbeddedCfs(LocalCassandra.start(dir.toPath(), settings, nodes), replication);
  }

  /** The cluster under {@code dir} with its data, or a new one there (see {@link LocalCassandra#open}). */
  public static EmbeddedCfs open(File dir, LocalCassandra.Settings settings, int nodes, int replication) throws IOException {
    return new EmbeddedCfs(LocalCassandra.open(dir.toPath(), settings, nodes), replication);
  }

  public URI uri() {
    return URI.create("cfs://" + cluster.host() + ":" + cluster.port() + "/");
  }

  public LocalCassandra cluster() {
    return cluster;
  }

  @Override
  public Configuration conf() {
    Configuration conf = new Configuration();
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, uri().toString());
    conf.set("cfs.datacenter", LocalCassandra.DATACENTER);
    conf.setInt("cfs.replication", replication);
    conf.setInt(STORAGE_NODES, cluster.nodes());
    return conf;
  }

  @Override
  public String describe() {
    Configuration conf = CassandraFileSystem.withDefaults(conf());
    return "cfs:// at " + uri() + ": " + cluster.durability() + "; replication " + conf.get("cfs.replication")
        + ", consistency read " + conf.get("cfs.consistencylevel.read")
        + ", write " + conf.get("cfs.consistencylevel.write");
  }

  @Override
  public void close() {
    cluster.stop();
  }
}

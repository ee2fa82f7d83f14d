package io.hibenchdse.launcher.deployment;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.cfs.Cfs;
import io.hibenchdse.hosts.HostsCluster;
import io.hibenchdse.hosts.WorkerStorage;
import io.hibenchdse.launcher.storage.EmbeddedCfs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * cfs:// on a cluster of hosts: a Cassandra node on each worker, started before the daemons that
 * use it, its schema made once; no NameNode.
 */
final class CfsOnWorkers implements WorkerStorage {
  private final CassandraSettings settings;
  private EmbeddedCfs cfs;

  CfsOnWorkers(CassandraSettings settings) {
    this.settings = settings;
  }

  /** cfs:// on the workers' nodes, once started. */
  public EmbeddedCfs cfs() {
    return cfs;
  }

  @Override
  public void startFirst(HostsCluster cluster, List<String> workers, Path dir, int replication) throws IOException {
    List<String> addresses = new ArrayList<>();
    List<List<String>> on = new ArrayList<>();
    for (String worker : workers) {
      addresses.add(cluster.network().address(worker));
      on.add(cluster.onHost(worker));
    }
    cfs = EmbeddedCfs.on(LocalCassandra.startOnHosts(dir.resolve("cassandra"), settings, new LocalCassandra.Hosts(addresses, on)),
        replication);
    Configuration conf = cfs.conf();
    // the daemons and YARN's job submission reach the default file system through FileContext too
    conf.set(Cfs.IMPL_KEY, Cfs.class.getName());
    cluster.storageSettings(conf);
    try (FileSystem fs = FileSystem.newInstance(cfs.uri(), cfs.conf())) {
      fs.exists(new org.apache.hadoop.fs.Path("/"));
    }
  }

  @Override
  public void startOnMaster(HostsCluster cluster) {}

  @Override
  public void startOnWorker(HostsCluster cluster, String worker) {}

  /** Nothing: the nodes were ready when they started. */
  @Override
  public String notReady(FileSystem fs, int workers) {
    return "";
  }

  @Override
  public String describe(int workers) {
    return cfs.describe() + "; YARN on " + workers + " worker hosts (a Cassandra node and a NodeManager each) and "
        + HostsCluster.MASTER + " (ResourceManager, JobHistoryServer)";
  }

  /** Cassandra's nodetool, which on a worker reaches that worker's node. */
  @Override
  public List<Path> commandDirectories() throws IOException {
    return List.of(cfs.cluster().nodetoolDirectory());
  }

  @Override
  public void close() {
    if (cfs != null) {
      cfs.close();
    }
  }
}

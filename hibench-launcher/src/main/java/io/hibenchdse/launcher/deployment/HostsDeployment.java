package io.hibenchdse.launcher.deployment;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.hosts.HostDaemon;
import io.hibenchdse.hosts.HostsCluster;
import io.hibenchdse.hosts.Link;
import io.hibenchdse.hosts.WorkerStorage;
import io.hibenchdse.monitor.HostSource;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.WatchedProcess;
import io.hibenchdse.node.LocalNodes;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * A real cluster on this machine ({@code --hosts N}): a master host and N worker hosts, each a
 * network namespace of its own on one bridge, shaped to {@code --link} when given, with HDFS's and
 * YARN's daemons in JVMs of their own ({@link HostsCluster}); jobs on YARN. Linux, as root.
 */
public final class HostsDeployment implements Deployment.Local {
  private final int hosts;
  private final Target target;
  private final Link link;
  private final int replication;
  private final WriteAck writeAck;
  private final PrintStream out;

  /**
   * {@code hosts} workers of {@code target} (HDFS, cfs:// on Cassandra nodes, or for {@link #startApart}
   * HDFS with HBase's region servers beside its DataNodes) linked by {@code link} (null:
   * unshaped), keeping {@code replication} copies (at most the workers; default as many as workers
   * up to 3); progress goes to {@code out}. Its settings are checked here, before anything starts.
   */
  public HostsDeployment(Target target, int hosts, String link, Integer replication, WriteAck writeAck, PrintStream out) {
    try {
      LocalNodes.checked(hosts, "--hosts");
      this.link = link == null ? null : Link.parse(link);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage().startsWith("--") ? e.getMessage() : "--link " + e.getMessage());
    }
    if (replication != null && replication > hosts) {
      throw new UsageException("--replication " + replication + " needs as many hosts, and --hosts is " + hosts);
    }
    this.target = target;
    this.hosts = hosts;
    this.replication = replication == null ? LocalNodes.defaultReplication(hosts) : replication;
    this.writeAck = writeAck;
    this.out = out;
  }

  @Override
  public ServingStore servingStore() {
    return target.serving();
  }

  @Override
  public int replication() {
    return replication;
  }

  @Override
  public WriteAck writeAck() {
    return writeAck;
  }

  @Override
  public Running startForRun(File scratch) throws IOException {
    return start(scratch.toPath().resolve("hosts"));
  }

  /** Starts the hosts with their files under {@code dir}. */
  public Running start(Path dir) throws IOException {
    return startApart(dir, false).running();
  }

  /**
   * The hosts started apart, as a user's cluster ({@code storage start --hosts}): where a client runs
   * (the master host's namespace) and, with a real sshd on every worker, ssh's options to reach them.
   */
  public record Apart(Running running, String masterNamespace, List<String> sshOptions) {}

  /**
   * Starts the hosts with their files under {@code dir}, for stock tools, with an sshd on every worker if {@code sshd}
   * and, for {@code --target hbase}, HBase on them as a user's cluster runs it.
   */
  public Apart startApart(Path dir, boolean sshd) throws IOException {
    try {
      WorkerStorage storage = target == Target.cfs
          ? new CfsOnWorkers(CassandraSettings.BENCHMARK.with(EmbeddedDeployment.commitLog(null, writeAck))) : WorkerStorage.hdfs();
      HostsCluster cluster = HostsCluster.start(dir, hosts, link, replication, storage, out);
      LocalHBase.Settings settings = LocalHBase.Settings.of(replication).withWalHsync(writeAck == WriteAck.disk);
      List<String> ssh;
      LocalHBase hbase = null;
      try {
        ssh = sshd ? cluster.startSshd() : List.of();
        if (target == Target.hbase) {
          hbase = LocalHBase.startOnHosts(dir.resolve("hbase"), java.net.URI.create(cluster.conf().get(FileSystem.FS_DEFAULT_NAME_KEY)),
              hbaseHosts(cluster), settings);
        }
      } catch (IOException | RuntimeException e) {
        cluster.close();
        throw e;
      }
      return new Apart(new Started(cluster, dir.resolve("hbase"), settings, hbase), cluster.network().namespace(HostsCluster.MASTER), ssh);
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("--")) {
        throw new UsageException(e.getMessage());
      }
      throw e;
    }
  }

  /** ZooKeeper and HBase's master on the master host, a region server on each worker. */
  private static LocalHBase.Hosts hbaseHosts(HostsCluster cluster) {
    List<List<String>> workers = new ArrayList<>();
    for (String worker : cluster.network().hosts().subList(1, cluster.network().hosts().size())) {
      workers.add(cluster.onHost(worker));
    }
    return new LocalHBase.Hosts(HostsCluster.MASTER, cluster.onHost(HostsCluster.MASTER), workers);
  }

  /**
   * Its hosts, started, and where HBase for YCSB keeps its local files, with its WAL's settings; the
   * HBase started with the hosts ({@code storage start --target hbase}), or null.
   */
  private record Started(HostsCluster cluster, Path hbaseDir, LocalHBase.Settings hbase, LocalHBase startedHBase) implements Running {
    @Override
    public Configuration conf() {
      Configuration conf = cluster.conf();
      conf.setInt(HibenchConfigKeys.STORAGE_NODES, cluster.network().hosts().size() - 1);
      if (cluster.storage() instanceof WorkerStorage.Hdfs) {
        // a DataNode acknowledges a packet once it is in the OS's buffers, as on the embedded default
        conf.setBoolean(HibenchConfigKeys.STORAGE_FSYNC, false);
      }
      return conf;
    }

    @Override
    public String describe() {
      return cluster.describe() + (startedHBase == null ? "" : "; HBase " + LocalHBase.version() + ", " + startedHBase.layout() + ", "
          + hbase.description());
    }

    @Override
    public ServingCluster.Starter servingCluster() {
      if (cluster.storage() instanceof CfsOnWorkers cfs) {
        return ServingCluster.onCassandra(cfs.cfs().cluster());
      }
      return ServingCluster.onHBase(hbaseDir.toFile(), java.net.URI.create(cluster.conf().get(FileSystem.FS_DEFAULT_NAME_KEY)),
          hbaseHosts(cluster), hbase);
    }

    /** This machine, whose figures hold every host's, and each host apart. */
    @Override
    public List<HostSource> hosts(Map<String, String> notSampled) {
      List<HostSource> sources = new ArrayList<>(Hosts.of(List.of(), notSampled));
      sources.addAll(cluster.monitored(notSampled));
      return sources;
    }

    @Override
    public Map<String, String> sparkSettings(PrintStream out) {
      return cluster.sparkSettings();
    }

    /**
     * Hive's, Spark's and YCSB's JVMs on the master, a gateway host: the names YARN's application masters and
     * HBase's region servers register under resolve there.
     */
    @Override
    public List<String> clientHost() {
      return cluster.onHost(HostsCluster.MASTER);
    }

    /** The launcher, the hosts' daemons, and the JVMs the run started on them (HBase's, Hive's, YCSB's clients). */
    @Override
    public List<WatchedProcess> processes() {
      List<WatchedProcess> all = new ArrayList<>();
      java.util.Set<Long> daemons = new java.util.HashSet<>();
      for (HostDaemon d : cluster.daemons()) {
        // a NodeManager's descendants are its containers: the tasks it runs
        all.add(new WatchedProcess(d.name(), d.handle(), true));
        daemons.add(d.handle().pid());
      }
      all.addAll(0, RunProcesses.now().stream().filter(p -> !daemons.contains(p.handle().pid())).toList());
      return all;
    }

    /** The cluster's site files, and HBase's {@code hbase-site.xml} where it runs. */
    @Override
    public void writeClientConf(Path dir) throws IOException {
      cluster.writeClientConf(dir);
      if (startedHBase != null) {
        java.nio.file.Files.copy(startedHBase.site(), dir.resolve(startedHBase.site().getFileName()),
            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }

    /** HBase first, whose region servers flush to the HDFS, then the hosts. */
    @Override
    public void close() {
      if (startedHBase != null) {
        startedHBase.close();
      }
      try {
        cluster.close();
      } catch (IOException e) {
        System.err.println("hibench: " + e.getMessage());
      }
    }
  }
}

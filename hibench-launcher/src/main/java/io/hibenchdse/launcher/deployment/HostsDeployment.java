package io.hibenchdse.launcher.deployment;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.launcher.hosts.HostDaemon;
import io.hibenchdse.launcher.hosts.HostsCluster;
import io.hibenchdse.launcher.hosts.Link;
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

/**
 * A real cluster on this machine ({@code --hosts N}): a master host and N worker hosts, each a
 * network namespace of its own on one bridge, shaped to {@code --link} when given, with HDFS's and
 * YARN's daemons in JVMs of their own ({@link HostsCluster}); jobs on YARN. Linux, as root.
 */
public final class HostsDeployment implements Deployment.Local {
  private final int hosts;
  private final Link link;
  private final int replication;
  private final WriteAck writeAck;
  private final PrintStream out;

  /**
   * {@code hosts} workers of {@code target} (HDFS only, so far) linked by {@code link} (null:
   * unshaped), keeping {@code replication} copies (at most the workers; default as many as workers
   * up to 3); progress goes to {@code out}. Its settings are checked here, before anything starts.
   */
  public HostsDeployment(Target target, int hosts, String link, Integer replication, WriteAck writeAck, PrintStream out) {
    if (target != Target.hdfs) {
      throw new UsageException("--hosts runs HDFS for now: Cassandra nodes on the hosts (--target cfs) are not built yet;"
          + " use --nodes for cfs://");
    }
    try {
      LocalNodes.checked(hosts, "--hosts");
      this.link = link == null ? null : Link.parse(link);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage().startsWith("--") ? e.getMessage() : "--link " + e.getMessage());
    }
    if (replication != null && replication > hosts) {
      throw new UsageException("--replication " + replication + " needs as many hosts, and --hosts is " + hosts);
    }
    this.hosts = hosts;
    this.replication = replication == null ? LocalNodes.defaultReplication(hosts) : replication;
    this.writeAck = writeAck;
    this.out = out;
  }

  @Override
  public ServingStore servingStore() {
    return ServingStore.hbase;
  }

  @Override
  public int replication() {
    return replication;
  }

  @Override
  public WriteAck writeAck() {
    return writeAck;
  }

  /** Why a plan with YCSB's steps is refused: region servers on the hosts are still to come. */
  public static final String NO_YCSB = "--hosts runs the MapReduce and Hive workloads for now: YCSB on region servers"
      + " of the hosts is not built yet; leave the ycsb-* workloads out of --benchmarks";

  @Override
  public Running startForRun(File scratch) throws IOException {
    return start(scratch.toPath().resolve("hosts"));
  }

  /** Starts the hosts with their files under {@code dir}, for stock tools ({@code storage start --hosts}). */
  public Running start(Path dir) throws IOException {
    try {
      return new Started(HostsCluster.start(dir, hosts, link, replication, out));
    } catch (IOException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("--")) {
        throw new UsageException(e.getMessage());
      }
      throw e;
    }
  }

  /** Its hosts, started. */
  private record Started(HostsCluster cluster) implements Running {
    @Override
    public Configuration conf() {
      Configuration conf = cluster.conf();
      conf.setInt(HibenchConfigKeys.STORAGE_NODES, cluster.network().hosts().size() - 1);
      // a DataNode acknowledges a packet once it is in the OS's buffers, as on the embedded default
      conf.setBoolean(HibenchConfigKeys.STORAGE_FSYNC, false);
      return conf;
    }

    @Override
    public String describe() {
      return cluster.describe();
    }

    @Override
    public ServingCluster.Starter servingCluster() {
      return () -> {
        throw new UsageException("YCSB on --hosts is not built yet");
      };
    }

    /** This machine, whose figures hold every host's, and each host apart. */
    @Override
    public List<HostSource> hosts(Map<String, String> notSampled) {
      List<HostSource> sources = new ArrayList<>(Hosts.of(List.of(), notSampled));
      sources.addAll(cluster.monitored(notSampled));
      return sources;
    }

    /** Hive's JVM on the master, a gateway host: the names YARN's application masters register under resolve there. */
    @Override
    public List<String> clientHost() {
      return cluster.onMaster();
    }

    @Override
    public List<WatchedProcess> processes() {
      List<WatchedProcess> all = new ArrayList<>();
      all.add(new WatchedProcess("launcher", ProcessHandle.current(), false));
      for (HostDaemon d : cluster.daemons()) {
        // a NodeManager's descendants are its containers: the tasks it runs
        all.add(new WatchedProcess(d.name(), d.handle(), true));
      }
      return all;
    }

    @Override
    public void writeClientConf(Path dir) throws IOException {
      cluster.writeClientConf(dir);
    }

    @Override
    public void close() {
      try {
        cluster.close();
      } catch (IOException e) {
        System.err.println("hibench: " + e.getMessage());
      }
    }
  }
}

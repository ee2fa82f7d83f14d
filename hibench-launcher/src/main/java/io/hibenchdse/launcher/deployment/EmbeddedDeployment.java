package io.hibenchdse.launcher.deployment;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.cassandra.CommitLog;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.LocalRunner;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.launcher.storage.EmbeddedCfs;
import io.hibenchdse.launcher.storage.EmbeddedHBase;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import io.hibenchdse.launcher.storage.EmbeddedStorage;
import io.hibenchdse.node.LocalNodes;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import io.hibenchdse.monitor.HostSource;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.WatchedProcess;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The embedded default: every server on this machine, started by the launcher. HDFS's NameNode in
 * this JVM and its DataNodes in JVMs of their own (YCSB on HBase over it, in a JVM of its own), or
 * Cassandra nodes in child JVMs on 127.0.0.1, 127.0.0.2, ... for cfs:// (YCSB on those nodes); jobs
 * on Hadoop's local job runner. Its settings are checked when it is made, before anything starts.
 */
public final class EmbeddedDeployment implements Deployment.Local {
  private final Target target;
  private final int nodes;
  private final int replication;
  private final WriteAck writeAck;
  private final CommitLog commitLog;
  private final Map<String, String> cfsSettings;
  private final boolean secure;

  /**
   * A deployment of {@code nodes} nodes of {@code target}: replication as given (at most the nodes)
   * or as many copies as nodes up to 3; the Cassandra nodes' commit log as given, which must agree
   * with {@code writeAck}, or the one that does; cfs:// settings and a secured cluster only on cfs.
   */
  public EmbeddedDeployment(Target target, int nodes, Integer replication, WriteAck writeAck, CommitLog commitLog,
      Map<String, String> cfsSettings, boolean secure) {
    try {
      LocalNodes.checked(nodes, "--nodes");
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (!cfsSettings.isEmpty() && target != Target.cfs) {
      throw new UsageException("--cfs needs --target cfs");
    }
    if (secure && target != Target.cfs) {
      throw new UsageException("--secure is for --target cfs (an embedded HDFS has no login or TLS)");
    }
    EmbeddedCfs.check(cfsSettings);
    if (replication != null && replication > nodes) {
      throw new UsageException("--replication " + replication + " needs as many nodes, and --nodes is " + nodes);
    }
    this.target = target;
    this.nodes = nodes;
    this.replication = replication == null ? LocalNodes.defaultReplication(nodes) : replication;
    this.writeAck = writeAck;
    this.commitLog = commitLog(commitLog, writeAck);
    this.cfsSettings = Map.copyOf(cfsSettings);
    this.secure = secure;
  }

  /** A deployment for a suite run: HDFS or cfs://, no login or TLS (see {@link #EmbeddedDeployment}). */
  public static EmbeddedDeployment forRun(Target target, int nodes, Integer replication, WriteAck writeAck, CommitLog commitLog,
      Map<String, String> cfsSettings) {
    return new EmbeddedDeployment(target.checkedForRun(), nodes, replication, writeAck, commitLog, cfsSettings, false);
  }

  /**
   * The Cassandra nodes' commit log: as given, which must agree with {@code --durability}, or the one
   * that does (periodic acknowledges from memory, group syncs a 15 ms window's writes before).
   */
  static CommitLog commitLog(CommitLog given, WriteAck ack) {
    if (given == null) {
      return ack == WriteAck.disk ? CommitLog.GROUP : CommitLog.PERIODIC;
    }
    if ((given == CommitLog.PERIODIC) != (ack == WriteAck.memory)) {
      throw new UsageException("--commitlog " + given.name().toLowerCase(Locale.ROOT) + " acknowledges a write "
          + (ack == WriteAck.memory ? "once it is on disk" : "before it is on disk") + ", and --durability is " + ack
          + ": the two stores would not do the same work");
    }
    return given;
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

  public Target target() {
    return target;
  }

  /**
   * Starts it fresh for a suite run, every file under {@code scratch}: the storage, HBase for YCSB
   * when the first phase needs it, and the local job runner's scratch space.
   */
  @Override
  public Running startForRun(File scratch) throws IOException {
    // each storage with the store that serves YCSB beside it: HBase over the HDFS, or cfs://'s own Cassandra nodes
    EmbeddedStorage storage;
    ServingCluster.Starter serving;
    if (target == Target.hdfs) {
      EmbeddedHdfs hdfs = EmbeddedHdfs.start(new File(scratch, "dfs"), nodes, true);
      storage = hdfs;
      serving = ServingCluster.onHBase(new File(scratch, "ycsb-hbase"), hdfs.uri(), nodes,
          LocalHBase.Settings.of(replication).withWalHsync(writeAck == WriteAck.disk));
    } else {
      EmbeddedCfs cfs = EmbeddedCfs.start(new File(scratch, "cassandra"), cassandra(), nodes, replication).with(cfsSettings);
      storage = cfs;
      serving = ServingCluster.onCassandra(cfs.cluster());
    }
    Configuration jobs = LocalRunner.configure(storage.conf(), new File(scratch, "mapred"));
    jobs.setInt(HibenchConfigKeys.NODES, 1);
    return new Started(storage, jobs, serving);
  }

  /**
   * Starts the storage on its own, its data under {@code data} kept from one start to the next (or
   * made there), for stock tools; the suite's serving store is not started with it.
   */
  public Running open(File data) throws IOException {
    EmbeddedStorage storage;
    try {
      storage = switch (target) {
        case hdfs -> EmbeddedHdfs.open(data, nodes, true);
        case hbase -> EmbeddedHBase.open(data, nodes);
        case cfs -> EmbeddedCfs.open(data, cassandra(), nodes, replication);
      };
    } catch (IllegalArgumentException e) {
      throw new UsageException("--dir " + data.getParentFile() + ": " + e.getMessage());
    }
    return new Started(storage, storage.conf(), () -> {
      throw new IllegalStateException("storage start does not serve the suite's YCSB phases");
    });
  }

  private CassandraSettings cassandra() {
    CassandraSettings settings = CassandraSettings.BENCHMARK.with(commitLog);
    return secure ? settings.withPasswords().withTls() : settings;
  }

  /** Its servers, started. */
  private record Started(EmbeddedStorage storage, Configuration jobs, ServingCluster.Starter servingCluster) implements Running {
    @Override
    public Configuration conf() {
      return new Configuration(jobs);
    }

    @Override
    public String describe() {
      return storage.describe();
    }

    /** This machine: every server of the embedded default runs on it. */
    @Override
    public List<HostSource> hosts(Map<String, String> notSampled) {
      return Hosts.of(List.of(), notSampled);
    }

    @Override
    public List<WatchedProcess> processes() {
      return RunProcesses.now();
    }

    @Override
    public void writeClientConf(Path dir) throws IOException {
      ClientConf.write(storage, dir);
    }

    @Override
    public void close() {
      storage.close();
    }
  }
}

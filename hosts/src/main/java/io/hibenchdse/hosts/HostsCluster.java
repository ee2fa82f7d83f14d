package io.hibenchdse.hosts;

import io.hibenchdse.monitor.CgroupHost;
import io.hibenchdse.monitor.HostSource;
import io.hibenchdse.node.NodeProcess;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;

/**
 * A cluster of hosts on this machine, as Hadoop's pseudo-distributed operation has it but with a
 * network per host: a master host (the NameNode, the ResourceManager and the JobHistoryServer) and
 * worker hosts (a DataNode and a NodeManager each), every daemon a JVM of its own; on cfs:// a
 * Cassandra node in place of each DataNode, and no NameNode. It starts whole or not at all, and
 * when it stops, on {@link #close} or when this JVM is ended (Ctrl-C, SIGTERM), every process,
 * namespace, link, qdisc, cgroup and hosts file it made is gone.
 */
public final class HostsCluster implements Closeable {
  public static final String MASTER = "hibench-master";
  private static final long START_TIMEOUT_MS = 180_000;

  private final HostNetwork net;
  private final CgroupHierarchy hierarchy;
  private final List<HostCgroup> cgroups = new ArrayList<>();
  private final List<HostDaemon> daemons = new ArrayList<>();
  private final ClusterSites sites;
  private final int replication;
  private final WorkerStorage storage;
  private HostSshd sshd;
  private final Thread hook = new Thread(this::stop, "hosts-cleanup");
  private boolean stopped;

  private HostsCluster(HostNetwork net, CgroupHierarchy hierarchy, Path dir, int replication, WorkerStorage storage) {
    this.net = net;
    this.hierarchy = hierarchy;
    this.sites = new ClusterSites(dir, net, hierarchy, replication);
    this.replication = replication;
    this.storage = storage;
  }

  /** The host name of worker {@code i}, from 1. */
  public static String worker(int i) {
    return "hibench-worker" + i;
  }

  /**
   * Starts a master and {@code workers} workers under {@code dir}, their links shaped to
   * {@code link} (null: unshaped), keeping {@code replication} copies; progress and what an
   * earlier, killed run left and this one removed go to {@code out}.
   */
  public static HostsCluster start(Path dir, int workers, Link link, int replication, PrintStream out) throws IOException {
    return start(dir, workers, link, replication, WorkerStorage.hdfs(), out);
  }

  /** {@link #start(Path, int, Link, int, PrintStream)}, the workers' data on {@code storage}. */
  public static HostsCluster start(Path dir, int workers, Link link, int replication, WorkerStorage storage, PrintStream out)
      throws IOException {
    HostNetwork.checkRoot();
    CgroupHierarchy hierarchy = CgroupHierarchy.chosen(System.getProperty(CgroupHierarchy.PROPERTY));
    String left = HostNetwork.removeLeftovers();
    int groups = HostCgroup.removeLeftovers();
    if (!left.isEmpty() || groups > 0) {
      out.println("hibench: removed what a killed run left: " + (left.isEmpty() ? "" : left + ", ") + groups + " hosts' cgroups");
    }
    long t0 = System.nanoTime();
    List<String> hosts = new ArrayList<>(List.of(MASTER));
    for (int i = 1; i <= workers; i++) {
      hosts.add(worker(i));
    }
    // absolute: the daemons' site files name their directories, and a NodeManager resolves a
    // relative local-dir against each container's working directory (run's default --work-dir is work/)
    HostsCluster cluster = new HostsCluster(HostNetwork.create(hosts, link), hierarchy, dir.toAbsolutePath(), replication, storage);
    Runtime.getRuntime().addShutdownHook(cluster.hook);
    try {
      cluster.launch();
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
    out.printf("hibench: %d hosts started in %.1f s (%s; link %s), the master at %s%n", hosts.size(),
        (System.nanoTime() - t0) / 1e9, String.join(", ", hosts), link == null ? "unshaped" : link, cluster.net.address(MASTER));
    return cluster;
  }

  private void launch() throws IOException {
    for (String host : net.hosts()) {
      cgroups.add(HostCgroup.create(hierarchy, host));
      // what the daemons register and YARN's masters report are host names: this JVM finds them too
      NetUtils.addStaticResolution(host, net.address(host));
      Files.createDirectories(sites.hostDir(host).resolve("logs"));
    }
    List<String> workers = net.hosts().subList(1, net.hosts().size());
    storage.startFirst(this, workers, sites.hostDir(MASTER).getParent(), replication);
    for (String host : net.hosts()) {
      sites.write(host);
    }
    storage.startOnMaster(this);
    daemon(MASTER, "ResourceManager", ResourceManager.class, "-Xmx512m");
    daemon(MASTER, "JobHistoryServer", JobHistoryServer.class, "-Xmx384m");
    for (String worker : workers) {
      storage.startOnWorker(this, worker);
      daemon(worker, "NodeManager", NodeManager.class, "-Xmx512m");
    }
    awaitReady();
  }

  /** The storage's client settings, which every site and client then holds (cfs:// on the workers' nodes). */
  public void storageSettings(Configuration settings) {
    sites.storage(settings);
  }

  /** Formats the master's NameNode as its site files say. */
  void formatNameNode() throws IOException {
    // hdfs-default.xml too: without it the edits directory, which defaults to the name directory,
    // would fall back to /tmp/hadoop/dfs/name and be formatted there, outside the run
    Configuration format = new org.apache.hadoop.hdfs.HdfsConfiguration();
    format.addResource(new org.apache.hadoop.fs.Path(sites.confDir(MASTER).resolve("core-site.xml").toUri()));
    format.addResource(new org.apache.hadoop.fs.Path(sites.confDir(MASTER).resolve("hdfs-site.xml").toUri()));
    // a format registers the name system's metrics in this JVM, and a series' next point (--vary
    // hosts) formats again: as in Hadoop's own mini clusters, a source may then be named twice
    DefaultMetricsSystem.setMiniClusterMode(true);
    NameNode.format(format);
  }

  void daemon(String host, String role, Class<?> main, String heap) throws IOException {
    Path log = sites.hostDir(host).resolve("logs").resolve(role.toLowerCase(java.util.Locale.ROOT) + ".log");
    daemons.add(HostDaemon.start(net, cgroups.get(net.hosts().indexOf(host)), host, role, main.getName(), sites.confDir(host),
        heap, log));
  }

  /** Waits until HDFS has every DataNode and is out of safe mode, YARN every NodeManager, and the history server answers. */
  private void awaitReady() throws IOException {
    Configuration conf = conf();
    int workers = net.hosts().size() - 1;
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    String waiting = "";
    try (FileSystem fs = FileSystem.newInstance(URI.create(conf.get(FileSystem.FS_DEFAULT_NAME_KEY)), conf);
         YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      while (true) {
        for (HostDaemon d : daemons) {
          d.checkAlive();
        }
        waiting = notReady(fs, yarn, workers);
        if (waiting.isEmpty()) {
          return;
        }
        if (System.currentTimeMillis() > deadline) {
          throw new IOException("the hosts did not start within " + START_TIMEOUT_MS / 1000 + " s: waiting for " + waiting
              + "; logs under " + sites.hostDir(MASTER).getParent());
        }
        NodeProcess.sleep(250);
      }
    }
  }

  /** What is not ready yet, or nothing. */
  private String notReady(FileSystem fs, YarnClient yarn, int workers) {
    try {
      String storageWaiting = storage.notReady(fs, workers);
      if (!storageWaiting.isEmpty()) {
        return storageWaiting;
      }
    } catch (IOException e) {
      return "the default file system's master (" + e.getClass().getSimpleName() + ")";
    }
    try {
      int nodeManagers = yarn.getNodeReports(NodeState.RUNNING).size();
      if (nodeManagers < workers) {
        return "YARN (" + nodeManagers + " of " + workers + " NodeManagers)";
      }
    } catch (IOException | YarnException e) {
      return "the ResourceManager (" + e.getClass().getSimpleName() + ")";
    }
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(net.address(MASTER), 10020), 1000);
    } catch (IOException e) {
      return "the JobHistoryServer";
    }
    return "";
  }

  /** A client's configuration: HDFS the default file system, jobs on YARN. */
  public Configuration conf() {
    Configuration conf = new Configuration();
    for (var e : sites.client()) {
      conf.set(e.getKey(), e.getValue(), "bin/hibench --hosts");
    }
    return conf;
  }

  /** Spark's settings on these hosts: YARN, the driver where it is started, an executor on every worker. */
  public Map<String, String> sparkSettings() {
    return sites.spark();
  }

  /** Writes a client's configuration directory (core, hdfs, yarn and mapred-site.xml), for stock tools. */
  public void writeClientConf(Path dir) throws IOException {
    ClusterSites.writeSites(sites.client(), dir);
  }

  /** What the workers keep the data on. */
  public WorkerStorage storage() {
    return storage;
  }

  public HostNetwork network() {
    return net;
  }

  /**
   * The words that run a command on {@code host}, in its network, cgroups and name: a client on the
   * master as a gateway of the cluster, or a server of the run's beside a worker's daemons.
   */
  public List<String> onHost(String host) {
    return List.copyOf(HostDaemon.onHost(net, cgroups.get(net.hosts().indexOf(host)), host));
  }

  /** The daemons, the master's first, then each worker's DataNode and NodeManager. */
  public List<HostDaemon> daemons() {
    return List.copyOf(daemons);
  }

  /** The cgroups of each host, in the order of {@link HostNetwork#hosts}. */
  public List<HostCgroup> cgroups() {
    return List.copyOf(cgroups);
  }

  /**
   * Each host as the monitor samples it, from its cgroups and its network namespace; a host that
   * cannot be sampled, or whose memory or disk figures cannot be, goes into {@code notSampled} with the reason.
   */
  public List<HostSource> monitored(Map<String, String> notSampled) {
    List<HostSource> sources = new ArrayList<>();
    for (int i = 0; i < net.hosts().size(); i++) {
      String host = net.hosts().get(i);
      HostCgroup cgroup = cgroups.get(i);
      try {
        // any daemon of the host: its /proc/PID/net/dev is the host's namespace's
        long inNamespace = daemons.stream().filter(d -> d.host().equals(host)).findFirst().orElseThrow().handle().pid();
        CgroupHost source = cgroup.monitored(host, inNamespace);
        sources.add(source);
        if (!source.unread().isEmpty()) {
          notSampled.put(host, source.unread());
        }
      } catch (IOException e) {
        notSampled.put(host, e.getMessage());
      }
    }
    return sources;
  }

  /**
   * One line: the hosts, their link, what each runs and how a client on the hosts' network runs
   * (the hosts' names resolve there).
   */
  public String describe() {
    int workers = net.hosts().size() - 1;
    return storage.describe(workers) + ", each a network namespace on one bridge and groups in " + hierarchy + ", link "
        + (net.link() == null ? "unshaped" : net.link()) + "; daemons' logs under " + sites.hostDir(MASTER).getParent()
        + "; a client on the master: ip netns exec " + net.namespace(MASTER) + " COMMAND";
  }

  /**
   * Starts a real sshd on every worker ({@code storage start --sshd}), as a user's cluster has;
   * returns ssh's options that reach them as root.
   */
  public synchronized List<String> startSshd() throws IOException {
    List<String> workers = net.hosts().subList(1, net.hosts().size());
    sshd = HostSshd.start(net, workers, cgroups.subList(1, cgroups.size()), sites.hostDir(MASTER).resolveSibling("ssh"),
        storage.commandDirectories());
    return sshd.options();
  }

  @Override
  public void close() throws IOException {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // already shutting down: the hook does it, and this returns once it is done (it is synchronized)
    }
    stop();
  }

  /** Stops the daemons, workers first, kills what is left in each host, and removes the hosts. */
  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    if (sshd != null) {
      sshd.close();
    }
    for (int i = daemons.size() - 1; i >= 0; i--) {
      daemons.get(i).close();
    }
    storage.close();
    List<String> failed = new ArrayList<>();
    for (HostCgroup c : cgroups) {
      try {
        c.remove();
      } catch (IOException e) {
        failed.add(e.getMessage());
      }
    }
    try {
      net.close();
    } catch (IOException e) {
      failed.add(e.getMessage());
    }
    if (!failed.isEmpty()) {
      System.err.println("hibench: the hosts' " + String.join("; ", failed));
    }
  }
}

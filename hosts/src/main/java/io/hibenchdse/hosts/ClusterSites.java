package io.hibenchdse.hosts;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.SiteSettings;
import io.hibenchdse.spark.SparkOnYarn;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.mapred.ShuffleHandler;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The cluster's configuration, as a real cluster's {@code core-site.xml}, {@code hdfs-site.xml},
 * {@code yarn-site.xml} and {@code mapred-site.xml} hold it: the master's daemons at its address,
 * each worker's DataNode and NodeManager under the worker's host name (so the blocks' hosts are
 * the nodes YARN places tasks on), YARN sized for this machine, and every host's directories its own.
 */
public final class ClusterSites {
  static final int NAMENODE_PORT = 8020;
  /** What a map's, a reduce's and an application master's container may use, and the heap within it. */
  static final int CONTAINER_MB = 1024;
  static final String CONTAINER_HEAP = "-Xmx768m";
  /** The share of a NodeManager's memory application masters may hold, so two jobs' masters do not starve their tasks. */
  static final float AM_SHARE = 0.5f;
  /** YARN's allocation step: every container's memory is a multiple of it. */
  static final int MIN_ALLOCATION_MB = 256;
  /** The hierarchy the hosts' groups are in, as records carry it: {@code cgroup v2 at /sys/fs/cgroup/unified}. */
  static final String CGROUP = HibenchConfigKeys.CLUSTER_PREFIX + "cgroup";

  private final Path dir;
  private final HostNetwork net;
  private final CgroupHierarchy hierarchy;
  private final String master;
  private final List<String> workers;
  private final int replication;
  private final int nodeMemoryMb;
  private Map<String, String> storage = Map.of();

  ClusterSites(Path dir, HostNetwork net, CgroupHierarchy hierarchy, int replication) {
    this.dir = dir;
    this.net = net;
    this.hierarchy = hierarchy;
    this.master = net.hosts().get(0);
    this.workers = net.hosts().subList(1, net.hosts().size());
    this.replication = replication;
    this.nodeMemoryMb = nodeMemoryMb(workers.size());
  }

  /**
   * A NodeManager's memory: half this machine's, shared by the workers, at most 8 GiB each, in
   * whole containers, and room for one master and one task at least.
   */
  static int nodeMemoryMb(int workers) {
    long machineMb = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalMemorySize() >> 20;
    long share = Math.min(8192, machineMb / 2 / workers);
    return (int) Math.max(2L * CONTAINER_MB, share / CONTAINER_MB * CONTAINER_MB);
  }

  /** The directory of {@code host}: its configuration, data, logs and YARN's local space. */
  Path hostDir(String host) {
    return dir.resolve(host);
  }

  Path confDir(String host) {
    return hostDir(host).resolve("conf");
  }

  /** The storage's client settings in place of HDFS's (cfs:// on the workers' Cassandra nodes), for every site and client. */
  void storage(Configuration settings) {
    storage = new TreeMap<>();
    for (Map.Entry<String, String> e : settings) {
      String[] sources = settings.getPropertySources(e.getKey());
      // the storage's own settings, not the defaults every Configuration holds
      if (sources != null && List.of(sources).contains("programmatically")) {
        storage.put(e.getKey(), e.getValue());
      }
    }
  }

  /** What a client of the cluster, and every daemon, is configured with: where the master's services are, and YARN's sizes. */
  Configuration client() {
    Configuration conf = new Configuration(false);
    String address = net.address(master);
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "hdfs://" + address + ":" + NAMENODE_PORT);
    storage.forEach(conf::set);
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, replication);
    conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.YARN_FRAMEWORK_NAME);
    conf.set(YarnConfiguration.RM_HOSTNAME, address);
    conf.set(JHAdminConfig.MR_HISTORY_ADDRESS, address + ":10020");
    conf.set(JHAdminConfig.MR_HISTORY_WEBAPP_ADDRESS, address + ":19888");
    // the containers' class path: the host's configuration, then the jars this launcher runs with
    conf.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, "$HADOOP_CONF_DIR," + System.getProperty("java.class.path")
        .replace(java.io.File.pathSeparatorChar, ','));
    String jvm = String.join(" ", ChildJvm.options());
    for (String[] memory : new String[][] {{MRJobConfig.MAP_MEMORY_MB, MRJobConfig.MAP_JAVA_OPTS},
        {MRJobConfig.REDUCE_MEMORY_MB, MRJobConfig.REDUCE_JAVA_OPTS}, {MRJobConfig.MR_AM_VMEM_MB, MRJobConfig.MR_AM_COMMAND_OPTS}}) {
      conf.setInt(memory[0], CONTAINER_MB);
      conf.set(memory[1], CONTAINER_HEAP + " " + jvm);
    }
    conf.setInt(YarnConfiguration.NM_PMEM_MB, nodeMemoryMb);
    conf.setFloat(MAXIMUM_AM_SHARE, AM_SHARE);
    // A job's master stops trying a dead host's NodeManager (to stop a container there) after 20 s
    // rather than 3 minutes: a task killed there runs again elsewhere only after that. The client's
    // setting, as the master reads it from the job's configuration, which holds the client's.
    conf.setInt(YarnConfiguration.CLIENT_NM_CONNECT_MAX_WAIT_MS, 20_000);
    conf.setInt(YarnConfiguration.CLIENT_NM_CONNECT_RETRY_INTERVAL_MS, 2_000);
    // With as many DataNodes as copies, a writer that loses one has none to put in its place and by
    // HDFS's default fails the file; the job's master then loses its history file with a host, and
    // the job's client never learns the job's end. Writing on with the copies left is HDFS's advice
    // for clusters this small; the NameNode copies the block again once it declares the host dead.
    conf.setBoolean(HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.BEST_EFFORT_KEY, true);
    conf.setInt(HibenchConfigKeys.NODES, workers.size());
    conf.setInt(HibenchConfigKeys.CLUSTER_HOSTS, workers.size());
    conf.set(HibenchConfigKeys.CLUSTER_LINK, net.link() == null ? "unshaped" : net.link().toString());
    conf.set(CGROUP, hierarchy.toString());
    // the hosts' containers see this machine's files, so Hive's tasks and Spark's executors find their jars here
    conf.setBoolean(HibenchConfigKeys.CONTAINERS_ON_THIS_MACHINE, true);
    SiteSettings.all().forEach(conf::set);
    return conf;
  }

  /**
   * Spark's settings on these hosts: YARN, and an executor on every worker with the worker's cores
   * (their scheduler counts memory alone, so the application master's core takes none of them) and
   * its NodeManager's memory.
   */
  Map<String, String> spark() {
    return new SparkOnYarn(workers.size(), Runtime.getRuntime().availableProcessors(), nodeMemoryMb,
        YarnConfiguration.DEFAULT_RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, MIN_ALLOCATION_MB).settings();
  }

  /** The capacity scheduler's key for {@link #AM_SHARE}. */
  static final String MAXIMUM_AM_SHARE = "yarn.scheduler.capacity.maximum-am-resource-percent";

  /** Writes the configuration directory of {@code host}, as that host's daemons read it. */
  Path write(String host) throws IOException {
    Path home = hostDir(host);
    Configuration site = client();
    site.set("hadoop.tmp.dir", home.resolve("tmp").toString());
    site.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, home.resolve("name").toUri().toString());
    site.set(DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY, home.resolve("data").toUri().toString());
    site.set(DFSConfigKeys.DFS_DATANODE_HOST_NAME_KEY, host);
    site.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, net.address(master) + ":9870");
    site.setBoolean(DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY, false);
    site.setInt(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, 0);
    // a killed worker's DataNode is declared dead in 50 s rather than 10.5 minutes, so its blocks are copied again during a job
    site.setInt(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, 10_000);
    // yarn-default.xml names it; YarnConfiguration has no constant for it
    site.set(YarnConfiguration.NM_PREFIX + "hostname", host);
    site.set(YarnConfiguration.NM_LOCAL_DIRS, home.resolve("nm-local").toString());
    site.set(YarnConfiguration.NM_LOG_DIRS, home.resolve("logs/containers").toString());
    site.set(YarnConfiguration.NM_AUX_SERVICES, ShuffleHandler.MAPREDUCE_SHUFFLE_SERVICEID);
    site.set(YarnConfiguration.NM_AUX_SERVICES + "." + ShuffleHandler.MAPREDUCE_SHUFFLE_SERVICEID + ".class",
        ShuffleHandler.class.getName());
    site.setInt(YarnConfiguration.NM_VCORES, Runtime.getRuntime().availableProcessors());
    // the JDK reserves far more address space than it uses; the physical-memory check stays
    site.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    site.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100f);
    site.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, MIN_ALLOCATION_MB);
    // and YARN declares a host's NodeManager lost in 20 s rather than 10 minutes, so its tasks run again elsewhere
    site.setInt(YarnConfiguration.RM_NM_EXPIRY_INTERVAL_MS, 20_000);
    Path conf = confDir(host);
    writeSites(site, conf);
    Map<String, String> scheduler = new TreeMap<>(Map.of("yarn.scheduler.capacity.root.queues", "default",
        "yarn.scheduler.capacity.root.default.capacity", "100", "yarn.scheduler.capacity.root.default.maximum-capacity", "100",
        MAXIMUM_AM_SHARE, Float.toString(AM_SHARE)));
    writeXml(scheduler, conf.resolve("capacity-scheduler.xml"));
    return conf;
  }

  /**
   * Writes {@code conf} as a Hadoop configuration directory: each key in the site file of its
   * component ({@code dfs.} in hdfs-site.xml, {@code yarn.} in yarn-site.xml, {@code mapreduce.}
   * in mapred-site.xml, the rest in core-site.xml), and the console logging the daemons and the
   * stock {@code hadoop} command expect there.
   */
  static void writeSites(Configuration conf, Path dir) throws IOException {
    Files.createDirectories(dir);
    Map<String, Map<String, String>> sites = new TreeMap<>();
    for (String site : List.of("core", "hdfs", "yarn", "mapred")) {
      sites.put(site, new TreeMap<>());
    }
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      String site = key.startsWith("dfs.") ? "hdfs" : key.startsWith("yarn.app.mapreduce.") || key.startsWith("mapreduce.")
          ? "mapred" : key.startsWith("yarn.") ? "yarn" : "core";
      sites.get(site).put(key, e.getValue());
    }
    for (Map.Entry<String, Map<String, String>> site : sites.entrySet()) {
      writeXml(site.getValue(), dir.resolve(site.getKey() + "-site.xml"));
    }
    writeLog4j(dir);
  }

  /**
   * Writes {@code log4j.properties} into the configuration directory {@code dir}: the stock hadoop
   * command's console logging, without the Cassandra driver's notices at every cfs:// client's start.
   */
  public static void writeLog4j(Path dir) throws IOException {
    try (InputStream in = ClusterSites.class.getResourceAsStream("conf-log4j.properties")) {
      Files.copy(in, dir.resolve("log4j.properties"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void writeXml(Map<String, String> settings, Path file) throws IOException {
    Configuration site = new Configuration(false);
    settings.forEach((k, v) -> site.set(k, v, "bin/hibench --hosts"));
    try (OutputStream o = Files.newOutputStream(file)) {
      site.writeXml(o);
    }
  }
}

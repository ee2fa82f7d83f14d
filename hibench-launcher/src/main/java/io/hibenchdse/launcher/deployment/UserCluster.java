package io.hibenchdse.launcher.deployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.cfs.CassandraFileSystem;
import io.hibenchdse.launcher.storage.PageCache;
import io.hibenchdse.monitor.HostSource;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.SshHost;
import io.hibenchdse.monitor.WatchedProcess;
import io.hibenchdse.spark.SparkOnYarn;
import io.hibenchdse.spark.SparkProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * The user's own cluster, running already, as its Hadoop client configuration directory describes
 * it: the default file system holds the data (or, with {@code --cfs-uri}, a Cassandra cluster's
 * cfs://, named in full in the jobs' paths, the adapter's jar going with every job) and the jobs go
 * to its YARN, submitted through this launcher's own Hadoop client as {@code hadoop jar} would. Nothing is started or stopped; it is
 * checked before any step (the files there, the file system and the ResourceManager answering, HDFS
 * out of safe mode), and every record says which cluster it measured.
 */
public final class UserCluster implements Deployment.Running {
  /** The site files a client directory must hold: the file system, YARN, and MapReduce on YARN. */
  static final List<String> REQUIRED = List.of("core-site.xml", "yarn-site.xml", "mapred-site.xml");

  /** The checks' own patience: a user's retry settings (15 minutes for YARN by default) are for jobs, not for a first answer. */
  private static final int CHECK_WAIT_MS = 10_000;

  private final Path confDir;
  private final Configuration conf;
  private final ClusterData data;
  /** {@link #conf} with clients that give up within seconds: for the checks, before the run and while a step runs. */
  private final Configuration check;
  private final ResourceManagers resourceManagers;
  private final List<String> workers;
  private final String hadoopVersion;
  /** The Java its NodeManagers run, by their own JMX servlets. */
  private final NodeManagersJava nodeManagersJava;
  private final ServingAddress serving;
  /** The client of {@code --serving}'s HBase, connected when the cluster was checked; null on Cassandra or without a store. */
  private final ClusterHBaseServing hbase;
  /** The serving store's hosts: its Cassandra nodes, or its region servers; none without a store. */
  private final List<String> servingHosts;
  private final SubmitCommand submit;
  private final SubmitCommand sparkSubmit;
  private final List<String> monitorHosts;
  /** Spark on its YARN: an executor on each running NodeManager, the smallest one's size. */
  private final SparkOnYarn spark;
  /** The run's name, under which Spark's jars go to the cluster. */
  private final String run;
  /** Spark's jars on the cluster, copied when the run's Spark settings are first asked for (before its first step); null before. */
  private SparkJarsOnCluster sparkJars;

  private UserCluster(Path confDir, Configuration conf, ClusterData data, Configuration check, Yarn yarn, String hadoopVersion,
      NodeManagersJava nodeManagersJava, ServingAddress serving,
      List<String> servingHosts, ClusterHBaseServing hbase, SubmitCommand submit, SubmitCommand sparkSubmit, List<String> monitorHosts,
      String run) {
    this.sparkSubmit = sparkSubmit;
    this.hbase = hbase;
    this.confDir = confDir;
    this.submit = submit;
    this.monitorHosts = monitorHosts;
    this.serving = serving;
    this.servingHosts = servingHosts;
    this.conf = conf;
    this.data = data;
    this.check = check;
    this.resourceManagers = ResourceManagers.of(conf);
    this.workers = yarn.nodes().stream().map(n -> n.getNodeId().getHost()).sorted().toList();
    this.hadoopVersion = hadoopVersion;
    this.nodeManagersJava = nodeManagersJava;
    this.run = run;
    // a core of the smallest node left for Spark's application master, which a scheduler that
    // counts cores would otherwise never fit beside the executor on its node
    int cores = Math.min(yarn.largest().getVirtualCores(),
        yarn.nodes().stream().mapToInt(n -> n.getCapability().getVirtualCores()).min().orElseThrow() - 1);
    this.spark = new SparkOnYarn(yarn.nodes().size(), Math.max(1, cores),
        yarn.nodes().stream().mapToLong(n -> n.getCapability().getMemorySize()).min().orElseThrow(), yarn.largest().getMemorySize(),
        conf.getInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, YarnConfiguration.DEFAULT_RM_SCHEDULER_MINIMUM_ALLOCATION_MB));
  }

  /** What the ResourceManager said of its YARN: the running NodeManagers and the largest container it gives. */
  private record Yarn(List<NodeReport> nodes, Resource largest) {}

  /**
   * The client configuration in {@code confDir}, its files checked: a UsageException says in one
   * line what is missing.
   */
  static Configuration siteConf(Path confDir) {
    if (!Files.isDirectory(confDir)) {
      throw new UsageException("--cluster " + confDir + " is not a directory");
    }
    for (String site : REQUIRED) {
      if (!Files.isRegularFile(confDir.resolve(site))) {
        throw new UsageException("--cluster " + confDir + " has no " + site + ": give a Hadoop client configuration directory"
            + " (core-site.xml, hdfs-site.xml, yarn-site.xml, mapred-site.xml)");
      }
    }
    // Read as a stock client reads its HADOOP_CONF_DIR, each component's defaults before its site
    // file, so the launcher's client, --submit's and Hive's and Spark's JVMs see one cluster: a key
    // in the wrong file (mapreduce.framework.name in core-site.xml) is overridden for them all alike.
    Configuration conf = new Configuration(false);
    for (String component : List.of("core", "hdfs", "mapred", "yarn")) {
      conf.addResource(component + "-default.xml");
      Path site = confDir.resolve(component + "-site.xml");
      if (Files.isRegularFile(site)) {
        conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
      }
    }
    String framework = conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    if (!framework.equals(MRConfig.YARN_FRAMEWORK_NAME)) {
      Configuration core = new Configuration(false);
      core.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("core-site.xml").toUri()));
      throw new UsageException("--cluster " + confDir + ": " + MRConfig.FRAMEWORK_NAME + " is " + framework + ", not "
          + MRConfig.YARN_FRAMEWORK_NAME + ": the suite's jobs go to the cluster's YARN"
          + (MRConfig.YARN_FRAMEWORK_NAME.equals(core.get(MRConfig.FRAMEWORK_NAME)) ? " (core-site.xml names yarn, which a Hadoop"
              + " client's mapred-default.xml overrides: set it in mapred-site.xml)" : ""));
    }
    return conf;
  }

  /**
   * The cluster {@code confDir} describes, the jobs' data on its default file system or, with
   * {@code target} cfs, on {@code cfsUri} (null: the default file system, which must be cfs://),
   * YCSB's phases on the store at {@code serving} (null: none;
   * on Cassandra in a keyspace of {@code replication} copies), checked: a UsageException says in one line what is missing or
   * does not answer. {@code run} names what the run leaves on the cluster until it ends.
   */
  public static UserCluster connect(Path confDir, Target target, URI cfsUri, ServingAddress serving, int replication,
      SubmitCommand submit, SubmitCommand sparkSubmit, List<String> monitorHosts, String run) throws IOException {
    Configuration conf = siteConf(confDir);
    Configuration check = new Configuration(conf);
    // one connection a try: YARN's proxy retries on its own for the window, and the two would multiply
    check.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
    check.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
    check.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, CHECK_WAIT_MS);
    check.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 1000);
    checkFileSystem(check, FileSystem.getDefaultUri(check));
    if (cfsUri != null) {
      checkFileSystem(check, cfsUri);
    } else if (target == Target.cfs && !CassandraFileSystem.SCHEME.equals(FileSystem.getDefaultUri(check).getScheme())) {
      throw new UsageException("--target cfs: the cluster's default file system is " + FileSystem.getDefaultUri(check)
          + ": give --cfs-uri cfs://HOST:9042/, a Cassandra cluster's cfs://");
    }
    Yarn yarn = yarn(check);
    List<String> servingHosts = List.of();
    ClusterHBaseServing hbase = null;
    if (serving instanceof CassandraAddress cassandra) {
      ClusterCassandraServing.check(cassandra, replication);
      servingHosts = cassandra.hosts();
    } else if (serving instanceof HBaseSite site) {
      hbase = ClusterHBaseServing.checked(site);
      servingHosts = hbase.hosts();
    }
    NodeManagersJava java = NodeManagersJava.ask(yarn.nodes().stream().map(NodeReport::getHttpAddress).toList(),
        WebAppUtils.getHttpSchemePrefix(conf), CHECK_WAIT_MS);
    return new UserCluster(confDir, conf, ClusterData.of(FileSystem.getDefaultUri(conf), cfsUri), check, yarn, hadoopVersion(conf), java, serving, servingHosts, hbase, submit,
        sparkSubmit, monitorHosts, run);
  }

  private static void checkFileSystem(Configuration check, URI uri) throws IOException {
    try (FileSystem fs = FileSystem.newInstance(uri, check)) {
      fs.getFileStatus(new org.apache.hadoop.fs.Path("/"));
      if (fs instanceof DistributedFileSystem dfs && dfs.isInSafeMode()) {
        throw new UsageException("--cluster: HDFS at " + uri + " is in safe mode: wait for it to leave (hdfs dfsadmin -safemode wait)");
      }
    } catch (IOException e) {
      throw new UsageException("--cluster: the file system " + uri + " does not answer: " + firstLine(e));
    }
  }

  /** The running NodeManagers, by the ResourceManager's node list, and the largest container it gives (a new application's answer). */
  private static Yarn yarn(Configuration check) throws IOException {
    ResourceManagers rm = ResourceManagers.of(check);
    List<NodeReport> nodes;
    Resource largest;
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(check);
      yarn.start();
      nodes = yarn.getNodeReports(NodeState.RUNNING);
      largest = yarn.createApplication().getNewApplicationResponse().getMaximumResourceCapability();
    } catch (IOException | org.apache.hadoop.yarn.exceptions.YarnException | RuntimeException e) {
      throw new UsageException("--cluster: the ResourceManager at " + rm + " does not answer: " + firstLine(e));
    }
    if (nodes.isEmpty()) {
      throw new UsageException("--cluster: the ResourceManager at " + rm + " has no running NodeManager");
    }
    return new Yarn(nodes, largest);
  }

  /**
   * The cluster's Hadoop version as a ResourceManager reports it (YARN's cluster info; with HA the
   * first that answers), or why it is not known.
   */
  private static String hadoopVersion(Configuration conf) {
    List<String> unknown = new ArrayList<>();
    for (String webApp : ResourceManagers.of(conf).webApps()) {
      String url = webApp + "/ws/v1/cluster/info";
      try {
        // wrapped in clusterInfo as Hadoop's docs show it; 3.4.2's RM answers with the bare object
        JsonNode root = json(url, CHECK_WAIT_MS);
        JsonNode version = (root.has("clusterInfo") ? root.get("clusterInfo") : root).get("hadoopVersion");
        if (version != null) {
          return version.asText();
        }
        unknown.add(url + " has no hadoopVersion");
      } catch (IOException | RuntimeException e) {
        unknown.add(url + ": " + firstLine(e));
      }
    }
    return "unknown (" + String.join("; ", unknown) + ")";
  }

  /** What a daemon's web service at {@code url} answers, as JSON, waiting at most {@code timeoutMs} to connect and to read. */
  static JsonNode json(String url, int timeoutMs) throws IOException {
    java.net.HttpURLConnection c = (java.net.HttpURLConnection) URI.create(url).toURL().openConnection();
    c.setConnectTimeout(timeoutMs);
    c.setReadTimeout(timeoutMs);
    c.setRequestProperty("Accept", "application/json");
    // else a 404 is a FileNotFoundException that says no more than the URL
    if (c.getResponseCode() != java.net.HttpURLConnection.HTTP_OK) {
      throw new IOException("HTTP " + c.getResponseCode() + (c.getResponseMessage() == null ? "" : " " + c.getResponseMessage()));
    }
    try (var in = c.getInputStream()) {
      return new ObjectMapper().readTree(in);
    }
  }

  /** The first line of what {@code e} says, for a one-line refusal. */
  static String firstLine(Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.lines().findFirst().orElse(m);
  }

  /** The ResourceManager's address, as the client configuration names it; with HA, each one's, joined by "or". */
  public String resourceManager() {
    return resourceManagers.toString();
  }

  /** The hosts of the NodeManagers that were running when the run started. */
  public List<String> workers() {
    return workers;
  }

  @Override
  public Configuration conf() {
    Configuration c = new Configuration(conf);
    c.setInt(HibenchConfigKeys.CLUSTER_HOSTS, workers.size());
    c.set(HibenchConfigKeys.CLUSTER_RESOURCE_MANAGER, resourceManager());
    c.set(HibenchConfigKeys.CLUSTER_HADOOP_VERSION, hadoopVersion);
    c.set(HibenchConfigKeys.CLUSTER_NODEMANAGER_JAVA, nodeManagersJava.describe());
    // Hive's and Spark's jobs go through the launcher's clients whatever --submit says: a submitted step sets its own
    c.set(HibenchConfigKeys.CLUSTER_SUBMIT, HibenchConfigKeys.SUBMITTED_BY_LAUNCHER);
    List<Path> jars = jobJars();
    if (!jars.isEmpty()) {
      c.set(HibenchConfigKeys.LIBJARS, String.join(",", jars.stream().map(j -> j.toUri().toString()).toList()));
    }
    return c;
  }

  /** With {@code --cfs-uri}, the adapter's jar, which every job takes with it (as {@code -libjars} gives it): the cluster has none. */
  @Override
  public List<Path> jobJars() {
    return data.jobJars();
  }

  /** The ResourceManager and the file system asked every few seconds while the step runs. */
  @Override
  public ClusterWatch watch(Runnable stop) throws IOException {
    return ClusterWatch.start(check, resourceManager(), stop);
  }

  /**
   * Spark on the cluster's YARN, the driver here in client mode, an executor on every NodeManager,
   * from Spark's jars copied to the cluster for the run (its Hadoop with them, not the NodeManagers').
   */
  @Override
  public synchronized Map<String, String> sparkSettings(PrintStream out) throws IOException {
    Map<String, String> settings = new TreeMap<>(spark.settings());
    nodeManagersJava.tooOldForSpark().ifPresent(old -> {
      throw new UsageException("--cluster: Spark's application master and executors need Java " + NodeManagersJava.SPARK_NEEDS
          + " in YARN's containers, and " + old + " (its /jmx): run the NodeManagers on Java " + NodeManagersJava.SPARK_NEEDS
          + ", or give --spark-submit a spark-submit that sets spark.executorEnv.JAVA_HOME and spark.yarn.appMasterEnv.JAVA_HOME,"
          + " or leave Spark's steps out");
    });
    if (sparkJars == null) {
      sparkJars = SparkJarsOnCluster.copy(conf, run, SparkProcess.classPath(List.of(ClusterJar.cfsAdapter())), out);
    }
    settings.put("spark.yarn.jars", sparkJars.sparkYarnJars());
    settings.put("spark.yarn.populateHadoopClasspath", "false");
    return settings;
  }

  @Override
  public Optional<SubmitCommand> submitCommand() {
    return Optional.ofNullable(submit);
  }

  @Override
  public Optional<SubmitCommand> sparkSubmitCommand() {
    return Optional.ofNullable(sparkSubmit);
  }

  @Override
  public String describe() {
    return "the cluster of " + confDir + ": " + data.describe() + ", jobs on YARN at " + resourceManager() + " ("
        + workers.size() + (workers.size() == 1 ? " NodeManager" : " NodeManagers") + ", Hadoop " + hadoopVersion + ", Java "
        + nodeManagersJava.describe() + "), submitted with " + (submit == null ? HibenchConfigKeys.SUBMITTED_BY_LAUNCHER : submit);
  }

  /** The store of {@code --serving}; without one the plan leaves YCSB's steps out, so this is not asked. */
  @Override
  public ServingCluster.Starter servingCluster() {
    if (serving instanceof CassandraAddress cassandra) {
      return ClusterCassandraServing.at(cassandra);
    }
    if (hbase != null) {
      return () -> hbase;
    }
    throw new IllegalStateException("no serving store on this cluster");
  }

  /**
   * This machine and every worker over ssh ({@code HIBENCH_SSH_OPTS} for keys and ports): the
   * workers {@code --monitor-hosts} or {@code HIBENCH_MONITOR_HOSTS} names, or else the running NodeManagers' hosts.
   */
  @Override
  public List<HostSource> hosts(Map<String, String> notSampled) {
    return Hosts.of(reachedWorkers(), notSampled);
  }

  /**
   * This machine's and, over ssh, every worker's as the monitor reaches them, or for a YCSB phase
   * every host of {@code --serving}'s store (its Cassandra nodes, its region servers).
   */
  @Override
  public String dropPageCache(boolean serving) {
    return serving ? PageCache.dropHereAndOn(servingHosts, "serving node", SshHost.fromEnvironment())
        : PageCache.dropHereAndOn(reachedWorkers(), "worker", SshHost.fromEnvironment());
  }

  /** The workers {@code --monitor-hosts} or {@code HIBENCH_MONITOR_HOSTS} names, or else the running NodeManagers' hosts. */
  private List<String> reachedWorkers() {
    if (monitorHosts != null) {
      return monitorHosts;
    }
    List<String> named = Hosts.fromEnvironment();
    return named.isEmpty() ? workers : named;
  }

  /** The launcher and the JVMs it started: the cluster's own daemons are on its hosts. */
  @Override
  public List<WatchedProcess> processes() {
    return RunProcesses.now();
  }

  @Override
  public void writeClientConf(Path dir) throws IOException {
    Files.createDirectories(dir);
    try (var files = Files.list(confDir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".xml")).toList()) {
        Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** Only the client of its HBase to stop and Spark's jars to remove: the cluster is the user's. */
  @Override
  public synchronized void close() {
    if (sparkJars != null) {
      sparkJars.close();
    }
    if (hbase != null) {
      hbase.close();
    }
  }
}

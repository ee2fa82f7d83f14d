package io.hibenchdse.hbase;

import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.LocalNodes;
import io.hibenchdse.node.NodeProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.master.ServerManager;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * A real HBase 2 for the suite and the tests, its tables under {@code /hbase} on a given HDFS, its
 * ZooKeeper and temporary files under one local directory, in JVMs whose class path never meets the
 * Hadoop jobs' or Cassandra's: on this machine ZooKeeper, a master and {@code regionServers} region
 * servers in one JVM (HBase's standalone mode); on hosts ({@link #startOnHosts}) ZooKeeper and the
 * master in a JVM on the master host and a region server in a JVM on each worker host, as a
 * distributed HBase runs. The {@code hbase-site.xml} it runs with is the one a client needs
 * ({@link #site()}).
 */
public final class LocalHBase implements AutoCloseable {
  static final String READY = "ready";
  /** The file the master's JVM on hosts writes once ZooKeeper and the master run, before any region server joins. */
  static final String STARTED = "started";
  static final String SITE = "hbase-site.xml";
  /** The file in which the HBase JVM answers a command. */
  static final String ANSWER = "answer";
  /** HBase's setting that makes every WAL sync an hsync. */
  public static final String WAL_HSYNC = "hbase.wal.hsync";
  private static final long START_TIMEOUT_MS = 180_000;

  /**
   * What decides what an acknowledged write has reached: the copies HDFS keeps of the WAL and the
   * HFiles ({@code dfs.replication} of HBase's own HDFS client; the default 3 on fewer DataNodes would
   * leave every WAL under-replicated and rolling), and whether a WAL sync is an {@code hsync}, to the
   * DataNodes' disks, rather than an {@code hflush}, to their memory ({@code hbase.wal.hsync}).
   */
  public record Settings(int replication, boolean walHsync) {
    /** HBase's default WAL sync (hflush) at {@code replication} copies. */
    public static Settings of(int replication) {
      return new Settings(replication, false);
    }

    public Settings withWalHsync(boolean hsync) {
      return new Settings(replication, hsync);
    }

    /** One line for a report: the WAL's sync and copies. */
    public String description() {
      return "WAL " + (walHsync ? "hsync (on the DataNodes' disks)" : "hflush (in the DataNodes' memory)") + " to " + replication
          + (replication == 1 ? " copy" : " copies");
    }
  }

  /**
   * Where a distributed HBase's JVMs run: the master host's name (ZooKeeper's quorum), the words that
   * run a command there, and those that run one on each worker host, a region server each.
   */
  public record Hosts(String master, List<String> onMaster, List<List<String>> onWorkers) {}

  private final Path dir;
  private final int regionServers;
  private final int zookeeperPort;
  private final Settings settings;
  private final Hosts hosts;
  private Process process;
  private final List<Process> workerProcesses = new ArrayList<>();

  private LocalHBase(Path dir, int regionServers, int zookeeperPort, Settings settings, Hosts hosts) {
    this.dir = dir;
    this.regionServers = regionServers;
    this.zookeeperPort = zookeeperPort;
    this.settings = settings;
    this.hosts = hosts;
  }

  /**
   * Starts a fresh HBase whose root directory is {@code /hbase} on {@code fileSystem} (an HDFS's
   * URI) and whose local files live under {@code dir} (emptied first).
   */
  public static LocalHBase start(Path dir, URI fileSystem, int regionServers, Settings settings) throws IOException {
    LocalNodes.checked(regionServers, "a local HBase's region server count");
    return start(dir, fileSystem, regionServers, settings, null);
  }

  /**
   * Starts a fresh distributed HBase on {@code hosts}, a region server on each worker, its root
   * directory {@code /hbase} on {@code fileSystem}, its local files under {@code dir} (emptied first).
   */
  public static LocalHBase startOnHosts(Path dir, URI fileSystem, Hosts hosts, Settings settings) throws IOException {
    return start(dir, fileSystem, hosts.onWorkers().size(), settings, hosts);
  }

  private static LocalHBase start(Path dir, URI fileSystem, int regionServers, Settings settings, Hosts hosts) throws IOException {
    dir = dir.toAbsolutePath();
    NodeProcess.deleteTree(dir);
    Files.createDirectories(dir);
    LocalHBase hbase = new LocalHBase(dir, regionServers, freePort(), settings, hosts);
    Map<String, String> site = new LinkedHashMap<>();
    site.put("hbase.rootdir", fileSystem.resolve("/hbase").toString());
    site.put("hbase.cluster.distributed", Boolean.toString(hosts != null));
    site.put(HConstants.ZOOKEEPER_QUORUM, hbase.quorum());
    site.put(HConstants.ZOOKEEPER_CLIENT_PORT, Integer.toString(hbase.zookeeperPort));
    site.put("hbase.tmp.dir", dir.resolve("tmp").toString());
    // no web UIs on this machine, and ports of the system's choosing, so runs and tests never
    // collide; on hosts the info servers a real cluster has, each in its host's network, where a
    // client reads the region servers' own settings (ClusterHBase)
    if (hosts == null) {
      site.put("hbase.master.info.port", "-1");
      site.put("hbase.regionserver.info.port", "-1");
    }
    site.put("hbase.master.port", "0");
    site.put("hbase.regionserver.port", "0");
    // HDFS has hflush and hsync: HBase's WAL may rely on them (it checks)
    site.put("hbase.unsafe.stream.capability.enforce", "true");
    // the master goes on once every region server it was started with has checked in, rather than
    // waiting out its 4.5 s window for more that a cluster of known size never brings
    site.put(ServerManager.WAIT_ON_REGIONSERVERS_MAXTOSTART, Integer.toString(regionServers));
    site.put(DFSConfigKeys.DFS_REPLICATION_KEY, Integer.toString(settings.replication()));
    site.put(WAL_HSYNC, Boolean.toString(settings.walHsync()));
    writeSite(dir, site);
    if (hosts != null) {
      for (int i = 1; i <= regionServers; i++) {
        // a region server's temporary files in a directory of its own
        Path own = hbase.regionServerDir(i);
        Files.createDirectories(own);
        site.put("hbase.tmp.dir", own.resolve("tmp").toString());
        writeSite(own, site);
      }
    }
    try {
      hbase.launch();
    } catch (IOException | RuntimeException e) {
      hbase.kill();
      throw e;
    }
    return hbase;
  }

  /** The {@code hbase-site.xml} a client connects with (the ZooKeeper quorum and port, the root directory). */
  public Path site() {
    return dir.resolve(SITE);
  }

  /** The ZooKeeper quorum clients ask, as {@code hbase.zookeeper.quorum} names it: this machine, or the master host. */
  public String quorum() {
    return hosts == null ? LOOPBACK : hosts.master();
  }

  private static final String LOOPBACK = "127.0.0.1";

  public int zookeeperPort() {
    return zookeeperPort;
  }

  /** Where its servers run, in words: one JVM here, or the master's host and a region server on each worker. */
  public String layout() {
    return hosts == null ? regionServers + " region server(s) with ZooKeeper and the master in one JVM"
        : "a region server on each of " + regionServers + " worker hosts, ZooKeeper and the master on " + hosts.master();
  }

  public int regionServers() {
    return regionServers;
  }

  public Settings settings() {
    return settings;
  }

  /**
   * Flushes every table and waits until none compacts, as a measured phase should begin: with
   * nothing of the one before it still running into it. Returns the wait in milliseconds.
   */
  public synchronized long settle() throws IOException {
    return Long.parseLong(ask(HBaseNode.SETTLE, "flush and finish compacting"));
  }

  /** Empties {@code table} (truncated, its regions' splits kept), if it exists. */
  public synchronized void empty(String table) throws IOException {
    ask(HBaseNode.EMPTY + " " + table, "empty " + table);
  }

  /**
   * Crashes the first region server (as an abort does: nothing flushed) and starts another in its
   * place; returns once the master has replayed the crashed server's WAL and every region is open
   * again, with the milliseconds that took.
   */
  public synchronized long restartRegionServer() throws IOException {
    return Long.parseLong(ask(HBaseNode.RESTART_REGION_SERVER, "restart a region server"));
  }

  private String ask(String command, String what) throws IOException {
    return ask(process, dir, command, what);
  }

  /** The answer of the HBase JVM {@code process}, whose files are under {@code dir}, to {@code command}; a failed one is an IOException. */
  static String ask(Process process, Path dir, String command, String what) throws IOException {
    Files.deleteIfExists(dir.resolve(ANSWER));
    NodeProcess.tell(process, command);
    String answer = NodeProcess.awaitAnswer(process, dir.resolve(ANSWER), 30 * 60_000, "HBase in " + dir + ", asked to " + what + ",",
        dir.resolve("hbase.out"));
    if (answer.startsWith(HBaseNode.FAILED)) {
      throw new IOException("HBase in " + dir + " could not " + what + ": " + answer.substring(HBaseNode.FAILED.length()));
    }
    return answer;
  }

  /** The HBase JVMs, for what they cost. */
  public List<ProcessHandle> processes() {
    return all().stream().filter(Process::isAlive).map(Process::toHandle).toList();
  }

  /** Kills the HBase JVMs as {@code kill -9} would: no flush, the WAL as far as it was synced. */
  public synchronized void kill() {
    all().forEach(ChildJvm::kill);
    workerProcesses.clear();
  }

  /** Starts the HBase JVM again on the same files, after {@link #kill} or {@link #stop}; it replays its WAL. */
  public synchronized void startAgain() throws IOException {
    if (process != null && process.isAlive()) {
      throw new IllegalStateException("HBase in " + dir + " is running");
    }
    launch();
  }

  /**
   * Stops HBase cleanly (the master first, whose shutdown has its region servers flush and close
   * their WALs), killing a JVM that takes over two minutes.
   */
  public synchronized void stop() {
    all().forEach(p -> ChildJvm.stop(p, 120));
    workerProcesses.clear();
  }

  private List<Process> all() {
    List<Process> all = new ArrayList<>();
    if (process != null) {
      all.add(process);
    }
    all.addAll(workerProcesses);
    return all;
  }

  @Override
  public void close() {
    stop();
  }

  /**
   * The class path an HBase client (a YCSB JVM's binding) runs with: HBase's and the build's Hadoop
   * jars, without their slf4j binding, so the client's own logging stays the one that speaks.
   */
  public static List<String> clientClassPath() {
    return classPathEntries().stream().filter(e -> !Path.of(e).getFileName().toString().matches("slf4j-(reload4j|log4j12)-.*")).toList();
  }

  /** HBase's version, as the class path names it. */
  public static String version() {
    return classPathEntries().stream().map(p -> Path.of(p).getFileName().toString())
        .filter(n -> n.startsWith("hbase-server-")).map(n -> n.substring("hbase-server-".length(), n.length() - ".jar".length()))
        .findFirst().orElse("?");
  }

  private static void writeSite(Path dir, Map<String, String> settings) throws IOException {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    settings.forEach((k, v) -> xml.append("  <property><name>").append(escape(k)).append("</name><value>").append(escape(v))
        .append("</value></property>\n"));
    Files.writeString(dir.resolve(SITE), xml.append("</configuration>\n"));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /**
   * Starts the JVMs and waits until the master serves and sees every region server: on hosts the
   * master's first (ZooKeeper with it), then a region server's on each worker.
   */
  private void launch() throws IOException {
    // ZooKeeper holds only what HBase rebuilds from its root directory; a killed JVM's leftovers
    // (its master's node, alive until a 90 s session expires) would keep the new master waiting
    NodeProcess.deleteTree(dir.resolve("zookeeper"));
    if (hosts == null) {
      process = NodeProcess.launch(command(List.of(), dir, HBaseNode.STANDALONE), dir.resolve(READY), dir.resolve("hbase.out"),
          START_TIMEOUT_MS, "HBase in " + dir);
      return;
    }
    process = NodeProcess.launch(command(hosts.onMaster(), dir, HBaseNode.MASTER), dir.resolve(STARTED), dir.resolve("hbase.out"),
        START_TIMEOUT_MS, "HBase's master on " + hosts.master());
    for (int i = 1; i <= regionServers; i++) {
      Path own = regionServerDir(i);
      workerProcesses.add(NodeProcess.launch(command(hosts.onWorkers().get(i - 1), own, HBaseNode.REGION_SERVER), own.resolve(READY),
          own.resolve("hbase.out"), START_TIMEOUT_MS, "HBase's region server " + i));
    }
    NodeProcess.awaitAnswer(process, dir.resolve(READY), START_TIMEOUT_MS, "HBase's master on " + hosts.master()
        + ", waiting for " + regionServers + " region server(s),", dir.resolve("hbase.out"));
  }

  private Path regionServerDir(int i) {
    return dir.resolve("regionserver" + i);
  }

  /** The command that runs {@code role} of HBase with its files under {@code own}, after {@code onHost}. */
  private List<String> command(List<String> onHost, Path own, String role) {
    return command(onHost, own, List.of(own.toString(), Integer.toString(regionServers), role));
  }

  /** The command that runs an HBase JVM ({@link HBaseNode} with {@code args}) logging under {@code own}, after {@code onHost}. */
  static List<String> command(List<String> onHost, Path own, List<String> args) {
    List<String> cmd = new ArrayList<>(onHost);
    cmd.add(ChildJvm.java());
    cmd.add("-Xmx1g");
    cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
    cmd.addAll(ChildJvm.extraOptions());
    cmd.addAll(ChildJvm.tiedToThisJvm());
    cmd.addAll(ChildJvm.resourceLines(LocalHBase.class, "jvm17-hbase.options"));
    cmd.add("-Dlog4j.configuration=" + LocalHBase.class.getResource("log4j-hbase.properties"));
    cmd.add("-Dhbase.log.dir=" + own);
    cmd.add("-cp");
    cmd.add(String.join(java.io.File.pathSeparator, ChildJvm.moduleClassPath(LocalHBase.class, "node.classpath")));
    cmd.add(HBaseNode.class.getName());
    cmd.addAll(args);
    return cmd;
  }

  private static List<String> classPathEntries() {
    return ChildJvm.listedClassPath(LocalHBase.class, "node.classpath");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
      return s.getLocalPort();
    }
  }
}

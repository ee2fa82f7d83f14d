package io.hibenchdse.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import io.hibenchdse.node.NodeProcess;
import java.util.stream.Stream;

/**
 * A real Cassandra cluster of one or more nodes on loopback addresses 127.0.0.1, 127.0.0.2, ...
 * (Linux routes all of 127/8 to loopback without setup), with free ports and its files under one
 * directory. Each node runs in a child JVM: Cassandra can start only once per JVM and brings its own
 * logging and libraries, none of which should meet Hadoop's class path. Nodes die with their parent
 * (see {@link CassandraNode}), and any one can be killed and started again, as on a real cluster.
 */
public final class LocalCassandra implements AutoCloseable {
  static final String READY = "ready";
  /** The file in a node's directory that answers {@link #settle()}. */
  static final String SETTLED = "settled";
  private static final long SETTLE_TIMEOUT_MS = 30 * 60_000;
  /** The data center SimpleSnitch puts the nodes in; clients name it as their local one. */
  public static final String DATACENTER = "datacenter1";
  /** The file that makes a directory a cluster's: its node count and ports, kept for the next start. */
  private static final String LAYOUT = "cluster.properties";
  private static final long START_TIMEOUT_MS = 180_000;
  /** System property: more JVM options for the nodes (a profiler, GC logging), space-separated. */
  public static final String EXTRA_JVM_OPTIONS = "hibench.cassandra.jvm";
  /** System property: more cassandra.yaml settings for the nodes, ';'-separated lines. */
  public static final String EXTRA_YAML = "hibench.cassandra.yaml";

  /**
   * When a node syncs its commit log to disk, and so whether an acknowledged write is on disk:
   * Cassandra's default {@code periodic} acknowledges at once and syncs every 10 s; {@code group}
   * and {@code batch} acknowledge only after the sync, {@code group} sharing one sync among the writes
   * of a window. Seed 004's point: compare systems at the same setting, not each at its default.
   */
  public enum CommitLog {
    PERIODIC("commitlog_sync: periodic\ncommitlog_sync_period: 10000ms", "commitlog_sync periodic 10000ms"),
    GROUP("commitlog_sync: group\ncommitlog_sync_group_window: 15ms", "commitlog_sync group 15ms"),
    BATCH("commitlog_sync: batch", "commitlog_sync batch");

    private final String yaml;
    private final String description;

    CommitLog(String yaml, String description) {
      this.yaml = yaml;
      this.description = description;
    }

    /** As a run's record and its storage line say it: {@code commitlog_sync group 15ms}. */
    public String description() {
      return description;
    }

    public static CommitLog of(String name) {
      return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }
  }

  /**
   * How the nodes run. {@code quick} trades steady-state speed and durability for a fast start
   * (C1 only, serial GC, no fsync): right for tests, wrong for measurements. Neither uses
   * cassandra.unsafesystem, which loses the schema when a node is killed.
   */
  public record Settings(String heap, boolean quick, CommitLog commitLog, boolean passwords, boolean tls) {
    public static final Settings TESTS = new Settings("384m", true, CommitLog.PERIODIC, false, false);
    public static final Settings BENCHMARK = new Settings("2g", false, CommitLog.PERIODIC, false, false);

    /**
     * These settings with the commit log synced before a write is acknowledged ({@code
     * commitlog_sync: batch}), for tests that kill a node right after writing to it: Cassandra's
     * default (periodic, every 10 s) acknowledges first, and a node killed within the period
     * replays only what the last sync marked, so with one replica the newest writes are gone.
     */
    public Settings crashSafe() {
      return with(CommitLog.BATCH);
    }

    /** These settings with the commit log synced as {@code mode} says. */
    public Settings with(CommitLog mode) {
      return new Settings(heap, quick, mode, passwords, tls);
    }

    /**
     * These settings with clients required to log in ({@code PasswordAuthenticator}), as
     * production clusters do; the node's superuser is {@link LocalCassandra#SUPERUSER}.
     */
    public Settings withPasswords() {
      return new Settings(heap, quick, commitLog, true, tls);
    }

    /**
     * These settings with clients required to speak TLS to the nodes, which present a self-signed
     * certificate for their addresses; clients trust it through {@link LocalCassandra#truststore()}.
     */
    public Settings withTls() {
      return new Settings(heap, quick, commitLog, passwords, true);
    }
  }

  /** The superuser of a node started {@link Settings#withPasswords}, and its password: Cassandra's default. */
  public static final String SUPERUSER = "cassandra";

  /** The password of the key store the nodes present and of the {@link #truststore()} clients use. */
  public static final String TLS_STORE_PASSWORD = "hibench-local";

  private static LocalCassandra shared;

  private final Path dir;
  private final Settings settings;
  private final int nativePort;
  private final int storagePort;
  private final Process[] processes;

  private LocalCassandra(Path dir, Settings settings, int nodes, int nativePort, int storagePort) {
    this.dir = dir;
    this.settings = settings;
    this.nativePort = nativePort;
    this.storagePort = storagePort;
    this.processes = new Process[nodes];
  }

  /** Starts a fresh single node whose files live under {@code dir} (emptied first). */
  public static LocalCassandra start(Path dir, Settings settings) throws IOException {
    return start(dir, settings, 1);
  }

  /** Starts a fresh cluster of {@code nodes} nodes whose files live under {@code dir} (emptied first). */
  public static LocalCassandra start(Path dir, Settings settings, int nodes) throws IOException {
    NodeProcess.deleteTree(dir);
    return open(dir, settings, nodes);
  }

  /**
   * Starts the cluster whose files are under {@code dir}, keeping its data and ports, or a new one
   * if the directory holds none. A directory holding a cluster of another size is refused: nodes
   * cannot be added or removed without moving data.
   */
  public static LocalCassandra open(Path dir, Settings settings, int nodes) throws IOException {
    if (nodes < 1 || nodes > 9) {
      throw new IllegalArgumentException("a local Cassandra cluster has 1 to 9 nodes, not " + nodes);
    }
    dir = dir.toAbsolutePath();
    Path layout = dir.resolve(LAYOUT);
    Properties p = new Properties();
    if (Files.exists(layout)) {
      try (InputStream in = Files.newInputStream(layout)) {
        p.load(in);
      }
      int had = Integer.parseInt(p.getProperty("nodes"));
      if (had != nodes) {
        throw new IllegalArgumentException(dir + " holds a Cassandra cluster of " + had + " node(s), not " + nodes
            + ": start it with " + had + " or use another directory");
      }
    } else {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> entries = Files.list(dir)) {
          if (entries.findAny().isPresent()) {
            throw new IllegalArgumentException(dir + " is not empty and holds no Cassandra cluster: use another directory");
          }
        }
      }
      Files.createDirectories(dir);
      p.setProperty("nodes", Integer.toString(nodes));
      p.setProperty("native_port", Integer.toString(freePort(nodes)));
      p.setProperty("storage_port", Integer.toString(freePort(nodes)));
      try (java.io.OutputStream out = Files.newOutputStream(layout)) {
        p.store(out, "a local Cassandra cluster: the ports its nodes keep across starts");
      }
    }
    LocalCassandra cluster = new LocalCassandra(dir, settings, nodes,
        Integer.parseInt(p.getProperty("native_port")), Integer.parseInt(p.getProperty("storage_port")));
    try {
      for (int i = 0; i < nodes; i++) {
        cluster.writeYaml(i);
      }
      // the seed first: the others learn the ring from it
      for (int i = 0; i < nodes; i++) {
        cluster.launch(i);
      }
    } catch (IOException | RuntimeException e) {
      cluster.stop();
      throw e;
    }
    return cluster;
  }

  /** One node for a whole test JVM, started on first use and stopped when the JVM exits. */
  public static synchronized LocalCassandra shared() throws IOException {
    if (shared == null) {
      Path base = Path.of(System.getProperty("test.build.data", System.getProperty("java.io.tmpdir")));
      shared = start(base.resolve("cassandra-shared"), Settings.TESTS);
      LocalCassandra node = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(node::stop));
    }
    return shared;
  }

  /** The first node's address, the one clients are given. */
  public String host() {
    return host(0);
  }

  /** The address of node {@code i} (from 0). */
  public static String host(int i) {
    return "127.0.0." + (i + 1);
  }

  /** The native (CQL) port, the same on every node. */
  public int port() {
    return nativePort;
  }

  public int nodes() {
    return processes.length;
  }

  /**
   * Whether a node syncs a write's commit log entry to disk before acknowledging it: with
   * {@code commitlog_sync} batch or group (here or in {@link #EXTRA_YAML}), and never when the
   * quick settings skip fsync.
   */
  public boolean syncsBeforeAck() {
    return !settings.quick() && (settings.commitLog() != CommitLog.PERIODIC
        || System.getProperty(EXTRA_YAML, "").matches("(?s).*commitlog_sync:\\s*(batch|group).*"));
  }

  /** What decides the cluster's durability, to print beside any figure measured on it. */
  public String durability() {
    String extra = System.getProperty(EXTRA_YAML, "").trim();
    return "Cassandra " + version() + ", " + nodes() + (nodes() == 1 ? " node" : " nodes")
        + ", " + settings.commitLog().description()
        + (settings.quick() ? ", fsync skipped (cassandra.skip_sync)" : "")
        + (extra.isEmpty() ? "" : ", and " + extra.replace(";", ", "));
  }

  /**
   * Flushes every running node's memtables and waits until none compacts, all nodes at once, as a
   * measured phase should begin: with nothing left over from the one before it running into it.
   * Returns the wait in milliseconds (the slowest node's).
   */
  public synchronized long settle() throws IOException {
    List<Integer> asked = new ArrayList<>();
    for (int i = 0; i < nodes(); i++) {
      if (processes[i] != null && processes[i].isAlive()) {
        Files.deleteIfExists(nodeDir(i).resolve(SETTLED));
        NodeProcess.tell(processes[i], CassandraNode.SETTLE);
        asked.add(i);
      }
    }
    long slowest = 0;
    for (int i : asked) {
      String ms = NodeProcess.awaitAnswer(processes[i], nodeDir(i).resolve(SETTLED), SETTLE_TIMEOUT_MS,
          "the Cassandra node " + host(i) + ", asked to flush and finish compacting,", nodeDir(i).resolve("node.out"));
      if (!ms.matches("\\d+")) {
        throw new IOException("the Cassandra node " + host(i) + " could not flush: " + ms);
      }
      slowest = Math.max(slowest, Long.parseLong(ms));
    }
    return slowest;
  }


  /**
   * Kills every node without warning ({@code crash}) or stops it cleanly, then starts it again on
   * the same files and ports, one node after another.
   */
  public synchronized void restart(boolean crash) throws IOException {
    for (int i = 0; i < nodes(); i++) {
      restart(i, crash);
    }
  }

  /** Kills node {@code i} without warning ({@code crash}) or stops it cleanly, then starts it again. */
  public synchronized void restart(int i, boolean crash) throws IOException {
    if (crash) {
      kill(i);
    } else {
      stop(i);
    }
    launch(i);
  }

  /** Kills node {@code i} as {@code kill -9} would: no drain, no flush. */
  public synchronized void kill(int i) {
    NodeProcess.kill(processes[i]);
  }

  /** Starts node {@code i} again on its files, after {@link #kill} or {@link #stop(int)}. */
  public synchronized void startAgain(int i) throws IOException {
    if (processes[i] != null && processes[i].isAlive()) {
      throw new IllegalStateException("node " + host(i) + " is running");
    }
    launch(i);
  }

  /** Stops every node cleanly (Cassandra drains on exit), killing any that does not end in a minute. */
  public synchronized void stop() {
    for (int i = nodes() - 1; i >= 0; i--) {
      stop(i);
    }
  }

  /** The running nodes' JVMs, for what they cost: CPU time, bytes written to disk. */
  public List<ProcessHandle> processes() {
    List<ProcessHandle> handles = new ArrayList<>();
    for (Process p : processes) {
      if (p != null && p.isAlive()) {
        handles.add(p.toHandle());
      }
    }
    return handles;
  }

  private void stop(int i) {
    NodeProcess.stop(processes[i], 60);
  }

  @Override
  public void close() {
    stop();
  }

  public Settings settings() {
    return settings;
  }

  /** The directory holding the nodes' files. */
  public Path directory() {
    return dir;
  }

  /** The trust store (PKCS12) holding the certificate every node of a TLS cluster presents. */
  public Path truststore() {
    return dir.resolve("tls").resolve("truststore.p12");
  }

  private Path keystore() {
    return dir.resolve("tls").resolve("nodes.p12");
  }

  /** One self-signed certificate for every node's address, and a trust store holding it; kept across starts. */
  private void makeTlsStores() throws IOException {
    if (Files.exists(truststore())) {
      return;
    }
    Files.createDirectories(keystore().getParent());
    StringBuilder san = new StringBuilder("dns:localhost");
    for (int i = 0; i < nodes(); i++) {
      san.append(",ip:").append(host(i));
    }
    Path cert = keystore().resolveSibling("nodes.crt");
    keytool("-genkeypair", "-alias", "node", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
        "-dname", "CN=hibench local Cassandra", "-ext", "SAN=" + san, "-keystore", keystore().toString(),
        "-storetype", "PKCS12", "-storepass", TLS_STORE_PASSWORD);
    keytool("-exportcert", "-alias", "node", "-keystore", keystore().toString(), "-storepass", TLS_STORE_PASSWORD,
        "-file", cert.toString());
    keytool("-importcert", "-noprompt", "-alias", "node", "-file", cert.toString(), "-keystore", truststore().toString(),
        "-storetype", "PKCS12", "-storepass", TLS_STORE_PASSWORD);
  }

  private static void keytool(String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
    try {
      if (p.waitFor() != 0) {
        throw new IOException("keytool " + args[0] + " failed: " + out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running keytool", e);
    }
  }

  private Path nodeDir(int i) {
    return dir.resolve("node" + (i + 1));
  }

  /**
   * Starts node {@code i} and waits until it serves CQL and sees every other running node alive,
   * so a client finds the whole ring from its first contact.
   */
  private void launch(int i) throws IOException {
    Path nodeDir = nodeDir(i);
    Path ready = nodeDir.resolve(READY);
    int expectLive = 1;
    for (int j = 0; j < nodes(); j++) {
      if (j != i && processes[j] != null && processes[j].isAlive()) {
        expectLive++;
      }
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + settings.heap());
    cmd.add("-Xms" + settings.heap());
    cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
    cmd.addAll(NodeProcess.resourceLines(LocalCassandra.class, "jvm17-node.options"));
    if (settings.quick()) {
      cmd.add("-XX:TieredStopAtLevel=1");
      cmd.add("-XX:+UseSerialGC");
      cmd.add("-Dcassandra.skip_sync=true");
    } else {
      // Cassandra 5.0's G1 settings (conf/jvm17-server.options); 16 MiB regions keep megabyte
      // sub-blocks out of G1's humongous allocations.
      cmd.addAll(List.of("-XX:+UseG1GC", "-XX:+ParallelRefProcEnabled", "-XX:MaxTenuringThreshold=1",
          "-XX:G1HeapRegionSize=16m", "-XX:G1RSetUpdatingPauseTimePercent=5", "-XX:MaxGCPauseMillis=300",
          "-XX:InitiatingHeapOccupancyPercent=70"));
    }
    String extra = System.getProperty(EXTRA_JVM_OPTIONS, "").trim();
    if (!extra.isEmpty()) {
      cmd.addAll(List.of(extra.split("\\s+")));
    }
    cmd.add("-Dcassandra.config=" + nodeDir.resolve("cassandra.yaml").toUri());
    cmd.add("-Dcassandra.storagedir=" + nodeDir);
    cmd.add("-Dcassandra.logdir=" + nodeDir);
    cmd.add("-Dlogback.configurationFile=" + LocalCassandra.class.getResource("logback-node.xml"));
    cmd.add("-Dcassandra-foreground=true");
    cmd.add("-Dcassandra.native.epoll.enabled=false");
    cmd.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    cmd.add("-Dcassandra.ring_delay_ms=100");
    cmd.add("-Dcassandra.superuser_setup_delay_ms=0");
    cmd.add("-cp");
    cmd.add(classPath());
    cmd.add(CassandraNode.class.getName());
    cmd.add(nodeDir.toString());
    cmd.add(Integer.toString(expectLive));
    processes[i] = NodeProcess.launch(cmd, ready, nodeDir.resolve("node.out"), START_TIMEOUT_MS,
        "the Cassandra node " + host(i) + " in " + nodeDir);
  }

  private void writeYaml(int i) throws IOException {
    Path dir = nodeDir(i);
    Files.createDirectories(dir);
    if (settings.tls()) {
      makeTlsStores();
    }
    String yaml = String.join("\n",
        "cluster_name: hibench",
        "num_tokens: 1",
        // evenly spread tokens: with RF below the node count, each node owns an equal share
        "initial_token: " + BigInteger.TWO.pow(64).multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(nodes()))
            .subtract(BigInteger.TWO.pow(63)),
        // a new cluster has no data to stream; a restarted node keeps its own
        "auto_bootstrap: false",
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
        "data_file_directories: [" + dir.resolve("data") + "]",
        "commitlog_directory: " + dir.resolve("commitlog"),
        "saved_caches_directory: " + dir.resolve("saved_caches"),
        "hints_directory: " + dir.resolve("hints"),
        "cdc_raw_directory: " + dir.resolve("cdc_raw"),
        settings.commitLog().yaml,
        "seed_provider:",
        "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
        "    parameters:",
        "      - seeds: \"" + host(0) + ":" + storagePort + "\"",
        "listen_address: " + host(i),
        "rpc_address: " + host(i),
        "storage_port: " + storagePort,
        "native_transport_port: " + nativePort,
        "start_native_transport: true",
        "endpoint_snitch: SimpleSnitch",
        "auto_snapshot: false",
        settings.passwords() ? "authenticator: PasswordAuthenticator" : "",
        settings.tls() ? String.join("\n", "client_encryption_options:", "  enabled: true", "  optional: false",
            "  keystore: " + keystore(), "  keystore_password: " + TLS_STORE_PASSWORD, "  store_type: PKCS12") : "",
        // No data cache inside the node, as in an HDFS DataNode: both read through the page cache.
        "file_cache_enabled: false",
        // Tests keep memtables small; a measured node keeps Cassandra's default (a quarter of the heap).
        settings.quick() ? "memtable_heap_space: 64MiB" : "",
        // Sub-blocks are mutations of megabytes: give them the time a loaded disk needs.
        "write_request_timeout: 20000ms",
        "read_request_timeout: 20000ms",
        "range_request_timeout: 20000ms",
        System.getProperty(EXTRA_YAML, "").replace(";", "\n"),
        "");
    Files.writeString(dir.resolve("cassandra.yaml"), yaml);
  }

  /** This module's classes and Cassandra's jars, as Maven resolved them when it built the module. */
  private static String classPath() throws IOException {
    String own;
    try {
      own = Path.of(LocalCassandra.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IOException(e);
    }
    return own + java.io.File.pathSeparator + String.join("", NodeProcess.resourceLines(LocalCassandra.class, "node.classpath"));
  }

  private static String version() {
    return NodeProcess.resourceLines(LocalCassandra.class, "node.classpath").stream().flatMap(l -> Stream.of(l.split(java.io.File.pathSeparator)))
        .map(p -> Path.of(p).getFileName().toString()).filter(n -> n.startsWith("cassandra-all-"))
        .map(n -> n.substring("cassandra-all-".length(), n.length() - ".jar".length()))
        .findFirst().orElse("?");
  }



  /** A port free on the addresses of all {@code nodes} nodes. */
  private static int freePort(int nodes) throws IOException {
    for (int attempt = 0; ; attempt++) {
      int port;
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host(0)))) {
        port = s.getLocalPort();
      }
      if (freeOnAll(port, nodes) || attempt == 20) {
        return port;
      }
    }
  }

  private static boolean freeOnAll(int port, int nodes) {
    for (int i = 1; i < nodes; i++) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName(host(i)))) {
        // free here too
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }



}

package io.hibenchdse.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real single Cassandra node on 127.0.0.1 with free ports and its data under one directory, run
 * in a child JVM: Cassandra can start only once per JVM and brings its own logging and libraries,
 * none of which should meet Hadoop's class path. The node dies with its parent (see
 * {@link CassandraNode}).
 */
public final class LocalCassandra implements AutoCloseable {
  static final String READY = "ready";
  /** The data center SimpleSnitch puts the node in; clients name it as their local one. */
  public static final String DATACENTER = "datacenter1";
  public static final String HOST = "127.0.0.1";
  private static final long START_TIMEOUT_MS = 180_000;
  /** System property: more JVM options for the node (a profiler, GC logging), space-separated. */
  public static final String EXTRA_JVM_OPTIONS = "hibench.cassandra.jvm";
  /** System property: more cassandra.yaml settings for the node, ';'-separated lines. */
  public static final String EXTRA_YAML = "hibench.cassandra.yaml";

  /**
   * How the node runs. {@code quick} trades steady-state speed and durability for a fast start
   * (C1 only, serial GC, no fsync): right for tests, wrong for measurements. Neither uses
   * cassandra.unsafesystem, which loses the schema when the node is killed.
   */
  public record Settings(String heap, boolean quick) {
    public static final Settings TESTS = new Settings("384m", true);
    public static final Settings BENCHMARK = new Settings("2g", false);
  }

  private static LocalCassandra shared;

  private final Path dir;
  private final Settings settings;
  private final int nativePort;
  private final int storagePort;
  private Process process;

  private LocalCassandra(Path dir, Settings settings, int nativePort, int storagePort) {
    this.dir = dir;
    this.settings = settings;
    this.nativePort = nativePort;
    this.storagePort = storagePort;
  }

  /** Starts a fresh node whose files live under {@code dir} (emptied first). */
  public static LocalCassandra start(Path dir, Settings settings) throws IOException {
    deleteTree(dir);
    Files.createDirectories(dir);
    LocalCassandra node = new LocalCassandra(dir.toAbsolutePath(), settings, freePort(), freePort());
    node.writeYaml();
    node.launch();
    return node;
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

  public String host() {
    return HOST;
  }

  public int port() {
    return nativePort;
  }

  /** What decides the node's durability, to print beside any figure measured on it. */
  public String durability() {
    String extra = System.getProperty(EXTRA_YAML, "").trim();
    return "Cassandra " + version() + ", 1 node, commitlog_sync periodic 10000ms"
        + (settings.quick() ? ", fsync skipped (cassandra.skip_sync)" : "")
        + (extra.isEmpty() ? "" : ", and " + extra.replace(";", ", "));
  }

  /**
   * Kills the node without warning ({@code crash}) or stops it cleanly, then starts it again on the
   * same files and ports.
   */
  public synchronized void restart(boolean crash) throws IOException {
    if (crash) {
      process.destroyForcibly();
      waitFor(process);
    } else {
      stop();
    }
    launch();
  }

  /** Stops the node cleanly (Cassandra drains on exit), killing it if it does not end in a minute. */
  public synchronized void stop() {
    if (process == null || !process.isAlive()) {
      return;
    }
    try {
      process.getOutputStream().close();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (IOException e) {
      process.destroyForcibly();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    waitFor(process);
  }

  @Override
  public void close() {
    stop();
  }

  private void launch() throws IOException {
    Path ready = dir.resolve(READY);
    Files.deleteIfExists(ready);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + settings.heap());
    cmd.add("-Xms" + settings.heap());
    cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
    cmd.addAll(resourceLines("jvm17-node.options"));
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
    cmd.add("-Dcassandra.config=" + dir.resolve("cassandra.yaml").toUri());
    cmd.add("-Dcassandra.storagedir=" + dir);
    cmd.add("-Dcassandra.logdir=" + dir);
    cmd.add("-Dlogback.configurationFile=" + LocalCassandra.class.getResource("logback-node.xml"));
    cmd.add("-Dcassandra-foreground=true");
    cmd.add("-Dcassandra.native.epoll.enabled=false");
    cmd.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    cmd.add("-Dcassandra.ring_delay_ms=100");
    cmd.add("-Dcassandra.superuser_setup_delay_ms=0");
    cmd.add("-cp");
    cmd.add(classPath());
    cmd.add(CassandraNode.class.getName());
    cmd.add(dir.toString());
    Path out = dir.resolve("node.out");
    process = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
    long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
    while (!Files.exists(ready)) {
      if (!process.isAlive()) {
        throw new IOException("the Cassandra node in " + dir + " exited with status " + process.exitValue()
            + " while starting: " + lastLine(out));
      }
      if (System.currentTimeMillis() > deadline) {
        process.destroyForcibly();
        throw new IOException("the Cassandra node in " + dir + " did not start within "
            + START_TIMEOUT_MS / 1000 + " s: " + lastLine(out));
      }
      sleep(100);
    }
  }

  private void writeYaml() throws IOException {
    String yaml = String.join("\n",
        "cluster_name: hibench",
        "num_tokens: 1",
        "initial_token: 0",
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
        "data_file_directories: [" + dir.resolve("data") + "]",
        "commitlog_directory: " + dir.resolve("commitlog"),
        "saved_caches_directory: " + dir.resolve("saved_caches"),
        "hints_directory: " + dir.resolve("hints"),
        "cdc_raw_directory: " + dir.resolve("cdc_raw"),
        "commitlog_sync: periodic",
        "commitlog_sync_period: 10000ms",
        "seed_provider:",
        "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
        "    parameters:",
        "      - seeds: \"" + HOST + ":" + storagePort + "\"",
        "listen_address: " + HOST,
        "rpc_address: " + HOST,
        "storage_port: " + storagePort,
        "native_transport_port: " + nativePort,
        "start_native_transport: true",
        "endpoint_snitch: SimpleSnitch",
        "auto_snapshot: false",
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
    return own + java.io.File.pathSeparator + String.join("", resourceLines("node.classpath"));
  }

  private static String version() {
    return resourceLines("node.classpath").stream().flatMap(l -> Stream.of(l.split(java.io.File.pathSeparator)))
        .map(p -> Path.of(p).getFileName().toString()).filter(n -> n.startsWith("cassandra-all-"))
        .map(n -> n.substring("cassandra-all-".length(), n.length() - ".jar".length()))
        .findFirst().orElse("?");
  }

  private static List<String> resourceLines(String name) {
    try (InputStream in = LocalCassandra.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + name + " (build cassandra-node with Maven)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String lastLine(Path out) throws IOException {
    if (!Files.exists(out)) {
      return "no output";
    }
    List<String> lines = Files.readAllLines(out);
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (lines.get(i).contains("Exception") || lines.get(i).startsWith("ERROR")) {
        return lines.get(i).trim() + " (see " + out + ")";
      }
    }
    return "see " + out;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static void waitFor(Process p) {
    try {
      p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleep(long ms) throws IOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while the node started");
    }
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}

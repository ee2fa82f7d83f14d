package io.hibenchdse.cassandra;

import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.LocalNodes;
import io.hibenchdse.node.NodeProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real Cassandra cluster of one or more nodes on loopback addresses 127.0.0.1, 127.0.0.2, ...
 * ({@link LocalNodes}), or one on each host of a cluster on this machine ({@link #startOnHosts}),
 * with free ports and its files under one directory ({@link ClusterLayout}).
 * Each node runs in a child JVM ({@link NodeCommand}): Cassandra can start only once per JVM and
 * brings its own logging and libraries, none of which should meet Hadoop's class path. Nodes die
 * with their parent (see {@link CassandraNode}), and any one can be killed and started again, as on
 * a real cluster.
 */
public final class LocalCassandra implements AutoCloseable {
  static final String READY = "ready";
  /** The file in a node's directory that answers {@link #settle()}. */
  static final String SETTLED = "settled";
  /** The file in a node's directory that answers how many nodes it sees alive. */
  static final String LIVE = "live";
  private static final long SETTLE_TIMEOUT_MS = 30 * 60_000;
  private static final long START_TIMEOUT_MS = 180_000;
  /** The data center SimpleSnitch puts the nodes in; clients name it as their local one. */
  public static final String DATACENTER = "datacenter1";
  /** The superuser of a node started {@link CassandraSettings#withPasswords}, and its password: Cassandra's default. */
  public static final String SUPERUSER = "cassandra";
  /** The password of the key store the nodes present and of the {@link #truststore()} clients use. */
  public static final String TLS_STORE_PASSWORD = TlsStores.PASSWORD;

  /** Where nodes run on hosts: node {@code i} at {@code addresses[i]}, its JVM started after the words {@code onHosts[i]}. */
  public record Hosts(List<String> addresses, List<List<String>> onHosts) {}

  private final ClusterLayout layout;
  private final CassandraSettings settings;
  private final TlsStores tls;
  private final Process[] processes;
  private final List<List<String>> onHosts;
  /** Whether each node has a host, and so a loopback, to itself: only then has it JMX, on nodetool's default port. */
  private final boolean ownHosts;

  private LocalCassandra(ClusterLayout layout, CassandraSettings settings, List<List<String>> onHosts, boolean ownHosts) {
    this.layout = layout;
    this.settings = settings;
    this.tls = new TlsStores(layout.dir());
    this.processes = new Process[layout.nodes()];
    this.onHosts = onHosts;
    this.ownHosts = ownHosts;
  }

  /** Starts a fresh single node whose files live under {@code dir} (emptied first). */
  public static LocalCassandra start(Path dir, CassandraSettings settings) throws IOException {
    return start(dir, settings, 1);
  }

  /** Starts a fresh cluster of {@code nodes} nodes whose files live under {@code dir} (emptied first). */
  public static LocalCassandra start(Path dir, CassandraSettings settings, int nodes) throws IOException {
    NodeProcess.deleteTree(dir);
    return open(dir, settings, nodes);
  }

  /**
   * Starts the cluster whose files are under {@code dir}, keeping its data and ports, or a new one
   * if the directory holds none (see {@link ClusterLayout#open}).
   */
  public static LocalCassandra open(Path dir, CassandraSettings settings, int nodes) throws IOException {
    return open(new LocalCassandra(ClusterLayout.open(dir, nodes), settings, java.util.Collections.nCopies(nodes, List.of()), false));
  }

  /** Starts a fresh cluster of a node on each of {@code hosts}, whose files live under {@code dir} (emptied first). */
  public static LocalCassandra startOnHosts(Path dir, CassandraSettings settings, Hosts hosts) throws IOException {
    NodeProcess.deleteTree(dir);
    return open(new LocalCassandra(ClusterLayout.open(dir, hosts.addresses()), settings, hosts.onHosts(), true));
  }

  private static LocalCassandra open(LocalCassandra cluster) throws IOException {
    int nodes = cluster.nodes();
    CassandraSettings settings = cluster.settings;
    try {
      for (int i = 0; i < nodes; i++) {
        CassandraYaml.write(cluster.layout, settings, cluster.tls, i);
      }
      // the seed first: the others learn the ring from it
      for (int i = 0; i < nodes; i++) {
        cluster.launch(i);
      }
      cluster.awaitSeenBy(nodes - 1);
    } catch (IOException | RuntimeException e) {
      cluster.stop();
      throw e;
    }
    return cluster;
  }

  /** The first node's address, the one clients are given. */
  public String host() {
    return layout.address(0);
  }

  /** The address of node {@code i} (from 0) of a cluster on this machine's loopback addresses. */
  public static String host(int i) {
    return LocalNodes.host(i);
  }

  /** The native (CQL) port, the same on every node. */
  public int port() {
    return layout.nativePort();
  }

  public int nodes() {
    return layout.nodes();
  }

  /** Whether a node syncs a write's commit log entry to disk before acknowledging it (see {@link CassandraSettings#syncsBeforeAck}). */
  public boolean syncsBeforeAck() {
    return settings.syncsBeforeAck();
  }

  /** What decides the cluster's durability, to print beside any figure measured on it. */
  public String durability() {
    return settings.durability(nodes());
  }

  /**
   * Flushes every running node's memtables and waits until none compacts, all nodes at once, as a
   * measured phase should begin: with nothing left over from the one before it running into it.
   * Returns the wait in milliseconds (the slowest node's).
   */
  public synchronized long settle() throws IOException {
    List<Integer> asked = new ArrayList<>();
    for (int i = 0; i < nodes(); i++) {
      if (isRunning(i)) {
        Files.deleteIfExists(layout.nodeDir(i).resolve(SETTLED));
        NodeProcess.tell(processes[i], CassandraNode.SETTLE);
        asked.add(i);
      }
    }
    long slowest = 0;
    for (int i : asked) {
      String ms = NodeProcess.awaitAnswer(processes[i], layout.nodeDir(i).resolve(SETTLED), SETTLE_TIMEOUT_MS,
          "the Cassandra node " + layout.address(i) + ", asked to flush and finish compacting,", layout.nodeDir(i).resolve("node.out"));
      if (!ms.matches("\\d+")) {
        throw new IOException("the Cassandra node " + layout.address(i) + " could not flush: " + ms);
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
    awaitSeenBy(i);
  }

  /** Kills node {@code i} as {@code kill -9} would: no drain, no flush. */
  public synchronized void kill(int i) {
    ChildJvm.kill(processes[i]);
  }

  /** Starts node {@code i} again on its files, after {@link #kill} or {@link #stop(int)}. */
  public synchronized void startAgain(int i) throws IOException {
    if (isRunning(i)) {
      throw new IllegalStateException("node " + layout.address(i) + " is running");
    }
    launch(i);
    awaitSeenBy(i);
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
    ChildJvm.stop(processes[i], 60);
  }

  @Override
  public void close() {
    stop();
  }

  public CassandraSettings settings() {
    return settings;
  }

  /** The directory holding the nodes' files. */
  public Path directory() {
    return layout.dir();
  }

  /**
   * Writes Cassandra's {@code nodetool} as {@code bin/nodetool} in the cluster's directory and
   * returns that {@code bin}: run on a host of {@link #startOnHosts}, it reaches that host's node,
   * as the command does on a user's node.
   */
  public Path nodetoolDirectory() throws IOException {
    if (!ownHosts) {
      throw new IllegalStateException("nodetool reaches only nodes on hosts of their own: they alone have JMX");
    }
    Path bin = Files.createDirectories(layout.dir().resolve("bin"));
    StringBuilder script = new StringBuilder("#!/bin/sh\nexec");
    for (String word : NodeCommand.nodetool()) {
      script.append(" '").append(word.replace("'", "'\\''")).append('\'');
    }
    script.append(" \"$@\"\n");
    Path nodetool = bin.resolve("nodetool");
    Files.writeString(nodetool, script);
    if (!nodetool.toFile().setExecutable(true)) {
      throw new IOException("could not make " + nodetool + " executable");
    }
    return bin;
  }

  /** The trust store (PKCS12) holding the certificate every node of a TLS cluster presents. */
  public Path truststore() {
    return tls.truststore();
  }

  private boolean isRunning(int i) {
    return processes[i] != null && processes[i].isAlive();
  }

  /** How many nodes run now. */
  private int running() {
    int n = 0;
    for (int j = 0; j < nodes(); j++) {
      n += isRunning(j) ? 1 : 0;
    }
    return n;
  }

  /**
   * Waits until every other running node sees as many nodes alive as node {@code started} does
   * (it waited for them all): a node learns of a newcomer by gossip some seconds after the newcomer
   * learns of it, longer on a busy machine, and a write it coordinates meanwhile finds too few
   * replicas. A node that still sees fewer after a minute is named.
   */
  private void awaitSeenBy(int started) throws IOException {
    List<Integer> asked = new ArrayList<>();
    int live = running();
    for (int j = 0; j < nodes(); j++) {
      if (j != started && isRunning(j)) {
        Files.deleteIfExists(layout.nodeDir(j).resolve(LIVE));
        NodeProcess.tell(processes[j], CassandraNode.LIVE + " " + live);
        asked.add(j);
      }
    }
    for (int j : asked) {
      String seen = NodeProcess.awaitAnswer(processes[j], layout.nodeDir(j).resolve(LIVE), START_TIMEOUT_MS,
          "the Cassandra node " + layout.address(j) + ", asked to see " + live + " nodes alive,", layout.nodeDir(j).resolve("node.out"));
      if (Integer.parseInt(seen.strip()) < live) {
        throw new IOException("the Cassandra node " + layout.address(j) + " sees " + seen.strip() + " of " + live
            + " nodes alive a minute after node " + layout.address(started) + " started; its log: " + layout.nodeDir(j).resolve("system.log"));
      }
    }
  }

  /**
   * Starts node {@code i} and waits until it serves CQL and sees every other running node alive,
   * so a client finds the whole ring from its first contact.
   */
  private void launch(int i) throws IOException {
    int expectLive = running() + (isRunning(i) ? 0 : 1);
    Path nodeDir = layout.nodeDir(i);
    List<String> command = new ArrayList<>(onHosts.get(i));
    command.addAll(NodeCommand.of(settings, nodeDir, expectLive, i == 0, ownHosts));
    processes[i] = NodeProcess.launch(command, nodeDir.resolve(READY), nodeDir.resolve("node.out"), START_TIMEOUT_MS,
        "the Cassandra node " + layout.address(i) + " in " + nodeDir);
  }
}

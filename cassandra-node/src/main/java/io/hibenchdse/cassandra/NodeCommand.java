package io.hibenchdse.cassandra;

import io.hibenchdse.node.ChildJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a node's JVM: heap and collector by its settings, Cassandra's class path, {@link CassandraNode}. */
final class NodeCommand {
  /** The resource listing Cassandra's jars, as Maven resolved them when it built this module. */
  private static final String CLASS_PATH = "node.classpath";
  /** The port of a node's JMX on its host's loopback: nodetool's default, as on a user's node. */
  static final int JMX_PORT = 7199;

  private NodeCommand() {}

  /**
   * Node's command whose files are under {@code nodeDir}, ready once it sees {@code expectLive}
   * nodes alive (itself too); {@code seed}: the node the others learn the ring from; {@code jmx}:
   * with JMX on {@link #JMX_PORT} of the loopback, for a node that has a host (and a loopback) to itself.
   */
  static List<String> of(CassandraSettings settings, Path nodeDir, int expectLive, boolean seed, boolean jmx) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ChildJvm.java());
    cmd.add("-Xmx" + settings.heap());
    cmd.add("-Xms" + settings.heap());
    cmd.add("-XX:+IgnoreUnrecognizedVMOptions");
    cmd.addAll(ChildJvm.resourceLines(NodeCommand.class, "jvm17-node.options"));
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
    cmd.addAll(ChildJvm.extraOptions());
    cmd.addAll(ChildJvm.tiedToThisJvm());
    cmd.addAll(ChildJvm.options(CassandraSettings.EXTRA_JVM_OPTIONS));
    cmd.add("-Dcassandra.config=" + nodeDir.resolve("cassandra.yaml").toUri());
    cmd.add("-Dcassandra.storagedir=" + nodeDir);
    cmd.add("-Dcassandra.logdir=" + nodeDir);
    cmd.add("-Dlogback.configurationFile=" + NodeCommand.class.getResource("logback-node.xml"));
    cmd.add("-Dcassandra-foreground=true");
    cmd.add("-Dcassandra.native.epoll.enabled=false");
    cmd.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    cmd.add("-Dcassandra.ring_delay_ms=" + ringDelayMs(seed));
    cmd.add("-Dcassandra.superuser_setup_delay_ms=0");
    if (jmx) {
      cmd.add("-Dcassandra.jmx.local.port=" + JMX_PORT);
    }
    cmd.addAll(run(CassandraNode.class.getName()));
    cmd.add(nodeDir.toString());
    cmd.add(Integer.toString(expectLive));
    return cmd;
  }

  /**
   * The ring delay, in milliseconds, of the seed or of another node. Every node that is not the
   * seed first asks the seed for the ring, on its first start and on every start after (Cassandra's
   * shadow round, which looks for the answer every second), and fails with "Unable to gossip with
   * any peers" once twice the ring delay has passed: at 100 ms the seed had one second to answer,
   * which a loaded machine missed; at 10 s it has 20 s, and the node goes on as soon as it answers.
   * The seed itself, never failed for want of an answer, keeps 100 ms.
   */
  static int ringDelayMs(boolean seed) {
    return seed ? 100 : 10_000;
  }

  /**
   * The command line of Cassandra's {@code nodetool}, which reaches the node on its host's
   * loopback (see {@link #of}), followed by its arguments.
   */
  static List<String> nodetool() {
    List<String> cmd = new ArrayList<>();
    cmd.add(ChildJvm.java());
    cmd.add("-Xmx128m");
    // a client's few seconds: C1 compiles its start soonest
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.addAll(ChildJvm.resourceLines(NodeCommand.class, "jvm17-node.options"));
    cmd.add("-Dlogback.configurationFile=" + NodeCommand.class.getResource("logback-tools.xml"));
    cmd.addAll(run("org.apache.cassandra.tools.NodeTool"));
    return cmd;
  }

  /** The words that run {@code mainClass} on Cassandra's class path. */
  private static List<String> run(String mainClass) {
    return List.of("-cp", String.join(java.io.File.pathSeparator, ChildJvm.moduleClassPath(NodeCommand.class, CLASS_PATH)), mainClass);
  }

  /** Cassandra's version, as its jar on the class path names it. */
  static String version() {
    return ChildJvm.listedClassPath(NodeCommand.class, CLASS_PATH).stream().map(p -> Path.of(p).getFileName().toString())
        .filter(n -> n.startsWith("cassandra-all-"))
        .map(n -> n.substring("cassandra-all-".length(), n.length() - ".jar".length()))
        .findFirst().orElse("?");
  }
}

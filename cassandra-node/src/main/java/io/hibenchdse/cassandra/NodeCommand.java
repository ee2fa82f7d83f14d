package io.hibenchdse.cassandra;

import io.hibenchdse.node.ChildJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a node's JVM: heap and collector by its settings, Cassandra's class path, {@link CassandraNode}. */
final class NodeCommand {
  /** The resource listing Cassandra's jars, as Maven resolved them when it built this module. */
  private static final String CLASS_PATH = "node.classpath";

  private NodeCommand() {}

  /** Node's command whose files are under {@code nodeDir}, ready once it sees {@code expectLive} nodes alive (itself too). */
  static List<String> of(CassandraSettings settings, Path nodeDir, int expectLive) {
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
    cmd.addAll(ChildJvm.options(CassandraSettings.EXTRA_JVM_OPTIONS));
    cmd.add("-Dcassandra.config=" + nodeDir.resolve("cassandra.yaml").toUri());
    cmd.add("-Dcassandra.storagedir=" + nodeDir);
    cmd.add("-Dcassandra.logdir=" + nodeDir);
    cmd.add("-Dlogback.configurationFile=" + NodeCommand.class.getResource("logback-node.xml"));
    cmd.add("-Dcassandra-foreground=true");
    cmd.add("-Dcassandra.native.epoll.enabled=false");
    cmd.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    cmd.add("-Dcassandra.ring_delay_ms=" + ringDelayMs(nodeDir));
    cmd.add("-Dcassandra.superuser_setup_delay_ms=0");
    cmd.add("-cp");
    cmd.add(String.join(java.io.File.pathSeparator, ChildJvm.moduleClassPath(NodeCommand.class, CLASS_PATH)));
    cmd.add(CassandraNode.class.getName());
    cmd.add(nodeDir.toString());
    cmd.add(Integer.toString(expectLive));
    return cmd;
  }

  /**
   * The ring delay, in milliseconds, of a node whose files are under {@code nodeDir}. A new node of
   * a new cluster waits for nothing and gets 100 ms. A node started again on its data first asks
   * the seed for the ring (Cassandra's shadow round, sent again every second) and fails with "Unable
   * to gossip with any peers" once twice the ring delay has passed: 100 ms gives the seed one
   * second to answer, which a loaded machine missed. Ten seconds cost nothing when it answers at once.
   */
  static int ringDelayMs(Path nodeDir) {
    return java.nio.file.Files.isDirectory(nodeDir.resolve(CassandraYaml.DATA)) ? 10_000 : 100;
  }

  /** Cassandra's version, as its jar on the class path names it. */
  static String version() {
    return ChildJvm.listedClassPath(NodeCommand.class, CLASS_PATH).stream().map(p -> Path.of(p).getFileName().toString())
        .filter(n -> n.startsWith("cassandra-all-"))
        .map(n -> n.substring("cassandra-all-".length(), n.length() - ".jar".length()))
        .findFirst().orElse("?");
  }
}

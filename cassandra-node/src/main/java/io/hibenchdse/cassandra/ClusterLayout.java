package io.hibenchdse.cassandra;

import io.hibenchdse.node.LocalNodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Where a local cluster lives: its directory, a directory per node, and the two ports every node
 * listens on (native and storage), chosen free on all the nodes' addresses when the cluster is made
 * and kept in {@code cluster.properties} for its next start.
 */
record ClusterLayout(Path dir, int nodes, int nativePort, int storagePort) {
  /** The file that makes a directory a cluster's. */
  private static final String FILE = "cluster.properties";

  /**
   * The layout of the cluster under {@code dir}, or a new one there if the directory is empty or
   * missing. A directory holding a cluster of another size is refused: nodes cannot be added or
   * removed without moving data.
   */
  static ClusterLayout open(Path dir, int nodes) throws IOException {
    LocalNodes.checked(nodes, "a local Cassandra cluster's node count");
    dir = dir.toAbsolutePath();
    Path file = dir.resolve(FILE);
    Properties p = new Properties();
    if (Files.exists(file)) {
      try (InputStream in = Files.newInputStream(file)) {
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
      try (OutputStream out = Files.newOutputStream(file)) {
        p.store(out, "a local Cassandra cluster: the ports its nodes keep across starts");
      }
    }
    return new ClusterLayout(dir, nodes, Integer.parseInt(p.getProperty("native_port")), Integer.parseInt(p.getProperty("storage_port")));
  }

  /** The directory of node {@code i} (from 0). */
  Path nodeDir(int i) {
    return dir.resolve("node" + (i + 1));
  }

  /** A port free on the addresses of all {@code nodes} nodes. */
  private static int freePort(int nodes) throws IOException {
    for (int attempt = 0; ; attempt++) {
      int port;
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LocalNodes.host(0)))) {
        port = s.getLocalPort();
      }
      if (freeOnAll(port, nodes) || attempt == 20) {
        return port;
      }
    }
  }

  private static boolean freeOnAll(int port, int nodes) {
    for (int i = 1; i < nodes; i++) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName(LocalNodes.host(i)))) {
        // free here too
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }
}

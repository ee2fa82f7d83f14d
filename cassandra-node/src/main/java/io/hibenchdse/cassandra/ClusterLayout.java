package io.hibenchdse.cassandra;

import io.hibenchdse.node.LayoutFile;
import io.hibenchdse.node.LocalNodes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Where a local cluster lives: its directory, a directory per node, the nodes' addresses, and the
 * two ports every node listens on (native and storage), chosen free on all the nodes' addresses
 * when the cluster is made and kept in its {@link LayoutFile} for its next start.
 */
record ClusterLayout(Path dir, List<String> addresses, int nativePort, int storagePort) {
  /** The layout of the cluster of {@code nodes} on this machine's loopback addresses under {@code dir}, or a new one there. */
  static ClusterLayout open(Path dir, int nodes) throws IOException {
    LocalNodes.checked(nodes, "a local Cassandra cluster's node count");
    List<String> addresses = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      addresses.add(LocalNodes.host(i));
    }
    return open(dir, addresses);
  }

  /** The layout of the cluster of nodes at {@code addresses} under {@code dir}, or a new one there (see {@link LayoutFile}). */
  static ClusterLayout open(Path dir, List<String> addresses) throws IOException {
    int nodes = addresses.size();
    Path home = dir.toAbsolutePath();
    Properties p = LayoutFile.open(home, "a Cassandra cluster", "node(s)", nodes, () -> {
      Properties ports = new Properties();
      try {
        ports.setProperty("native_port", Integer.toString(freePort(nodes)));
        ports.setProperty("storage_port", Integer.toString(freePort(nodes)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return ports;
    });
    return new ClusterLayout(home, List.copyOf(addresses), Integer.parseInt(p.getProperty("native_port")),
        Integer.parseInt(p.getProperty("storage_port")));
  }

  int nodes() {
    return addresses.size();
  }

  /** The address of node {@code i} (from 0). */
  String address(int i) {
    return addresses.get(i);
  }

  /** The directory of node {@code i} (from 0). */
  Path nodeDir(int i) {
    return dir.resolve("node" + (i + 1));
  }

  /**
   * A port free on the loopback addresses of all {@code nodes} nodes; a node on a host of its own
   * listens in that host's network namespace, where every port is free.
   */
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

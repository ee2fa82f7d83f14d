package io.hibenchdse.node;

/**
 * The suite's servers on one machine: node {@code i} of a local cluster listens on
 * {@code 127.0.0.(i+1)} (Linux routes all of 127/8 to loopback without setup), up to nine of them;
 * what the suite writes keeps as many copies as there are nodes, up to three (HDFS's default).
 */
public final class LocalNodes {
  /** The most nodes a local cluster has. */
  public static final int MAX = 9;
  /** The copies a store keeps by default, where it has the nodes for them. */
  public static final int DEFAULT_REPLICATION = 3;

  private LocalNodes() {}

  /** {@code nodes}, checked to be 1 to {@link #MAX}; else an IllegalArgumentException naming {@code what}. */
  public static int checked(int nodes, String what) {
    if (nodes < 1 || nodes > MAX) {
      throw new IllegalArgumentException(what + " must be 1 to " + MAX + ", not " + nodes);
    }
    return nodes;
  }

  /** The replication a store of {@code nodes} nodes gets by default: as many copies as nodes, up to three. */
  public static int defaultReplication(int nodes) {
    return Math.min(DEFAULT_REPLICATION, nodes);
  }

  /** The address of node {@code i} (from 0). */
  public static String host(int i) {
    return "127.0.0." + (i + 1);
  }
}

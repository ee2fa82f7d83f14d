package io.hibenchdse.launcher.deployment;

import io.hibenchdse.node.LocalNodes;

/**
 * The user's own cluster, running already: {@code bin/hibench plan} lists the steps that
 * {@code scripts/run-all.sh} submits to it. Its replication is the one given, or HDFS's default.
 */
public record ClusterDeployment(ServingStore servingStore, int replication, WriteAck writeAck) implements Deployment {
  /** The cluster with its settings as given; a null replication takes HDFS's default. */
  public static ClusterDeployment of(ServingStore serving, Integer replication, WriteAck writeAck) {
    return new ClusterDeployment(serving, replication == null ? LocalNodes.DEFAULT_REPLICATION : replication, writeAck);
  }
}

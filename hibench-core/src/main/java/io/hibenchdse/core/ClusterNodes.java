package io.hibenchdse.core;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Cluster;

/** The worker count a run's per-node throughput divides by. */
public final class ClusterNodes {
  private ClusterNodes() {}

  /** {@code hibench.nodes}, else the cluster's node count (1 for the local runner). */
  public static int count(Configuration conf) {
    int configured = conf.getInt(HibenchConfigKeys.NODES, 0);
    if (configured > 0) {
      return configured;
    }
    try {
      // a copy: the local runner's Cluster sets mapreduce.job.maps=1 on the conf it is given
      Cluster cluster = new Cluster(new Configuration(conf));
      try {
        return Math.max(1, cluster.getClusterStatus().getTaskTrackerCount());
      } finally {
        cluster.close();
      }
    } catch (IOException e) {
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }
}

package io.hibenchdse.launcher.deployment;

/**
 * The storage a deployment measures, with the store YCSB's phases serve from on its stack: HDFS
 * (HBase over it), cfs:// on Cassandra nodes (those nodes), or HBase over HDFS on its own
 * ({@code storage start} only: a suite run on HDFS starts HBase itself).
 */
public enum Target {
  hdfs(ServingStore.hbase), cfs(ServingStore.cassandra), hbase(ServingStore.hbase);

  private final ServingStore serving;

  Target(ServingStore serving) {
    this.serving = serving;
  }

  /** Refuses what a suite run cannot measure: HBase alone (a run on hdfs starts HBase itself). */
  public Target checkedForRun() {
    if (this == hbase) {
      throw new io.hibenchdse.core.UsageException("--target hbase is for storage start; a run on hdfs serves YCSB's phases from"
          + " HBase over it");
    }
    return this;
  }

  /** The store YCSB's phases serve from on this target's stack. */
  public ServingStore serving() {
    return serving;
  }
}

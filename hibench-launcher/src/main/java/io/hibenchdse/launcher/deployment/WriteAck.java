package io.hibenchdse.launcher.deployment;

import io.hibenchdse.ycsb.HBaseKeys;

/**
 * What a serving store has done with a write when it acknowledges it, one setting for both systems
 * so that Cassandra and HBase do the same work: {@code memory}, the write is in the memory of every
 * replica it waits for (Cassandra's periodic commit log sync; HBase's WAL hflushed to the DataNodes),
 * where it survives the server process crashing but not the machine; {@code disk}, it is synced to
 * their disks (Cassandra's group or batch commit log; HBase's WAL written with FSYNC_WAL and
 * {@code hbase.wal.hsync}).
 */
public enum WriteAck {
  memory, disk;

  /** HBase's durability of a write ({@code -p durability=...}) that does as this says. */
  public String hbaseDurability() {
    return this == disk ? HBaseKeys.FSYNC_WAL : HBaseKeys.SYNC_WAL;
  }
}

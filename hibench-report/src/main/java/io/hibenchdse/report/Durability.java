package io.hibenchdse.report;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.cfs.CassandraFileSystem;
import io.hibenchdse.cfs.CfsConfigKeys;
import io.hibenchdse.ycsb.Binding;
import io.hibenchdse.ycsb.CassandraCqlKeys;
import io.hibenchdse.ycsb.HBaseKeys;
import io.hibenchdse.ycsb.YcsbResult;
import io.hibenchdse.core.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FsConstants;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * What a write had reached when the storage acknowledged it, as a run's record says: how many
 * replicas the data gets, how many acknowledge a write and serve a read, whether the write was on
 * disk, and whether it survives the server process crashing (not with cfs.durable.writes=false).
 * Two storages that differ here do not do the same work, so their figures do not compare (a system
 * that acknowledges from memory looks faster for that alone).
 */
public record Durability(String replication, String writeAcks, String readReplicas, String fsyncBeforeAck, String survivesProcessCrash) {
  static final String NOT_RECORDED = "not recorded";

  public static Durability of(RunResult r) {
    int rf = r.replication();
    Binding ycsb = YcsbResult.binding(r).orElse(null);
    // not parsed as a URI: a YCSB record on HBase may name its quorum "(hbase-site.xml)"
    String fs = r.fileSystem();
    String scheme = fs == null || !fs.contains("://") ? "" : fs.substring(0, fs.indexOf("://"));
    String write = NOT_RECORDED;
    String read = NOT_RECORDED;
    String crash = NOT_RECORDED;
    if (YcsbResult.isPhase(r)) {
      if (ycsb == Binding.CASSANDRA_CQL) { // the binding's keyspace and consistency levels
        rf = Integer.parseInt(r.configuration().getOrDefault(CassandraCqlKeys.REPLICATION, CassandraCqlKeys.REPLICATION_DEFAULT));
        write = ofReplicas(replicas(r.configuration().get(CassandraCqlKeys.WRITE_CL), rf), rf);
        read = ofReplicas(replicas(r.configuration().get(CassandraCqlKeys.READ_CL), rf), rf);
        crash = "true"; // the binding's keyspace keeps durable writes: the commit log is in the OS's buffers at least
      } else if (ycsb == Binding.HBASE2) { // the WAL's pipeline over the HDFS, one region server serving a row
        write = ofReplicas(rf, rf);
        read = ofReplicas(1, rf);
        // a write skipping the WAL, or acknowledged before its WAL sync, lives in the region server's memory alone
        String walDurability = r.configuration().getOrDefault(HBaseKeys.DURABILITY, HBaseKeys.DURABILITY_DEFAULT);
        crash = Boolean.toString(!walDurability.equals("SKIP_WAL") && !walDurability.equals("ASYNC_WAL"));
      }
      // YCSB's BasicDB stores nothing: no durability to record
    } else if (CassandraFileSystem.SCHEME.equals(scheme) && r.configuration().containsKey(CfsConfigKeys.REPLICATION.key())) {
      rf = Integer.parseInt(r.configuration().get(CfsConfigKeys.REPLICATION.key()));
      write = ofReplicas(replicas(r.configuration().get(CfsConfigKeys.WRITE_CL.key()), rf), rf);
      read = ofReplicas(replicas(r.configuration().get(CfsConfigKeys.READ_CL.key()), rf), rf);
      // without the commit log an acknowledged write lives in the node's memtable until a flush
      crash = r.configuration().getOrDefault(CfsConfigKeys.DURABLE_WRITES.key(), CfsConfigKeys.DURABLE_WRITES.defaultValue());
    } else if (HdfsConstants.HDFS_URI_SCHEME.equals(scheme) || FsConstants.LOCAL_FS_URI.getScheme().equals(scheme)) {
      write = ofReplicas(rf, rf); // HDFS's pipeline acknowledges once every replica has the packet
      read = ofReplicas(1, rf);
      crash = "true"; // a DataNode's (or the local file system's) writes are in the operating system's buffers
    }
    return new Durability(Integer.toString(rf), write, read,
        r.configuration().getOrDefault(HibenchConfigKeys.STORAGE_FSYNC, NOT_RECORDED), crash);
  }

  /** Replicas a Cassandra consistency level waits for at replication {@code rf}; -1 when unknown. */
  static int replicas(String level, int rf) {
    switch (level == null ? "" : level.toUpperCase(Locale.ROOT)) {
      case "ANY": return 0;
      case "ONE": case "LOCAL_ONE": return 1;
      case "TWO": return 2;
      case "THREE": return 3;
      case "QUORUM": case "LOCAL_QUORUM": case "EACH_QUORUM": return rf / 2 + 1;
      case "ALL": return rf;
      default: return -1;
    }
  }

  private static String ofReplicas(int n, int rf) {
    return n < 0 ? NOT_RECORDED : n + " of " + rf;
  }

  /** Each setting that differs, named, with both sides' values: {@code replication (A 1, B 3)}. */
  public List<String> differences(Durability b, String nameA, String nameB) {
    List<String> diff = new ArrayList<>();
    add(diff, "replication", replication, b.replication, nameA, nameB);
    add(diff, "write acknowledged by", writeAcks, b.writeAcks, nameA, nameB);
    add(diff, "read from", readReplicas, b.readReplicas, nameA, nameB);
    add(diff, "fsync before acknowledging (" + HibenchConfigKeys.STORAGE_FSYNC + ")", fsyncBeforeAck, b.fsyncBeforeAck, nameA, nameB);
    add(diff, "acknowledged writes survive a server process crash", survivesProcessCrash, b.survivesProcessCrash, nameA, nameB);
    return diff;
  }

  private static void add(List<String> diff, String setting, String a, String b, String nameA, String nameB) {
    if (!a.equals(b)) {
      diff.add(setting + " (" + nameA + ": " + a + ", " + nameB + ": " + b + ")");
    }
  }
}

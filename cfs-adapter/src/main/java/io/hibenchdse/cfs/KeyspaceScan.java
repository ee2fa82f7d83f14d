package io.hibenchdse.cfs;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One pass over the keyspace: what it holds (usage) and what does not add up (the check). The
 * tables are read once each, pending, then inode, then sblocks (whose pages the inodes' sub-block
 * sizes size), at QUORUM or stronger. A block counts as orphaned only when no inode lists it and it
 * is older than the grace period, which must exceed the longest write: such a block's writer had
 * closed its file, or died, before the scan began, so a file that lists it was in inode when it was
 * read. A file deleted after inode was read loses its blocks before sblocks is read: a block found
 * short counts as damaged only if its file, read again, still lists it.
 */
final class KeyspaceScan {
  /** A block some inode lists but whose sub-blocks are missing: the file cannot be read. */
  static final class Damage {
    final String path;
    final UUID block;
    final int expected;
    final int found;

    Damage(String path, UUID block, int expected, int found) {
      this.path = path;
      this.block = block;
      this.expected = expected;
      this.found = found;
    }
  }

  /**
   * About how many bytes of sub-blocks one page of the sblocks scan holds. Cassandra's replicas put
   * the values of the columns a query fetches but does not select into their responses, so a page
   * costs a node heap in proportion to the sub-block size: at the driver's 5,000 rows, the scan
   * of a few hundred MB ran a node out of memory and the check failed with "1 failed".
   */
  static final long PAGE_BYTES = 32 << 20;

  final long startedMs = System.currentTimeMillis();
  long files;
  long directories;
  long bytes;
  long referencedBlocks;
  final Map<UUID, Integer> storedSubBlocks = new HashMap<>();
  final Map<UUID, String> pending = new HashMap<>();
  /** Blocks no inode lists, older than the grace period: left by writers that never closed. */
  final List<UUID> orphans = new ArrayList<>();
  /** Pending rows of blocks that an inode lists (the writer died between the two writes). */
  final List<UUID> stalePending = new ArrayList<>();
  /** Pending rows older than the grace period whose block no inode lists. */
  final List<UUID> abandonedPending = new ArrayList<>();
  final List<Damage> damaged = new ArrayList<>();
  /**
   * Entries whose parent directory's row is gone (a delete or rename that crashed halfway): no
   * path reaches them, yet their blocks stay listed. Reported, never removed automatically.
   */
  final List<String> detached = new ArrayList<>();

  static KeyspaceScan run(CfsStore store, long graceMs) {
    KeyspaceScan scan = new KeyspaceScan();
    CqlSession s = store.session();
    String ks = store.keyspace;
    ConsistencyLevel level = store.readLevel == DefaultConsistencyLevel.ALL ? store.readLevel : DefaultConsistencyLevel.QUORUM;
    for (Row r : s.execute(scan(ks, "SELECT block_id, path FROM %s.pending", level))) {
      scan.pending.put(r.getUuid(0), r.getString(1));
    }
    // at least this client's sub-blocks: a file created while the scan runs may have them
    int largestSubBlock = (int) Math.max(CfsConfigKeys.SUB_BLOCK_SIZE.getLongBytes(store.conf),
        Long.parseLong(CfsConfigKeys.SUB_BLOCK_SIZE.defaultValue()));
    Set<UUID> referenced = new HashSet<>();
    Set<String> dirs = new HashSet<>();
    List<String> entries = new ArrayList<>();
    // every block a file lists, with the sub-blocks it should have: found short below, a damage
    List<Damage> listed = new ArrayList<>();
    for (Row r : s.execute(scan(ks, "SELECT parent, name, kind, length, sub_block_size, blocks FROM %s.inode", level))) {
      String parent = r.getString("parent");
      if (parent.equals(Inode.ROOT_KEY)) {
        dirs.add("/");
        continue;
      }
      String path = Inode.child(parent, r.getString("name"));
      entries.add(path);
      if (Inode.DIRECTORY.equals(r.getString("kind"))) {
        scan.directories++;
        dirs.add(path);
        continue;
      }
      scan.files++;
      scan.bytes += r.getLong("length");
      largestSubBlock = Math.max(largestSubBlock, r.getInt("sub_block_size"));
      for (TupleValue t : r.getList("blocks", TupleValue.class)) {
        Block b = new Block(t.getUuid(0), t.getLong(1), t.getLong(2));
        referenced.add(b.id);
        scan.referencedBlocks++;
        listed.add(new Damage(path, b.id, b.subBlocks(r.getInt("sub_block_size")), 0));
      }
    }
    SimpleStatement subBlocks = scan(ks, "SELECT block_id, sub FROM %s.sblocks", level)
        .setPageSize((int) Math.max(1, PAGE_BYTES / largestSubBlock));
    for (Row r : s.execute(subBlocks)) {
      scan.storedSubBlocks.merge(r.getUuid(0), 1, Integer::sum);
    }
    for (Damage d : listed) {
      int found = scan.storedSubBlocks.getOrDefault(d.block, 0);
      if (found < d.expected && stillListed(s, ks, level, d)) {
        scan.damaged.add(new Damage(d.path, d.block, d.expected, found));
      }
    }
    for (String path : entries) {
      if (!dirs.contains(Inode.parentOf(path))) {
        scan.detached.add(path);
      }
    }
    long cutoff = scan.startedMs - graceMs;
    for (UUID id : scan.storedSubBlocks.keySet()) {
      if (!referenced.contains(id) && Uuids.unixTimestamp(id) <= cutoff) {
        scan.orphans.add(id);
      }
    }
    for (UUID id : scan.pending.keySet()) {
      if (referenced.contains(id)) {
        scan.stalePending.add(id);
      } else if (Uuids.unixTimestamp(id) <= cutoff) {
        scan.abandonedPending.add(id);
      }
    }
    return scan;
  }

  /** Whether the file still lists the block: one deleted after its inode was read lost its blocks rightly. */
  private static boolean stillListed(CqlSession s, String ks, ConsistencyLevel level, Damage d) {
    Row r = s.execute(scan(ks, "SELECT blocks FROM %s.inode WHERE parent = ? AND name = ?", level)
        .setPositionalValues(java.util.Arrays.asList(Inode.parentOf(d.path), Inode.nameOf(d.path)))).one();
    if (r != null) {
      for (TupleValue t : r.getList("blocks", TupleValue.class)) {
        if (t.getUuid(0).equals(d.block)) {
          return true;
        }
      }
    }
    return false;
  }

  private static SimpleStatement scan(String keyspace, String cql, ConsistencyLevel level) {
    return SimpleStatement.newInstance(String.format(cql, keyspace)).setConsistencyLevel(level);
  }

  boolean clean() {
    return orphans.isEmpty() && stalePending.isEmpty() && abandonedPending.isEmpty() && damaged.isEmpty()
        && detached.isEmpty();
  }
}

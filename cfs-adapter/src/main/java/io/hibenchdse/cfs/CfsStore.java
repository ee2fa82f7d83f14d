package io.hibenchdse.cfs;

import static io.hibenchdse.cfs.CfsConfigKeys.COMPACTION;
import static io.hibenchdse.cfs.CfsConfigKeys.COMPRESSION;
import static io.hibenchdse.cfs.CfsConfigKeys.DURABLE_WRITES;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSPACE;
import static io.hibenchdse.cfs.CfsConfigKeys.READ_CL;
import static io.hibenchdse.cfs.CfsConfigKeys.REPLICATION;
import static io.hibenchdse.cfs.CfsConfigKeys.REQUEST_TIMEOUT;
import static io.hibenchdse.cfs.CfsConfigKeys.WRITE_CL;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.api.core.uuid.Uuids;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Scanner;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;

/**
 * The CQL side of cfs://: the keyspace's tables and the statements that read and write them, over a
 * driver session shared in the JVM ({@link CfsSession}). Everything above it thinks in paths, inodes
 * and blocks.
 */
final class CfsStore implements Closeable {
  static final int DEFAULT_PORT = 9042;
  static {
    // Block ids are time-based UUIDs, which mix in the process id. Told it, the driver does not
    // look for its optional native library (jnr, left out of the jar) and does not log that
    // search's NoClassDefFoundError, with its stack trace, at INFO in every task log.
    if (System.getProperty(Uuids.PID_SYSTEM_PROPERTY) == null) {
      String name = ManagementFactory.getRuntimeMXBean().getName(); // pid@host
      int at = name.indexOf('@');
      if (at > 0) {
        System.setProperty(Uuids.PID_SYSTEM_PROPERTY, name.substring(0, at));
      }
    }
  }

  static final String INODE_COLUMNS =
      "kind, length, block_size, sub_block_size, blocks, owner, grp, perm, mtime, atime";

  /** The configuration the store runs with: the given one, with the defaults it left unset. */
  final Configuration conf;
  final String keyspace;
  final ConsistencyLevel readLevel;
  final ConsistencyLevel writeLevel;
  /**
   * The level a lookup that found nothing is asked again at, or null: below QUORUM, a replica
   * that was down when a file was written answers "no such row" until hints or repair reach it.
   */
  private final ConsistencyLevel recheckLevel;
  /** How long block locations wait for the session's first schema refresh: the request timeout. */
  private final Duration ringWait;
  /** The session and prepared statements this client shares with the JVM's others of the same cluster and settings. */
  private final CfsSession shared;
  private final CqlSession session;
  private final TupleType blockType = DataTypes.tupleOf(DataTypes.TIMEUUID, DataTypes.BIGINT, DataTypes.BIGINT);

  /** {@code conf} with the defaults of the settings it leaves unset. */
  static Configuration withDefaults(Configuration conf) {
    Configuration c = new Configuration(conf);
    List<String> recorded = new ArrayList<>();
    for (CfsConfigKeys k : CfsConfigKeys.RECORDED) {
      c.setIfUnset(k.key(), k.defaultValue());
      recorded.add(k.key());
    }
    c.setStrings(CfsConfigKeys.RECORDED_LIST, recorded.toArray(new String[0]));
    return c;
  }

  CfsStore(URI uri, Configuration given) throws IOException {
    conf = withDefaults(given);
    keyspace = KEYSPACE.get(conf);
    if (!keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
      throw new IllegalArgumentException(KEYSPACE + " '" + keyspace + "' is not a valid keyspace name");
    }
    readLevel = level(conf, READ_CL);
    writeLevel = level(conf, WRITE_CL);
    ringWait = Duration.ofMillis(REQUEST_TIMEOUT.getMillis(conf));
    shared = CfsSession.acquire(uri, conf);
    session = shared.session;
    try {
      // What the keyspace has, which an earlier client may have created otherwise: results record these
      conf.setInt(REPLICATION.key(), shared.schema.replication);
      conf.setBoolean(DURABLE_WRITES.key(), shared.schema.durableWrites);
      conf.set(COMPACTION.key(), shared.schema.compaction);
      recheckLevel = replication() > 1 && WEAKER_THAN_QUORUM.contains(readLevel) ? DefaultConsistencyLevel.QUORUM : null;
    } catch (RuntimeException e) {
      CfsSession.release(shared);
      throw e;
    }
  }

  private static final Set<DefaultConsistencyLevel> WEAKER_THAN_QUORUM = java.util.EnumSet.of(DefaultConsistencyLevel.ONE,
      DefaultConsistencyLevel.LOCAL_ONE, DefaultConsistencyLevel.TWO, DefaultConsistencyLevel.ANY);

  static ConsistencyLevel level(Configuration conf, CfsConfigKeys key) {
    String v = key.get(conf).toUpperCase(Locale.ROOT);
    try {
      return DefaultConsistencyLevel.valueOf(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + " '" + v + "' is not a consistency level (ONE, QUORUM, LOCAL_QUORUM, ALL, ...)");
    }
  }

  /** A table option as CQL writes it, with Cassandra's own package left out of class names. */
  static String cqlMap(Map<?, ?> options) {
    return options.entrySet().stream().map(e -> "'" + e.getKey() + "': '"
            + e.getValue().toString().replace("org.apache.cassandra.db.compaction.", "") + "'")
        .sorted().collect(Collectors.joining(", ", "{", "}"));
  }

  /** The DDL of the module README, from {@code schema.cql}, with the settings of {@code conf}. */
  static List<String> schema(Configuration conf) {
    String text;
    try (InputStream in = CfsStore.class.getResourceAsStream("schema.cql");
        Scanner s = new Scanner(in, "UTF-8").useDelimiter("\\A")) {
      text = s.next();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    List<String> statements = new ArrayList<>();
    for (String stmt : text.replaceAll("--[^\n]*", "").split(";")) {
      if (!stmt.trim().isEmpty()) {
        statements.add(stmt.trim().replace("${keyspace}", KEYSPACE.get(conf))
            .replace("${replication}", Integer.toString(REPLICATION.getInt(conf)))
            .replace("${durable_writes}", Boolean.toString(DURABLE_WRITES.getBoolean(conf)))
            .replace("${compression}", COMPRESSION.getBoolean(conf) ? "{'class': 'LZ4Compressor'}" : "{'enabled': 'false'}")
            .replace("${compaction}", COMPACTION.get(conf)));
      }
    }
    return statements;
  }

  private BoundStatement read(BoundStatement s) {
    return s.setConsistencyLevel(readLevel);
  }

  private BoundStatement write(BoundStatement s) {
    return s.setConsistencyLevel(writeLevel);
  }

  /** The keyspace's replication factor, summed over data centers: every block's replica count. */
  short replication() {
    return shared.schema.replication;
  }

  /** The driver's errors are unchecked; Hadoop's callers handle IOException. */
  private interface Call<T> {
    T run();
  }

  private static <T> T io(String what, Call<T> call) throws IOException {
    try {
      return call.run();
    } catch (DriverException | CompletionException e) {
      Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
      throw new IOException("cfs: " + what + " failed: " + cause.getMessage(), cause);
    }
  }

  Inode get(String path) throws IOException {
    return io("reading " + path, () -> {
      BoundStatement lookup = shared.selectInode.bind(Inode.parentOf(path), Inode.nameOf(path));
      Row row = session.execute(read(lookup)).one();
      if (row == null && recheckLevel != null) {
        row = session.execute(lookup.setConsistencyLevel(recheckLevel)).one();
      }
      return row == null ? null : inode(path, row);
    });
  }

  /**
   * A directory's entries, at QUORUM when the read level is weaker: a stale replica's listing
   * would silently leave files out of a job's input, and one listing a job costs little.
   */
  List<Inode> list(String dir) throws IOException {
    return io("listing " + dir, () -> {
      List<Inode> children = new ArrayList<>();
      BoundStatement listing = read(shared.listInodes.bind(dir));
      for (Row row : session.execute(recheckLevel == null ? listing : listing.setConsistencyLevel(recheckLevel))) {
        children.add(inode(Inode.child(dir, row.getString("name")), row));
      }
      return children;
    });
  }

  void put(Inode n) throws IOException {
    List<TupleValue> blocks = new ArrayList<>(n.blocks.size());
    for (Block b : n.blocks) {
      blocks.add(blockType.newValue(b.id, b.offset, b.length));
    }
    io("writing " + n.path, () -> session.execute(write(shared.insertInode.bind(Inode.parentOf(n.path), Inode.nameOf(n.path),
        n.kind, n.length, n.blockSize, n.subBlockSize, blocks, n.owner, n.group, n.permission,
        Instant.ofEpochMilli(n.mtime), Instant.ofEpochMilli(n.atime)))));
  }

  void remove(String path) throws IOException {
    io("removing " + path, () -> session.execute(write(shared.deleteInode.bind(Inode.parentOf(path), Inode.nameOf(path)))));
  }

  /** Drops a directory's whole listing partition in one tombstone. */
  void removeChildren(String dir) throws IOException {
    io("removing the entries of " + dir, () -> session.execute(write(shared.deleteDirectory.bind(dir))));
  }

  CompletionStage<AsyncResultSet> writeSub(UUID block, int sub, ByteBuffer data) {
    return shared.insertSub.executeAsync(this::write, block, sub, data);
  }

  /** A sub-block's bytes, or null if the row is missing (asked again at QUORUM first, see recheckLevel). */
  CompletionStage<ByteBuffer> readSub(UUID block, int sub) {
    return shared.selectSub.executeAsync(this::read, block, sub).thenCompose(rs -> {
      Row r = rs.one();
      if (r == null && recheckLevel != null) {
        return shared.selectSub.executeAsync(s -> s.setConsistencyLevel(recheckLevel), block, sub).thenApply(again -> data(again.one()));
      }
      return java.util.concurrent.CompletableFuture.completedFuture(data(r));
    });
  }

  private static ByteBuffer data(Row r) {
    return r == null ? null : r.getByteBuffer(0);
  }

  /** Deletes whole blocks (their sblocks partitions), all requests in flight at once. */
  void removeBlocks(Collection<UUID> blocks) throws IOException {
    removeAll(shared.deleteBlock, blocks, "deleting blocks");
  }

  void addPending(UUID block, String path) throws IOException {
    io("recording a block of " + path, () -> session.execute(write(shared.insertPending.bind(block, path, Instant.now()))));
  }

  void removePending(Collection<UUID> blocks) throws IOException {
    removeAll(shared.deletePending, blocks, "dropping pending rows");
  }

  private void removeAll(CfsStatement delete, Collection<UUID> ids, String what) throws IOException {
    io(what, () -> {
      List<CompletionStage<AsyncResultSet>> deletes = new ArrayList<>();
      for (UUID id : ids) {
        deletes.add(session.executeAsync(write(delete.bind(id))));
      }
      deletes.forEach(d -> d.toCompletableFuture().join());
      return null;
    });
  }

  /** The nodes holding a block's partition, from the driver's copy of the token ring. */
  List<InetSocketAddress> replicas(UUID block) {
    Optional<TokenMap> ring = shared.metadata(ringWait).getTokenMap();
    if (!ring.isPresent()) {
      return Collections.emptyList();
    }
    ByteBuffer key = TypeCodecs.TIMEUUID.encode(block, session.getContext().getProtocolVersion());
    Set<Node> nodes = ring.get().getReplicas(CqlIdentifier.fromCql(keyspace), key);
    List<InetSocketAddress> addresses = new ArrayList<>(nodes.size());
    for (Node n : nodes) {
      addresses.add(n.getBroadcastRpcAddress().orElseGet(() -> (InetSocketAddress) n.getEndPoint().resolve()));
    }
    return addresses;
  }

  /** The session, for the admin command's full-table scans. */
  CqlSession session() {
    return session;
  }

  private Inode inode(String path, Row row) {
    List<Block> blocks = new ArrayList<>();
    List<TupleValue> stored = row.getList("blocks", TupleValue.class);
    if (stored != null) {
      for (TupleValue t : stored) {
        blocks.add(new Block(t.getUuid(0), t.getLong(1), t.getLong(2)));
      }
    }
    return new Inode(path, row.getString("kind"), row.getLong("length"), row.getLong("block_size"),
        row.getInt("sub_block_size"), blocks, row.getString("owner"), row.getString("grp"),
        row.getShort("perm"), millis(row.getInstant("mtime")), millis(row.getInstant("atime")));
  }

  private static long millis(Instant t) {
    return t == null ? 0 : t.toEpochMilli();
  }

  /** Lets go of the shared session, which the JVM's last client of it closes. */
  @Override
  public void close() {
    CfsSession.release(shared);
  }
}

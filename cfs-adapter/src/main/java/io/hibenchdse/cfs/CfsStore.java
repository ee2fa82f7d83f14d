package io.hibenchdse.cfs;

import static io.hibenchdse.cfs.CfsConfigKeys.COMPACTION;
import static io.hibenchdse.cfs.CfsConfigKeys.COMPRESSION;
import static io.hibenchdse.cfs.CfsConfigKeys.DATACENTER;
import static io.hibenchdse.cfs.CfsConfigKeys.DURABLE_WRITES;
import static io.hibenchdse.cfs.CfsConfigKeys.HOSTNAME_VALIDATION;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSPACE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PROTOCOL;
import static io.hibenchdse.cfs.CfsConfigKeys.READ_CL;
import static io.hibenchdse.cfs.CfsConfigKeys.REPLICATION;
import static io.hibenchdse.cfs.CfsConfigKeys.REQUEST_TIMEOUT;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.USERNAME;
import static io.hibenchdse.cfs.CfsConfigKeys.WRITE_CL;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.OptionsMap;
import com.datastax.oss.driver.api.core.config.TypedDriverOption;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
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
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;

/**
 * The CQL side of cfs://: one driver session, the keyspace's tables and the statements that read and
 * write them. Everything above it thinks in paths, inodes and blocks.
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

  private static final String INODE_COLUMNS =
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
  private final CqlSession session;
  private final TupleType blockType = DataTypes.tupleOf(DataTypes.TIMEUUID, DataTypes.BIGINT, DataTypes.BIGINT);
  private final PreparedStatement selectInode;
  private final PreparedStatement listInodes;
  private final PreparedStatement insertInode;
  private final PreparedStatement deleteInode;
  private final PreparedStatement deleteDirectory;
  private final PreparedStatement insertSub;
  private final PreparedStatement selectSub;
  private final PreparedStatement deleteBlock;
  private final PreparedStatement insertPending;
  private final PreparedStatement deletePending;

  /** {@code conf} with the defaults of the settings it leaves unset. */
  static Configuration withDefaults(Configuration conf) {
    Configuration c = new Configuration(conf);
    for (CfsConfigKeys k : CfsConfigKeys.RECORDED) {
      c.setIfUnset(k.key(), k.defaultValue());
    }
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
    session = connect(uri, conf);
    try {
      createSchema();
      // What the keyspace has, which an earlier client may have created otherwise: results record these
      conf.setInt(REPLICATION.key(), replication());
      session.getMetadata().getKeyspace(keyspace).ifPresent(k -> {
        conf.setBoolean(DURABLE_WRITES.key(), k.isDurableWrites());
        k.getTable("sblocks").map(t -> t.getOptions().get(CqlIdentifier.fromInternal("compaction")))
            .ifPresent(c -> conf.set(COMPACTION.key(), cqlMap((Map<?, ?>) c)));
      });
      recheckLevel = replication() > 1 && WEAKER_THAN_QUORUM.contains(readLevel) ? DefaultConsistencyLevel.QUORUM : null;
      selectInode = prepare("SELECT " + INODE_COLUMNS + " FROM %s.inode WHERE parent = ? AND name = ?");
      listInodes = prepare("SELECT name, " + INODE_COLUMNS + " FROM %s.inode WHERE parent = ?");
      insertInode = prepare("INSERT INTO %s.inode (parent, name, " + INODE_COLUMNS
          + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      deleteInode = prepare("DELETE FROM %s.inode WHERE parent = ? AND name = ?");
      deleteDirectory = prepare("DELETE FROM %s.inode WHERE parent = ?");
      insertSub = prepare("INSERT INTO %s.sblocks (block_id, sub, data) VALUES (?, ?, ?)");
      selectSub = prepare("SELECT data FROM %s.sblocks WHERE block_id = ? AND sub = ?");
      deleteBlock = prepare("DELETE FROM %s.sblocks WHERE block_id = ?");
      insertPending = prepare("INSERT INTO %s.pending (block_id, path, started) VALUES (?, ?, ?)");
      deletePending = prepare("DELETE FROM %s.pending WHERE block_id = ?");
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  private static final Set<DefaultConsistencyLevel> WEAKER_THAN_QUORUM = java.util.EnumSet.of(DefaultConsistencyLevel.ONE,
      DefaultConsistencyLevel.LOCAL_ONE, DefaultConsistencyLevel.TWO, DefaultConsistencyLevel.ANY);

  private static ConsistencyLevel level(Configuration conf, CfsConfigKeys key) {
    String v = key.get(conf).toUpperCase(Locale.ROOT);
    try {
      return DefaultConsistencyLevel.valueOf(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + " '" + v + "' is not a consistency level (ONE, QUORUM, LOCAL_QUORUM, ALL, ...)");
    }
  }

  private static CqlSession connect(URI uri, Configuration conf) throws IOException {
    String host = uri.getHost() == null ? "127.0.0.1" : uri.getHost();
    int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
    String keyspace = KEYSPACE.get(conf);
    // The driver's defaults as Java values: its usual HOCON loader parses reference.conf first,
    // 0.1 s of every JVM's first cfs:// access.
    OptionsMap config = OptionsMap.driverDefaults();
    config.put(TypedDriverOption.REQUEST_TIMEOUT,
        Duration.ofMillis(REQUEST_TIMEOUT.getMillis(conf)));
    // DDL waits for the driver's schema refresh; the default debounce costs a second a table.
    config.put(TypedDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(10));
    // Only this keyspace's schema is needed (its tables, and its replication for the token
    // map); the system keyspaces' would be fetched and parsed at every session start.
    config.put(TypedDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, Collections.singletonList(keyspace));
    // Closing waits out Netty's quiet period (2 s by default) for late tasks; every request is
    // done by the time a file system closes, so each job's close cost 2 s for nothing.
    config.put(TypedDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0);
    config.put(TypedDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, 0);
    // Daemon threads: a YARN task's JVM ends when its main method returns, and Hadoop's
    // shutdown hook then closes the file system. With the driver's default (non-daemon), every
    // task JVM on cfs:// lived on until the application master killed it, 60-75 s later,
    // holding its container: an HSSort of 8 maps on two containers took 5 minutes.
    config.put(TypedDriverOption.NETTY_DAEMON, true);
    config.put(TypedDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10));
    config.put(TypedDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10));
    // A node back from a restart is found within 2 s, not after the default backoff's up to
    // 60 s, during which every call fails with "No node was available".
    config.put(TypedDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(200));
    config.put(TypedDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(2));
    // Protocol v5 checksums every 128 KiB segment on both ends; sub-blocks are megabytes each
    // and TCP already checks them, so v4 (every Cassandra since 2.2) moves them cheaper.
    config.put(TypedDriverOption.PROTOCOL_VERSION, PROTOCOL.get(conf));
    // The jar leaves out the driver's optional native library (jnr); don't look for it.
    config.put(TypedDriverOption.TIMESTAMP_GENERATOR_FORCE_JAVA_CLOCK, true);
    // Every statement here gives the same result when applied twice (whole rows and whole
    // partitions, no counters or list appends), so a request whose node dies is sent to another.
    config.put(TypedDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true);
    String dc = DATACENTER.get(conf);
    if (dc == null) {
      config.put(TypedDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
    }
    String truststore = conf.getTrimmed(TRUSTSTORE.key(), "");
    if (!truststore.isEmpty()) {
      config.put(TypedDriverOption.SSL_ENGINE_FACTORY_CLASS, "DefaultSslEngineFactory");
      config.put(TypedDriverOption.SSL_TRUSTSTORE_PATH, truststore);
      config.put(TypedDriverOption.SSL_HOSTNAME_VALIDATION, HOSTNAME_VALIDATION.getBoolean(conf));
      // validate against the address the client was given, not a reverse DNS lookup of it
      config.put(TypedDriverOption.SSL_ALLOW_DNS_REVERSE_LOOKUP_SAN, false);
      char[] trustPassword = conf.getPassword(TRUSTSTORE_PASSWORD.key());
      if (trustPassword != null) {
        config.put(TypedDriverOption.SSL_TRUSTSTORE_PASSWORD, new String(trustPassword));
      }
      String keystore = conf.getTrimmed(KEYSTORE.key(), "");
      if (!keystore.isEmpty()) {
        config.put(TypedDriverOption.SSL_KEYSTORE_PATH, keystore);
        char[] keyPassword = conf.getPassword(KEYSTORE_PASSWORD.key());
        if (keyPassword != null) {
          config.put(TypedDriverOption.SSL_KEYSTORE_PASSWORD, new String(keyPassword));
        }
      }
    }
    CqlSessionBuilder builder = new QuickStartSessionBuilder().withClassLoader(CqlSession.class.getClassLoader())
        .withConfigLoader(DriverConfigLoader.fromMap(config))
        .addContactPoint(InetSocketAddress.createUnresolved(host, port));
    if (dc != null) {
      builder.withLocalDatacenter(dc);
    }
    String user = conf.getTrimmed(USERNAME.key(), "");
    if (!user.isEmpty()) {
      builder.withAuthCredentials(user, new String(password(conf, user)));
    }
    try {
      return builder.build();
    } catch (RuntimeException e) {
      Throwable first = firstError(e);
      String cause = String.valueOf(first.getMessage()).replaceFirst("^\\[[^]]*\\] ", "");
      Throwable ssl = first;
      while (ssl != null && !(ssl instanceof javax.net.ssl.SSLException)) {
        ssl = ssl.getCause();
      }
      if (ssl != null) {
        throw new IOException("cannot connect securely to Cassandra at " + host + ":" + port + " for " + uri + ": "
            + ssl.getMessage() + " (trust store " + truststore + ")", e);
      }
      if (first instanceof AuthenticationException) {
        throw new IOException("cannot log in to Cassandra at " + host + ":" + port + " for " + uri
            + (user.isEmpty() ? " (" + USERNAME + " is not set)" : " as '" + user + "'") + ": " + cause, e);
      }
      throw new IOException("cannot reach Cassandra at " + host + ":" + port + " for " + uri + ": " + cause
          + " (is it Cassandra's native transport port, 9042 by default?"
          + (truststore.isEmpty() ? " Does it require TLS, " + TRUSTSTORE + "?)" : ")"), e);
    }
  }

  /**
   * The password of {@code user}, through Hadoop's credential providers ({@code
   * hadoop.security.credential.provider.path}), so that it need not sit in a configuration file,
   * on a command line or in every job's job.xml; a plain {@code cfs.password} setting is the
   * fallback Hadoop allows.
   */
  private static char[] password(Configuration conf, String user) throws IOException {
    char[] password = conf.getPassword(PASSWORD.key());
    if (password == null) {
      throw new IOException("cfs: " + USERNAME + " is '" + user + "' but no " + PASSWORD + " was found: store it with"
          + " `hadoop credential create " + PASSWORD + " -provider jceks://file/PATH` and set"
          + " hadoop.security.credential.provider.path to that provider");
    }
    return password;
  }

  /**
   * The first node's own error, not the driver's advice and node dump around it: a port that is
   * no Cassandra's ends in "Protocol initialization request ... failed to send request", a wrong
   * password in an {@link AuthenticationException}.
   */
  private static Throwable firstError(RuntimeException e) {
    if (e instanceof AllNodesFailedException) {
      for (List<Throwable> errors : ((AllNodesFailedException) e).getAllErrors().values()) {
        for (Throwable t : errors) {
          return t;
        }
      }
    }
    return e;
  }

  /**
   * Creates the keyspace and tables unless they exist (DDL is slow, so look first), and the root's
   * row unless it exists: a client that died between the two must not leave a file system without
   * a root.
   */
  private void createSchema() {
    Optional<KeyspaceMetadata> ks = session.getMetadata().getKeyspace(keyspace);
    boolean tables = ks.isPresent() && ks.get().getTable("inode").isPresent()
        && ks.get().getTable("sblocks").isPresent() && ks.get().getTable("pending").isPresent();
    if (!tables) {
      for (String ddl : schema(conf)) {
        executeDdl(ddl);
      }
    }
    String root = String.format("SELECT kind FROM %s.inode WHERE parent = '.' AND name = '.'", keyspace);
    if (session.execute(SimpleStatement.newInstance(root).setConsistencyLevel(readLevel)).one() == null) {
      long now = System.currentTimeMillis();
      session.execute(SimpleStatement.newInstance(String.format("INSERT INTO %s.inode (parent, name, " + INODE_COLUMNS
          + ") VALUES ('.', '.', 'd', 0, 0, 0, null, ?, ?, ?, ?, ?) IF NOT EXISTS", keyspace),
          CassandraFileSystem.currentUser(), CassandraFileSystem.currentGroup(), (short) 0755,
          Instant.ofEpochMilli(now), Instant.ofEpochMilli(now)));
    }
  }

  /**
   * Runs one idempotent statement of the schema. On a cluster whose nodes are still learning of
   * each other (just started, or one just joined) the driver can see schema agreement before a
   * node has the new keyspace, and that node then answers "Keyspace ... doesn't exist": the
   * statement is tried again, for up to a minute, as the schema reaches it.
   */
  private void executeDdl(String ddl) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try {
        session.execute(SimpleStatement.newInstance(ddl).setTimeout(Duration.ofSeconds(60)));
        return;
      } catch (InvalidQueryException e) {
        if (!String.valueOf(e.getMessage()).contains("doesn't exist") || System.nanoTime() > deadline) {
          throw e;
        }
        session.checkSchemaAgreement();
        try {
          Thread.sleep(200);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
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

  private PreparedStatement prepare(String cql) {
    return session.prepare(String.format(cql, keyspace));
  }

  private BoundStatement read(BoundStatement s) {
    return s.setConsistencyLevel(readLevel);
  }

  private BoundStatement write(BoundStatement s) {
    return s.setConsistencyLevel(writeLevel);
  }

  /** The keyspace's replication factor, summed over data centers: every block's replica count. */
  short replication() {
    Optional<KeyspaceMetadata> ks = session.getMetadata().getKeyspace(keyspace);
    int total = 0;
    if (ks.isPresent()) {
      for (java.util.Map.Entry<String, String> e : ks.get().getReplication().entrySet()) {
        if (!e.getKey().equals("class")) {
          total += Integer.parseInt(e.getValue().replaceAll("/.*", ""));
        }
      }
    }
    return (short) Math.max(1, total);
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
      BoundStatement lookup = selectInode.bind(Inode.parentOf(path), Inode.nameOf(path));
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
      BoundStatement listing = read(listInodes.bind(dir));
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
    io("writing " + n.path, () -> session.execute(write(insertInode.bind(Inode.parentOf(n.path), Inode.nameOf(n.path),
        n.kind, n.length, n.blockSize, n.subBlockSize, blocks, n.owner, n.group, n.permission,
        Instant.ofEpochMilli(n.mtime), Instant.ofEpochMilli(n.atime)))));
  }

  void remove(String path) throws IOException {
    io("removing " + path, () -> session.execute(write(deleteInode.bind(Inode.parentOf(path), Inode.nameOf(path)))));
  }

  /** Drops a directory's whole listing partition in one tombstone. */
  void removeChildren(String dir) throws IOException {
    io("removing the entries of " + dir, () -> session.execute(write(deleteDirectory.bind(dir))));
  }

  CompletionStage<AsyncResultSet> writeSub(UUID block, int sub, ByteBuffer data) {
    return session.executeAsync(write(insertSub.bind(block, sub, data)));
  }

  /** A sub-block's bytes, or null if the row is missing (asked again at QUORUM first, see recheckLevel). */
  CompletionStage<ByteBuffer> readSub(UUID block, int sub) {
    BoundStatement fetch = read(selectSub.bind(block, sub));
    return session.executeAsync(fetch).thenCompose(rs -> {
      Row r = rs.one();
      if (r == null && recheckLevel != null) {
        return session.executeAsync(fetch.setConsistencyLevel(recheckLevel)).thenApply(again -> data(again.one()));
      }
      return java.util.concurrent.CompletableFuture.completedFuture(data(r));
    });
  }

  private static ByteBuffer data(Row r) {
    return r == null ? null : r.getByteBuffer(0);
  }

  /** Deletes whole blocks (their sblocks partitions), all requests in flight at once. */
  void removeBlocks(Collection<UUID> blocks) throws IOException {
    removeAll(deleteBlock, blocks, "deleting blocks");
  }

  void addPending(UUID block, String path) throws IOException {
    io("recording a block of " + path, () -> session.execute(write(insertPending.bind(block, path, Instant.now()))));
  }

  void removePending(Collection<UUID> blocks) throws IOException {
    removeAll(deletePending, blocks, "dropping pending rows");
  }

  private void removeAll(PreparedStatement delete, Collection<UUID> ids, String what) throws IOException {
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
    Optional<TokenMap> ring = session.getMetadata().getTokenMap();
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

  @Override
  public void close() {
    session.close();
  }
}

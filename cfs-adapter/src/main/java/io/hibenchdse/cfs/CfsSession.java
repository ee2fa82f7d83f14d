package io.hibenchdse.cfs;

import static io.hibenchdse.cfs.CfsConfigKeys.DATACENTER;
import static io.hibenchdse.cfs.CfsConfigKeys.HOSTNAME_VALIDATION;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSPACE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PROTOCOL;
import static io.hibenchdse.cfs.CfsConfigKeys.READ_CL;
import static io.hibenchdse.cfs.CfsConfigKeys.REQUEST_TIMEOUT;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.USERNAME;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
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
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.internal.core.util.concurrent.CompletableFutures;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;

/**
 * A driver session with cfs://'s prepared statements, shared by every client in the JVM that reaches
 * the same cluster with the same connection and schema settings: Hadoop caches one {@code
 * FileSystem} per scheme, authority and user, so a Hive session, {@code FileSystem.newInstance} or
 * another user each made a client of their own, and each paid a session's start, the schema check
 * and ten prepares (about 0.1 s against HDFS's few milliseconds). Reference-counted: the JVM's last
 * client to close closes it. Per-client settings (consistency levels, block sizes, read-ahead) are
 * applied per statement and stay the client's.
 */
final class CfsSession {
  /** Settings that are the client's own, not the session's: they do not keep two clients apart. */
  private static final java.util.Set<CfsConfigKeys> PER_CLIENT = java.util.EnumSet.of(CfsConfigKeys.READ_CL,
      CfsConfigKeys.WRITE_CL, CfsConfigKeys.BLOCK_SIZE, CfsConfigKeys.SUB_BLOCK_SIZE, CfsConfigKeys.WRITE_IN_FLIGHT,
      CfsConfigKeys.READ_AHEAD, CfsConfigKeys.STRICT_SYNCABLE, CfsConfigKeys.PRELOAD);
  private static final Map<List<String>, CfsSession> OPEN = new HashMap<>();
  private static final List<String> TABLES = java.util.Arrays.asList("inode", "sblocks", "pending");

  private final List<String> key;
  private int clients;
  final CqlSession session;
  final Query selectInode;
  final Query listInodes;
  final Query insertInode;
  final Query deleteInode;
  final Query deleteDirectory;
  final Query insertSub;
  final Query selectSub;
  final Query deleteBlock;
  final Query insertPending;
  final Query deletePending;
  private final String keyspace;
  /** The keyspace's replication factor summed over data centers: every block's replica count. */
  final short replication;
  final boolean durableWrites;
  /** The compaction of {@code sblocks}, as CQL's map literal. */
  final String compaction;
  /** The driver's schema metadata, enabled once the session is up: the token map needs it. */
  private final CompletableFuture<Metadata> ring;

  /**
   * The session for {@code uri} with {@code conf}'s settings (its defaults filled in): the open one,
   * or a new one, connected, the schema created if missing and the statements being prepared.
   */
  static synchronized CfsSession acquire(URI uri, Configuration conf) throws IOException {
    if (CfsConfigKeys.PRELOAD.getBoolean(conf)) {
      SessionClasses.preload();
    }
    List<String> key = key(uri, conf);
    CfsSession s = OPEN.get(key);
    if (s == null || !s.connected()) {
      // one that lost its nodes waits out its reconnection backoff, failing every call until then;
      // a new client connects at once, as it did with a session of its own
      s = new CfsSession(key, uri, conf);
      OPEN.put(key, s);
    }
    s.clients++;
    return s;
  }

  /** One client fewer; the last closes the session. */
  static synchronized void release(CfsSession s) {
    if (--s.clients == 0) {
      OPEN.remove(s.key, s);
      s.session.close();
    }
  }

  /** Whether the session has a connection open to a node that is up. */
  private boolean connected() {
    for (Node n : session.getMetadata().getNodes().values()) {
      if (n.getState() == NodeState.UP && n.getOpenConnections() > 0) {
        return true;
      }
    }
    return false;
  }

  /** The cluster's address and every setting that shapes the session or the schema, passwords included. */
  private static List<String> key(URI uri, Configuration conf) throws IOException {
    List<String> key = new ArrayList<>();
    key.add(uri.getHost() + ":" + uri.getPort());
    for (CfsConfigKeys k : CfsConfigKeys.values()) {
      if (!PER_CLIENT.contains(k)) {
        char[] secret = k == PASSWORD || k == TRUSTSTORE_PASSWORD || k == KEYSTORE_PASSWORD ? conf.getPassword(k.key()) : null;
        key.add(k.key() + "=" + (secret != null ? new String(secret) : conf.getTrimmed(k.key(), "")));
      }
    }
    return key;
  }

  private CfsSession(List<String> key, URI uri, Configuration conf) throws IOException {
    this.key = key;
    keyspace = KEYSPACE.get(conf);
    session = connect(uri, conf);
    try {
      // What the keyspace has, which an earlier client may have created otherwise: results record it.
      // Read from system_schema: the driver's schema metadata is not there yet (see ring).
      CompletionStage<AsyncResultSet> keyspaceRow = keyspaceRow();
      Map<String, Map<String, String>> tables = tables();
      Row ks = CompletableFutures.getUninterruptibly(keyspaceRow).one();
      if (ks == null || !tables.keySet().containsAll(TABLES)) {
        // missing, or another client's DDL has not reached the node that answered
        createSchema(conf);
        // a node can answer before the schema has reached it, even after the nodes said they agree
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
          ks = CompletableFutures.getUninterruptibly(keyspaceRow()).one();
          tables = tables();
          if (ks != null && tables.keySet().containsAll(TABLES)) {
            break;
          }
          if (System.nanoTime() > deadline) {
            throw new IOException("cfs: keyspace " + keyspace + " or its tables " + TABLES + " are still missing 60 s after"
                + " they were created (tables found: " + tables.keySet() + ")");
          }
          sleep(200);
        }
      }
      replication = replication(ks.getMap("replication", String.class, String.class));
      durableWrites = ks.getBoolean("durable_writes");
      compaction = CfsStore.cqlMap(tables.get("sblocks"));
      // A fresh JVM's first use of each statement waits for it, not the session's start for all ten.
      selectInode = new Query("SELECT " + CfsStore.INODE_COLUMNS + " FROM %s.inode WHERE parent = ? AND name = ?");
      listInodes = new Query("SELECT name, " + CfsStore.INODE_COLUMNS + " FROM %s.inode WHERE parent = ?");
      insertInode = new Query("INSERT INTO %s.inode (parent, name, " + CfsStore.INODE_COLUMNS
          + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      deleteInode = new Query("DELETE FROM %s.inode WHERE parent = ? AND name = ?");
      deleteDirectory = new Query("DELETE FROM %s.inode WHERE parent = ?");
      insertSub = new Query("INSERT INTO %s.sblocks (block_id, sub, data) VALUES (?, ?, ?)");
      selectSub = new Query("SELECT data FROM %s.sblocks WHERE block_id = ? AND sub = ?");
      deleteBlock = new Query("DELETE FROM %s.sblocks WHERE block_id = ?");
      insertPending = new Query("INSERT INTO %s.pending (block_id, path, started) VALUES (?, ?, ?)");
      deletePending = new Query("DELETE FROM %s.pending WHERE block_id = ?");
      ensureRoot(CfsStore.level(conf, READ_CL));
      // Parsing the schema (about 250 of the driver's classes) is for the token map, which routes
      // requests to a block's replicas and gives block locations; it runs on the driver's admin
      // thread while the client answers its first calls, not before them.
      ring = session.setSchemaMetadataEnabled(true).toCompletableFuture();
      SessionClasses.connected();
    } catch (RuntimeException | IOException e) {
      session.close();
      throw e;
    }
  }

  /**
   * A statement of cfs://, prepared in the background from the session's start. One whose preparing
   * failed (a timeout, a node that did not have the tables yet) is prepared again at its next use,
   * not failed for the life of the session.
   */
  final class Query {
    private final String cql;
    private final AtomicReference<CompletableFuture<PreparedStatement>> prepared = new AtomicReference<>();

    private Query(String cql) {
      this.cql = String.format(cql, keyspace);
      prepared.set(session.prepareAsync(this.cql).toCompletableFuture());
    }

    private CompletableFuture<PreparedStatement> prepared() {
      CompletableFuture<PreparedStatement> p = prepared.get();
      if (p.isCompletedExceptionally()) {
        CompletableFuture<PreparedStatement> again = session.prepareAsync(cql).toCompletableFuture();
        p = prepared.compareAndSet(p, again) ? again : prepared.get();
      }
      return p;
    }

    /** Bound to {@code values}; waits for the preparing, and throws the driver's error if it failed. */
    BoundStatement bind(Object... values) {
      try {
        return prepared().join().bind(values);
      } catch (CompletionException e) {
        Throwable cause = e.getCause();
        // a copy, with this caller's stack: the failed preparing is shared by every client
        throw cause instanceof DriverException ? ((DriverException) cause).copy() : e;
      }
    }

    /** Bound to {@code values} and run; once prepared, straight to the driver (so a cancel reaches it). */
    CompletionStage<AsyncResultSet> executeAsync(java.util.function.UnaryOperator<BoundStatement> settings, Object... values) {
      CompletableFuture<PreparedStatement> p = prepared();
      if (p.isDone() && !p.isCompletedExceptionally()) {
        return session.executeAsync(settings.apply(p.join().bind(values)));
      }
      return p.thenCompose(ready -> session.executeAsync(settings.apply(ready.bind(values))));
    }
  }

  private static CqlSession connect(URI uri, Configuration conf) throws IOException {
    String host = uri.getHost() == null ? "127.0.0.1" : uri.getHost();
    int port = uri.getPort() < 0 ? CfsStore.DEFAULT_PORT : uri.getPort();
    String keyspace = KEYSPACE.get(conf);
    // The driver's defaults as Java values: its usual HOCON loader parses reference.conf first,
    // 0.1 s of every JVM's first cfs:// access.
    OptionsMap config = OptionsMap.driverDefaults();
    config.put(TypedDriverOption.REQUEST_TIMEOUT,
        Duration.ofMillis(REQUEST_TIMEOUT.getMillis(conf)));
    // A schema change is followed by a refresh; the default debounce costs a second a table.
    config.put(TypedDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(10));
    // Only this keyspace's schema is needed (its replication, for the token map); the system
    // keyspaces' would be fetched and parsed too. And not before the first answer: see ring.
    config.put(TypedDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, Collections.singletonList(keyspace));
    config.put(TypedDriverOption.METADATA_SCHEMA_ENABLED, false);
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
   * Creates the keyspace and the tables that are missing, and waits until every node has them: the
   * statements are prepared next, on every node.
   */
  private void createSchema(Configuration conf) throws IOException {
    for (String ddl : CfsStore.schema(conf)) {
      executeDdl(ddl);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    // each check polls the nodes for up to the driver's schema agreement timeout (10 s)
    while (!session.checkSchemaAgreement()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("cfs: the nodes did not agree on the schema of keyspace " + keyspace
            + " within 60 s of creating it (is a node down or unreachable?)");
      }
    }
  }

  private static void sleep(long ms) throws IOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("cfs: interrupted while waiting for the schema");
    }
  }

  private CompletionStage<AsyncResultSet> keyspaceRow() {
    return session.executeAsync(SimpleStatement.newInstance(
        "SELECT replication, durable_writes FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace));
  }

  /**
   * Writes the root's row unless it exists: a client that died between creating the tables and
   * this must not leave a file system without a root.
   */
  private void ensureRoot(ConsistencyLevel readLevel) {
    String root = String.format("SELECT kind FROM %s.inode WHERE parent = '.' AND name = '.'", keyspace);
    if (session.execute(SimpleStatement.newInstance(root).setConsistencyLevel(readLevel)).one() == null) {
      long now = System.currentTimeMillis();
      session.execute(SimpleStatement.newInstance(String.format("INSERT INTO %s.inode (parent, name, " + CfsStore.INODE_COLUMNS
          + ") VALUES ('.', '.', 'd', 0, 0, 0, null, ?, ?, ?, ?, ?) IF NOT EXISTS", keyspace),
          CassandraFileSystem.currentUser(), CassandraFileSystem.currentGroup(), (short) 0755,
          Instant.ofEpochMilli(now), Instant.ofEpochMilli(now)));
    }
  }

  /** The keyspace's tables with their compaction. */
  private Map<String, Map<String, String>> tables() {
    Map<String, Map<String, String>> tables = new HashMap<>();
    for (Row r : session.execute(SimpleStatement.newInstance(
        "SELECT table_name, compaction FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
      tables.put(r.getString("table_name"), r.getMap("compaction", String.class, String.class));
    }
    return tables;
  }

  private static short replication(Map<String, String> replication) {
    int total = 0;
    for (Map.Entry<String, String> e : replication.entrySet()) {
      if (!e.getKey().equals("class")) {
        total += Integer.parseInt(e.getValue().replaceAll("/.*", ""));
      }
    }
    return (short) Math.max(1, total);
  }

  /**
   * The driver's metadata with the keyspace's schema and the token map, waiting for their first
   * refresh (started with the session) for up to {@code timeout}; without it, what the driver has.
   */
  Metadata metadata(Duration timeout) {
    try {
      ring.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      // a refresh that failed or is late leaves the metadata the driver has; the driver retries
    }
    // the driver's current metadata, not the refresh's snapshot: nodes come and go
    return session.getMetadata();
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

}

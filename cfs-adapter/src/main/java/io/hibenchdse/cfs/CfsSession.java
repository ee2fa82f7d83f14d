package io.hibenchdse.cfs;

import static io.hibenchdse.cfs.CfsConfigKeys.KEYSPACE;
import static io.hibenchdse.cfs.CfsConfigKeys.KEYSTORE_PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.PASSWORD;
import static io.hibenchdse.cfs.CfsConfigKeys.READ_CL;
import static io.hibenchdse.cfs.CfsConfigKeys.TRUSTSTORE_PASSWORD;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
  private static final Set<CfsConfigKeys> PER_CLIENT = EnumSet.of(CfsConfigKeys.READ_CL,
      CfsConfigKeys.WRITE_CL, CfsConfigKeys.BLOCK_SIZE, CfsConfigKeys.SUB_BLOCK_SIZE, CfsConfigKeys.WRITE_IN_FLIGHT,
      CfsConfigKeys.READ_AHEAD, CfsConfigKeys.STRICT_SYNCABLE, CfsConfigKeys.PRELOAD);
  private static final Map<List<String>, CfsSession> OPEN = new HashMap<>();

  private final List<String> key;
  private int clients;
  final CqlSession session;
  final CfsStatement selectInode;
  final CfsStatement listInodes;
  final CfsStatement insertInode;
  final CfsStatement deleteInode;
  final CfsStatement deleteDirectory;
  final CfsStatement insertSub;
  final CfsStatement selectSub;
  final CfsStatement deleteBlock;
  final CfsStatement insertPending;
  final CfsStatement deletePending;
  private final String keyspace;
  /** The keyspace as the session found or made it. */
  final CfsSchema schema;
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
    session = CfsDriver.connect(uri, conf);
    try {
      schema = CfsSchema.ensure(session, keyspace, conf);
      // A fresh JVM's first use of each statement waits for it, not the session's start for all ten.
      selectInode = statement("SELECT " + CfsStore.INODE_COLUMNS + " FROM %s.inode WHERE parent = ? AND name = ?");
      listInodes = statement("SELECT name, " + CfsStore.INODE_COLUMNS + " FROM %s.inode WHERE parent = ?");
      insertInode = statement("INSERT INTO %s.inode (parent, name, " + CfsStore.INODE_COLUMNS
          + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      deleteInode = statement("DELETE FROM %s.inode WHERE parent = ? AND name = ?");
      deleteDirectory = statement("DELETE FROM %s.inode WHERE parent = ?");
      insertSub = statement("INSERT INTO %s.sblocks (block_id, sub, data) VALUES (?, ?, ?)");
      selectSub = statement("SELECT data FROM %s.sblocks WHERE block_id = ? AND sub = ?");
      deleteBlock = statement("DELETE FROM %s.sblocks WHERE block_id = ?");
      insertPending = statement("INSERT INTO %s.pending (block_id, path, started) VALUES (?, ?, ?)");
      deletePending = statement("DELETE FROM %s.pending WHERE block_id = ?");
      CfsSchema.ensureRoot(session, keyspace, CfsStore.level(conf, READ_CL));
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

  private CfsStatement statement(String cql) {
    return new CfsStatement(session, keyspace, cql);
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
    } catch (ExecutionException | TimeoutException e) {
      // a refresh that failed or is late leaves the metadata the driver has; the driver retries
    }
    // the driver's current metadata, not the refresh's snapshot: nodes come and go
    return session.getMetadata();
  }
}

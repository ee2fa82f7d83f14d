package io.hibenchdse.cfs;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.WriteFailureException;
import com.datastax.oss.driver.internal.core.util.concurrent.CompletableFutures;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.hadoop.conf.Configuration;

/**
 * cfs://'s keyspace as a client finds it, created where it is missing, with what results record of
 * it: replication, {@code durable_writes} and the compaction of {@code sblocks}. Read from
 * {@code system_schema}, as the driver's schema metadata is not there yet when a session starts.
 */
final class CfsSchema {
  private static final List<String> TABLES = Arrays.asList("inode", "sblocks", "pending");

  /** The keyspace's replication factor summed over data centers: every block's replica count. */
  final short replication;
  final boolean durableWrites;
  /** The compaction of {@code sblocks}, as CQL's map literal. */
  final String compaction;

  private CfsSchema(Row keyspaceRow, Map<String, Map<String, String>> tables) {
    replication = replication(keyspaceRow.getMap("replication", String.class, String.class));
    durableWrites = keyspaceRow.getBoolean("durable_writes");
    compaction = CfsStore.cqlMap(tables.get("sblocks"));
  }

  /** The keyspace of {@code conf} on {@code session}'s cluster, created with its tables if missing. */
  static CfsSchema ensure(CqlSession session, String keyspace, Configuration conf) throws IOException {
    CompletionStage<AsyncResultSet> keyspaceRow = keyspaceRow(session, keyspace);
    Map<String, Map<String, String>> tables = tables(session, keyspace);
    Row ks = CompletableFutures.getUninterruptibly(keyspaceRow).one();
    if (ks != null && tables.keySet().containsAll(TABLES)) {
      return new CfsSchema(ks, tables);
    }
    // missing, or another client's DDL has not reached the node that answered
    create(session, keyspace, conf);
    // a node can answer before the schema has reached it, even after the nodes said they agree
    List<Map<String, Map<String, String>>> found = new ArrayList<>(Collections.singletonList(tables));
    return SchemaWait.until(() -> {
      Row k = CompletableFutures.getUninterruptibly(keyspaceRow(session, keyspace)).one();
      found.set(0, tables(session, keyspace));
      return k != null && found.get(0).keySet().containsAll(TABLES) ? new CfsSchema(k, found.get(0)) : null;
    }, SchemaWait.PAUSE_MS, () -> "cfs: keyspace " + keyspace + " or its tables " + TABLES + " were still missing after they"
        + " were created (tables found: " + found.get(0).keySet() + ")");
  }

  /**
   * Creates the keyspace and the tables that are missing, and waits until every node has them: the
   * statements are prepared next, on every node.
   */
  private static void create(CqlSession session, String keyspace, Configuration conf) throws IOException {
    for (String ddl : CfsStore.schema(conf)) {
      execute(session, ddl);
    }
    // each check polls the nodes for up to the driver's schema agreement timeout (10 s)
    SchemaWait.until(() -> session.checkSchemaAgreement() ? Boolean.TRUE : null, 0,
        () -> "cfs: the nodes did not agree on the schema of keyspace " + keyspace + " (is a node down or unreachable?)");
  }

  /**
   * Runs one idempotent statement of the schema. On a cluster whose nodes are still learning of
   * each other (just started, or one just joined) the driver can see schema agreement before a node
   * has the new keyspace, and that node then answers "Keyspace ... doesn't exist": the statement
   * is tried again as the schema reaches it.
   */
  private static void execute(CqlSession session, String ddl) throws IOException {
    String[] last = {""};
    SchemaWait.until(() -> {
      try {
        session.execute(SimpleStatement.newInstance(ddl).setTimeout(Duration.ofSeconds(SchemaWait.TIMEOUT_SECONDS)));
        return Boolean.TRUE;
      } catch (InvalidQueryException e) {
        if (!String.valueOf(e.getMessage()).contains("doesn't exist")) {
          throw e;
        }
        last[0] = e.getMessage();
        session.checkSchemaAgreement();
        return null;
      }
    }, SchemaWait.PAUSE_MS, () -> "cfs: " + ddl + " kept failing (" + last[0] + ")");
  }

  private static CompletionStage<AsyncResultSet> keyspaceRow(CqlSession session, String keyspace) {
    return session.executeAsync(SimpleStatement.newInstance(
        "SELECT replication, durable_writes FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace));
  }

  /** The keyspace's tables with their compaction. */
  private static Map<String, Map<String, String>> tables(CqlSession session, String keyspace) {
    Map<String, Map<String, String>> tables = new HashMap<>();
    for (Row r : session.execute(SimpleStatement.newInstance(
        "SELECT table_name, compaction FROM system_schema.tables WHERE keyspace_name = ?", keyspace))) {
      tables.put(r.getString("table_name"), r.getMap("compaction", String.class, String.class));
    }
    return tables;
  }

  /**
   * Writes the root's row unless it exists: a client that died between creating the tables and
   * this must not leave a file system without a root. It is the first read and write of a new
   * keyspace's data, and on a cluster just started the replica that holds the root can still be
   * without the tables when the driver already sees the nodes agree (it counts only the nodes it
   * has found up): that replica's failure is tried again as the schema reaches it. A replica
   * without the tables answers a read with a failure, and the insert's Paxos rounds with nothing,
   * which ends in a timeout: both are tried again.
   */
  static void ensureRoot(CqlSession session, String keyspace, ConsistencyLevel readLevel) throws IOException {
    String[] last = {""};
    SchemaWait.until(() -> {
      try {
        writeRootUnlessFound(session, keyspace, readLevel);
        return Boolean.TRUE;
      } catch (ReadFailureException e) {
        last[0] = e.getMessage() + ", reasons " + e.getReasonMap();
      } catch (WriteFailureException e) {
        last[0] = e.getMessage() + ", reasons " + e.getReasonMap();
      } catch (QueryConsistencyException e) {
        last[0] = e.getMessage();
      }
      return null;
    }, SchemaWait.PAUSE_MS, () -> "cfs: the root of keyspace " + keyspace + " could not be read or written (" + last[0] + ")");
  }

  private static void writeRootUnlessFound(CqlSession session, String keyspace, ConsistencyLevel readLevel) {
    String root = String.format("SELECT kind FROM %s.inode WHERE parent = '.' AND name = '.'", keyspace);
    if (session.execute(SimpleStatement.newInstance(root).setConsistencyLevel(readLevel)).one() == null) {
      long now = System.currentTimeMillis();
      session.execute(SimpleStatement.newInstance(String.format("INSERT INTO %s.inode (parent, name, " + CfsStore.INODE_COLUMNS
          + ") VALUES ('.', '.', 'd', 0, 0, 0, null, ?, ?, ?, ?, ?) IF NOT EXISTS", keyspace),
          CassandraFileSystem.currentUser(), CassandraFileSystem.currentGroup(), (short) 0755,
          Instant.ofEpochMilli(now), Instant.ofEpochMilli(now)));
    }
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
}

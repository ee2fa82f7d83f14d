package io.hibenchdse.ycsb;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.OptionsMap;
import com.datastax.oss.driver.api.core.config.TypedDriverOption;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.hibenchdse.cfs.DriverTuning;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import javax.net.ssl.SSLContext;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code cassandra-cql} binding on the Apache Cassandra Java driver 4: one session shared by
 * the client threads, prepared statements per field set, the stock binding's property names
 * ({@link CassandraCqlKeys}), so an existing YCSB command line or properties file works unchanged.
 * Unlike the stock binding it creates the keyspace and table when they are missing (a load into a
 * missing table otherwise fails every insert), and reads values back as the strings it wrote.
 */
public class CassandraCqlClient extends DB {
  /** The session and statements every thread of this JVM shares, closed with the last thread. */
  private static final class Shared implements PerJvm.Closeable {
    final CqlSession session;
    final String table;
    final ConsistencyLevel read;
    final ConsistencyLevel write;
    final ConcurrentMap<Set<String>, PreparedStatement> reads = new ConcurrentHashMap<>();
    final ConcurrentMap<Set<String>, PreparedStatement> scans = new ConcurrentHashMap<>();
    final ConcurrentMap<List<String>, PreparedStatement> inserts = new ConcurrentHashMap<>();
    final ConcurrentMap<List<String>, PreparedStatement> updates = new ConcurrentHashMap<>();
    final PreparedStatement delete;

    Shared(Properties p) throws DBException {
      String hosts = p.getProperty(CassandraCqlKeys.HOSTS);
      if (hosts == null || hosts.trim().isEmpty()) {
        throw new DBException("required property " + CassandraCqlKeys.HOSTS + " is missing: -p hosts=HOST[,HOST...]");
      }
      int port = Integer.parseInt(p.getProperty(CassandraCqlKeys.PORT, CassandraCqlKeys.PORT_DEFAULT));
      String keyspace = p.getProperty(CassandraCqlKeys.KEYSPACE, CassandraCqlKeys.KEYSPACE_DEFAULT);
      table = p.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT);
      read = DefaultConsistencyLevel.valueOf(p.getProperty(CassandraCqlKeys.READ_CL, CassandraCqlKeys.CL_DEFAULT));
      write = DefaultConsistencyLevel.valueOf(p.getProperty(CassandraCqlKeys.WRITE_CL, CassandraCqlKeys.CL_DEFAULT));

      String dc = p.getProperty(CassandraCqlKeys.LOCAL_DATACENTER);
      OptionsMap config = DriverTuning.defaults(dc != null);
      config.put(TypedDriverOption.CONNECTION_CONNECT_TIMEOUT,
          Duration.ofMillis(Long.parseLong(p.getProperty(CassandraCqlKeys.CONNECT_TIMEOUT_MS, "5000"))));
      config.put(TypedDriverOption.REQUEST_TIMEOUT,
          Duration.ofMillis(Long.parseLong(p.getProperty(CassandraCqlKeys.READ_TIMEOUT_MS, "12000"))));
      config.put(TypedDriverOption.CONNECTION_POOL_LOCAL_SIZE,
          Integer.parseInt(p.getProperty(CassandraCqlKeys.MAX_CONNECTIONS, p.getProperty(CassandraCqlKeys.CORE_CONNECTIONS, "1"))));
      CqlSessionBuilder builder = CqlSession.builder().withConfigLoader(DriverConfigLoader.fromMap(config));
      if (dc != null) {
        builder.withLocalDatacenter(dc);
      }
      for (String host : hosts.split(",")) {
        builder.addContactPoint(new InetSocketAddress(host.trim(), port));
      }
      String user = p.getProperty(CassandraCqlKeys.USERNAME);
      if (user != null && !user.isEmpty()) {
        builder.withAuthCredentials(user, p.getProperty(CassandraCqlKeys.PASSWORD, ""));
      }
      try {
        if (Boolean.parseBoolean(p.getProperty(CassandraCqlKeys.USE_SSL, "false"))) {
          builder.withSslContext(SSLContext.getDefault()); // javax.net.ssl.trustStore, as the stock binding's driver
        }
        session = builder.build();
      } catch (RuntimeException | java.security.NoSuchAlgorithmException e) {
        throw new DBException("cannot reach Cassandra at " + hosts + ":" + port + ": " + e.getMessage(), e);
      }
      try {
        createSchema(p, keyspace);
      } catch (RuntimeException e) {
        session.close();
        throw new DBException("cannot create " + keyspace + "." + table + " at " + hosts + ":" + port + ": " + e.getMessage(), e);
      }
      delete = prepare("DELETE FROM " + table + " WHERE " + CassandraCqlKeys.KEY_COLUMN + " = ?", write);
    }

    /** The keyspace and table, when missing: replication as asked, the fields as YCSB's workload names them. */
    private void createSchema(Properties p, String keyspace) {
      int replication = Integer.parseInt(p.getProperty(CassandraCqlKeys.REPLICATION, CassandraCqlKeys.REPLICATION_DEFAULT));
      session.execute(SimpleStatement.newInstance("CREATE KEYSPACE IF NOT EXISTS " + keyspace
          + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + replication + "}"));
      int fields = Integer.parseInt(p.getProperty(CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT));
      String prefix = p.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT);
      StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS " + keyspace + "." + table + " ("
          + CassandraCqlKeys.KEY_COLUMN + " varchar PRIMARY KEY");
      for (int i = 0; i < fields; i++) {
        ddl.append(", ").append(prefix).append(i).append(" varchar");
      }
      session.execute(SimpleStatement.newInstance(ddl.append(")").toString()));
      session.execute(SimpleStatement.newInstance("USE " + keyspace));
    }

    @Override
    public void close() {
      session.close();
    }

    PreparedStatement prepare(String cql, ConsistencyLevel level) {
      return session.prepare(SimpleStatement.newInstance(cql).setConsistencyLevel(level));
    }
  }

  private static final PerJvm<Shared> SHARED = new PerJvm<>();
  private Shared s;

  @Override
  public void init() throws DBException {
    s = SHARED.acquire(() -> new Shared(getProperties()));
  }

  @Override
  public void cleanup() {
    SHARED.release(s);
    s = null;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    try {
      PreparedStatement stmt = s.reads.computeIfAbsent(fields == null ? Set.of() : new HashSet<>(fields),
          f -> s.prepare("SELECT " + columns(f) + " FROM " + table + " WHERE " + CassandraCqlKeys.KEY_COLUMN + " = ?", s.read));
      Row row = s.session.execute(stmt.bind(key)).one();
      if (row == null) {
        return Status.NOT_FOUND;
      }
      put(row, result);
      return Status.OK;
    } catch (RuntimeException e) {
      return Errors.of("read", key, e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      PreparedStatement stmt = s.scans.computeIfAbsent(fields == null ? Set.of() : new HashSet<>(fields),
          f -> s.prepare("SELECT " + columns(f) + " FROM " + table + " WHERE token(" + CassandraCqlKeys.KEY_COLUMN
              + ") >= token(?) LIMIT ?", s.read));
      ResultSet rows = s.session.execute(stmt.bind(startkey, recordcount));
      for (Row row : rows) {
        HashMap<String, ByteIterator> tuple = new HashMap<>();
        put(row, tuple);
        result.add(tuple);
      }
      return Status.OK;
    } catch (RuntimeException e) {
      return Errors.of("scan", startkey, e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    try {
      List<String> fields = new ArrayList<>(values.keySet());
      PreparedStatement stmt = s.updates.computeIfAbsent(fields, f -> {
        StringBuilder cql = new StringBuilder("UPDATE " + table + " SET ");
        for (int i = 0; i < f.size(); i++) {
          cql.append(i == 0 ? "" : ", ").append(f.get(i)).append(" = ?");
        }
        return s.prepare(cql.append(" WHERE ").append(CassandraCqlKeys.KEY_COLUMN).append(" = ?").toString(), s.write);
      });
      BoundStatementBuilder b = stmt.boundStatementBuilder();
      for (int i = 0; i < fields.size(); i++) {
        b.setString(i, values.get(fields.get(i)).toString());
      }
      s.session.execute(b.setString(fields.size(), key).build());
      return Status.OK;
    } catch (RuntimeException e) {
      return Errors.of("update", key, e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    try {
      List<String> fields = new ArrayList<>(values.keySet());
      PreparedStatement stmt = s.inserts.computeIfAbsent(fields, f -> {
        StringBuilder cql = new StringBuilder("INSERT INTO " + table + " (" + CassandraCqlKeys.KEY_COLUMN);
        StringBuilder marks = new StringBuilder("?");
        for (String field : f) {
          cql.append(", ").append(field);
          marks.append(", ?");
        }
        return s.prepare(cql.append(") VALUES (").append(marks).append(")").toString(), s.write);
      });
      BoundStatementBuilder b = stmt.boundStatementBuilder().setString(0, key);
      for (int i = 0; i < fields.size(); i++) {
        b.setString(i + 1, values.get(fields.get(i)).toString());
      }
      s.session.execute(b.build());
      return Status.OK;
    } catch (RuntimeException e) {
      return Errors.of("insert", key, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    try {
      s.session.execute(s.delete.bind(key));
      return Status.OK;
    } catch (RuntimeException e) {
      return Errors.of("delete", key, e);
    }
  }

  private static String columns(Set<String> fields) {
    return fields.isEmpty() ? "*" : String.join(", ", fields);
  }

  private static void put(Row row, Map<String, ByteIterator> into) {
    for (ColumnDefinition c : row.getColumnDefinitions()) {
      String name = c.getName().asInternal();
      if (!name.equals(CassandraCqlKeys.KEY_COLUMN)) {
        String v = row.getString(c.getName());
        into.put(name, v == null ? null : new StringByteIterator(v));
      }
    }
  }
}

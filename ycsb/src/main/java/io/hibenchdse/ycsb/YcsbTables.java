package io.hibenchdse.ycsb;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.hibenchdse.cfs.DriverTuning;
import java.net.InetSocketAddress;

/**
 * The tables YCSB's loads fill, emptied before each load so that every repetition starts as the
 * first did: a load over old rows overwrites them and leaves the nodes more to compact. Emptied
 * with TRUNCATE, which keeps the schema (dropping it and having the binding create it again costs a
 * load seconds of schema changes). Used from the launcher's JVM: the driver alone, no YCSB class.
 */
public final class YcsbTables implements AutoCloseable {
  private final CqlSession session;

  /** A session with the cluster of {@code host:port}. */
  public YcsbTables(String host, int port) {
    session = CqlSession.builder().withConfigLoader(DriverConfigLoader.fromMap(DriverTuning.defaults(false)))
        .addContactPoint(new InetSocketAddress(host, port)).build();
  }

  /** Empties {@code keyspace.table} on every replica, if it exists. */
  public void empty(String keyspace, String table) {
    boolean exists = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(keyspace))
        .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(table))).isPresent();
    if (exists) {
      session.execute("TRUNCATE " + CqlIdentifier.fromInternal(keyspace).asCql(true) + "."
          + CqlIdentifier.fromInternal(table).asCql(true));
    }
  }

  @Override
  public void close() {
    session.close();
  }
}

package io.hibenchdse.ycsb;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The {@code cassandra-cql} binding's properties: the stock YCSB binding's names and defaults, and
 * ours beside them (replication of a keyspace the binding creates, the local datacenter).
 */
public final class CassandraCqlKeys {
  public static final String HOSTS = "hosts";
  public static final String PORT = "port";
  public static final String PORT_DEFAULT = "9042";
  public static final String KEYSPACE = "cassandra.keyspace";
  public static final String KEYSPACE_DEFAULT = "ycsb";
  public static final String USERNAME = "cassandra.username";
  public static final String PASSWORD = "cassandra.password";
  public static final String READ_CL = "cassandra.readconsistencylevel";
  public static final String WRITE_CL = "cassandra.writeconsistencylevel";
  public static final String CL_DEFAULT = "QUORUM";
  public static final String MAX_CONNECTIONS = "cassandra.maxconnections";
  public static final String CORE_CONNECTIONS = "cassandra.coreconnections";
  public static final String CONNECT_TIMEOUT_MS = "cassandra.connecttimeoutmillis";
  public static final String READ_TIMEOUT_MS = "cassandra.readtimeoutmillis";
  public static final String TRACING = "cassandra.tracing";
  public static final String USE_SSL = "cassandra.useSSL";
  /** Ours: the replication factor of the keyspace when the binding creates it. */
  public static final String REPLICATION = "cassandra.replicationfactor";
  public static final String REPLICATION_DEFAULT = "1";
  /** Ours: the driver's local datacenter; by default the contact points' own. */
  public static final String LOCAL_DATACENTER = "cassandra.localdatacenter";
  /** The stock binding's key column. */
  public static final String KEY_COLUMN = "y_id";

  /** Every property the binding reads, for the check of a command line's {@code -p} names. */
  public static final List<String> ALL = Collections.unmodifiableList(Arrays.asList(HOSTS, PORT, KEYSPACE, USERNAME,
      PASSWORD, READ_CL, WRITE_CL, MAX_CONNECTIONS, CORE_CONNECTIONS, CONNECT_TIMEOUT_MS, READ_TIMEOUT_MS, TRACING,
      USE_SSL, REPLICATION, LOCAL_DATACENTER));

  private CassandraCqlKeys() {}
}

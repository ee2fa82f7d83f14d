package io.hibenchdse.cfs;

import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * Every setting {@code cfs://} reads from its Hadoop configuration, with its default and what it
 * means: the one place they are named (as Hadoop's {@code TeraSortConfigKeys} is TeraSort's).
 */
public enum CfsConfigKeys {
  KEYSPACE("cfs.keyspace", "cfs", "Keyspace holding the file system's tables."),
  REPLICATION("cfs.replication", "1", "Replication factor of the keyspace, used when the keyspace is created."),
  DURABLE_WRITES("cfs.durable.writes", "true", "Whether the keyspace logs every write to the commit log (durable_writes),"
      + " set when it is created; false skips the log: a node process that crashes loses what it had not flushed, and only"
      + " other replicas keep it. Recorded with every result and checked by compare."),
  COMPRESSION("cfs.compression", "false", "Whether the sub-block table compresses the file data, set when it is created."),
  COMPACTION("cfs.compaction", "{'class': 'SizeTieredCompactionStrategy'}", "The sub-block table's compaction, a CQL map"
      + " set when it is created: sub-blocks are written once and deleted whole, so merging them buys little."),
  READ_CL("cfs.consistencylevel.read", "ONE", "Consistency level of every read."),
  WRITE_CL("cfs.consistencylevel.write", "QUORUM", "Consistency level of every write."),
  DATACENTER("cfs.datacenter", null, "The local datacenter; unset, the driver takes that of the node it reaches first."),
  PROTOCOL("cfs.protocol.version", "V4", "Native protocol version the driver speaks."),
  REQUEST_TIMEOUT("cfs.request.timeout", "120000", "How long a request may take, in ms or with a unit (2m)."),
  USERNAME("cfs.username", null, "The user to log in as, on clusters that require it (PasswordAuthenticator)."),
  PASSWORD("cfs.password", null, "Its password: read through Hadoop's credential providers, never recorded or logged."),
  TRUSTSTORE("cfs.ssl.truststore.path", null, "A trust store (PKCS12 or JKS) holding the nodes' certificates: set, the client speaks TLS."),
  TRUSTSTORE_PASSWORD("cfs.ssl.truststore.password", null, "Its password, through the credential providers."),
  KEYSTORE("cfs.ssl.keystore.path", null, "A key store with the client's own certificate, for nodes that require one."),
  KEYSTORE_PASSWORD("cfs.ssl.keystore.password", null, "Its password, through the credential providers."),
  HOSTNAME_VALIDATION("cfs.ssl.hostname.validation", "true", "Whether the nodes' certificates must name the addresses they are reached at."),
  BLOCK_SIZE("fs.local.block.size", Long.toString(64L << 20), "Block size of new files: the unit of a file's placement on the token ring."),
  SUB_BLOCK_SIZE("fs.local.subblock.size", Integer.toString(2 << 20), "Sub-block size: the unit stored in one row; at most the block size."),
  WRITE_IN_FLIGHT("cfs.write.inflight", "4", "Sub-blocks a writer has in flight at once."),
  READ_AHEAD("cfs.read.ahead", "2", "Sub-blocks a reader fetches ahead of the one it reads."),
  STRICT_SYNCABLE("cfs.syncable.strict", "false", "Whether hflush and hsync throw (true) or return without effect (false)."),
  PRELOAD("cfs.preload.classes", "true", "Whether a JVM's first client loads the driver's classes ahead on a thread of its own while it connects.");

  /**
   * The settings that decide what is stored and how durably: filled, with their defaults, into the
   * file system's own configuration (not a default resource, which would override core-site.xml),
   * so every result recorded from it names them.
   */
  static final Set<CfsConfigKeys> RECORDED = EnumSet.of(KEYSPACE, REPLICATION, DURABLE_WRITES, COMPRESSION, COMPACTION, READ_CL,
      WRITE_CL, BLOCK_SIZE, SUB_BLOCK_SIZE);

  /**
   * Where the file system's configuration lists {@link #RECORDED}'s keys: the benchmark tools that
   * record a run's settings read it there (hibench-core's {@code HibenchConfigKeys.FS_RECORDED_KEYS}),
   * so neither module depends on the other.
   */
  static final String RECORDED_LIST = "hibench.fs.recorded.keys";

  private final String key;
  private final String defaultValue;
  private final String description;

  CfsConfigKeys(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  /** The default, or null for a setting that has none. */
  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** The trimmed value, else the default (null for none). */
  String get(Configuration conf) {
    return conf.getTrimmed(key, defaultValue);
  }

  int getInt(Configuration conf) {
    return conf.getInt(key, Integer.parseInt(defaultValue));
  }

  long getLongBytes(Configuration conf) {
    return conf.getLongBytes(key, Long.parseLong(defaultValue));
  }

  boolean getBoolean(Configuration conf) {
    return conf.getBoolean(key, Boolean.parseBoolean(defaultValue));
  }

  long getMillis(Configuration conf) {
    return conf.getTimeDuration(key, Long.parseLong(defaultValue), TimeUnit.MILLISECONDS);
  }

  @Override
  public String toString() {
    return key;
  }
}

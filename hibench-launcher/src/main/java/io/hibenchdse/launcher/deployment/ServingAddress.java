package io.hibenchdse.launcher.deployment;

import io.hibenchdse.core.UsageException;

/** A user's serving store as {@code --serving} names it: a Cassandra cluster, or an HBase by its client configuration. */
public sealed interface ServingAddress permits CassandraAddress, HBaseSite {
  /** The forms {@code --serving} takes, for its help and its refusals. */
  String FORMS = "cassandra://HOST[,HOST...][:PORT] or hbase:CONF_DIR";

  /** The store, and so YCSB's binding. */
  ServingStore store();

  /** {@code --serving}'s value; a UsageException names the forms when it is neither. */
  static ServingAddress parse(String serving) {
    if (serving.startsWith(HBaseSite.SCHEME)) {
      return HBaseSite.parse(serving);
    }
    if (serving.startsWith(CassandraAddress.SCHEME)) {
      return CassandraAddress.parse(serving);
    }
    throw new UsageException("--serving " + serving + " is not " + FORMS);
  }
}

package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.hibenchdse.cassandra.LocalCassandra;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/**
 * cfs.durable.writes=false creates the keyspace without the commit log, and cfs.compaction the
 * sub-block table with its compaction, as Cassandra's own schema says; and a client configured
 * otherwise for an existing keyspace reports what the keyspace has, so its results do not record
 * settings that were not in effect.
 */
class KeyspaceSettingsTest {
  private static final String SIXTEEN =
      "{'class': 'SizeTieredCompactionStrategy', 'max_threshold': '64', 'min_threshold': '16'}";

  @Test
  void durableWritesOffAndTheKeyspacesOwnSettingsInTheConfiguration() throws Exception {
    Configuration conf = CfsTestNode.conf();
    conf.set(CfsConfigKeys.KEYSPACE.key(), "nolog");
    conf.setBoolean(CfsConfigKeys.DURABLE_WRITES.key(), false);
    conf.set(CfsConfigKeys.COMPACTION.key(), "{'class': 'SizeTieredCompactionStrategy', 'min_threshold': '16', 'max_threshold': '64'}");
    try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), conf)) {
      assertEquals("false", fs.getConf().get(CfsConfigKeys.DURABLE_WRITES.key()));
      assertEquals(SIXTEEN, fs.getConf().get(CfsConfigKeys.COMPACTION.key()));
    }
    LocalCassandra node = CfsTestNode.node();
    try (CqlSession cql = CqlSession.builder().addContactPoint(new InetSocketAddress(node.host(), node.port()))
        .withLocalDatacenter(LocalCassandra.DATACENTER).build()) {
      Row ks = cql.execute("SELECT durable_writes, replication FROM system_schema.keyspaces WHERE keyspace_name = 'nolog'").one();
      assertFalse(ks.getBoolean("durable_writes"));
      assertEquals("1", ks.getMap("replication", String.class, String.class).get("replication_factor"));
      java.util.Map<String, String> compaction = cql.execute("SELECT compaction FROM system_schema.tables"
          + " WHERE keyspace_name = 'nolog' AND table_name = 'sblocks'").one().getMap("compaction", String.class, String.class);
      assertEquals("16", compaction.get("min_threshold"));
      assertEquals("64", compaction.get("max_threshold"));
    }

    Configuration other = CfsTestNode.conf();
    other.set(CfsConfigKeys.KEYSPACE.key(), "nolog");
    other.setInt(CfsConfigKeys.REPLICATION.key(), 3);
    try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), other)) {
      assertEquals("false", fs.getConf().get(CfsConfigKeys.DURABLE_WRITES.key()), "the keyspace's, not the default");
      assertEquals("1", fs.getConf().get(CfsConfigKeys.REPLICATION.key()), "the keyspace's, not the configured 3");
      assertEquals(SIXTEEN, fs.getConf().get(CfsConfigKeys.COMPACTION.key()), "the table's, not the default");
      assertEquals(1, fs.getDefaultReplication(new org.apache.hadoop.fs.Path("/")));
    }
  }
}

package io.hibenchdse.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.node.SiteSettings;
import io.hibenchdse.tiers.FullTier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real HBase in its own JVM on a real HDFS: a table's rows written with a synced WAL are all there
 * after the HBase JVM is killed without warning and started again (it replays the WAL from HDFS),
 * its files are on the HDFS, settling flushes them to HFiles, and emptying a table empties it; a
 * client of the running HBase ({@link ClusterHBase}, as a user's is reached) says what it is, and
 * settles and empties it the same way.
 */
@FullTier
class LocalHBaseTest {
  static final byte[] FAMILY = "f".getBytes(StandardCharsets.UTF_8);
  static final byte[] COLUMN = "v".getBytes(StandardCharsets.UTF_8);

  @TempDir Path dir;

  @Test
  void rowsAcknowledgedWithASyncedWalSurviveAKilledHBase() throws Exception {
    Configuration dfsConf = new Configuration();
    dfsConf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
    SiteSettings.all().forEach(dfsConf::set);
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(dfsConf).numDataNodes(1).build();
    try (LocalHBase hbase = LocalHBase.start(dir.resolve("hbase"), dfs.getURI(), 1, LocalHBase.Settings.of(1))) {
      TableName name = TableName.valueOf("probe");
      int rows = 500;
      try (Connection c = connect(hbase)) {
        c.getAdmin().createTable(TableDescriptorBuilder.newBuilder(name).setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
        try (Table t = c.getTable(name)) {
          for (int i = 0; i < rows; i++) {
            t.put(new Put(key(i)).addColumn(FAMILY, COLUMN, value(i)).setDurability(Durability.FSYNC_WAL));
          }
        }
      }
      hbase.kill();
      hbase.startAgain();
      try (Connection c = connect(hbase); Table t = c.getTable(name); ResultScanner scan = t.getScanner(new Scan())) {
        int seen = 0;
        for (Result r : scan) {
          int i = Integer.parseInt(new String(r.getRow(), StandardCharsets.UTF_8).substring(3));
          assertArrayEquals(value(i), r.getValue(FAMILY, COLUMN), "row " + i);
          seen++;
        }
        assertEquals(rows, seen, "every acknowledged row after the kill");
      }
      assertTrue(dfs.getFileSystem().exists(new org.apache.hadoop.fs.Path("/hbase/data/default/probe")), "the table is on HDFS");

      // settle: rows still in the memstore are flushed to HFiles on the HDFS
      try (Connection c = connect(hbase); Table t = c.getTable(name)) {
        for (int i = rows; i < rows + 100; i++) {
          t.put(new Put(key(i)).addColumn(FAMILY, COLUMN, value(i)));
        }
      }
      long before = hfiles(dfs, "probe");
      long ms = hbase.settle();
      assertTrue(ms >= 0 && ms < 120_000, "waited " + ms + " ms");
      assertTrue(hfiles(dfs, "probe") > before, "flushed: " + before + " HFiles before");
      hbase.empty("probe");
      hbase.empty("no_such_table");
      try (Connection c = connect(hbase); Table t = c.getTable(name); ResultScanner scan = t.getScanner(new Scan())) {
        assertEquals(null, scan.next(), "emptied");
      }

      // a client of the running HBase, as a user's is reached: through its hbase-site.xml, nothing started
      try (ClusterHBase client = ClusterHBase.connect(hbase.site().getParent(), dir.resolve("client"))) {
        ClusterHBase.Description d = client.describe();
        assertTrue(LocalHBase.version().startsWith(d.version()) || d.version().startsWith(LocalHBase.version()), d.version());
        assertEquals(1, d.regionServers().size(), d.toString());
        // this machine's HBase runs no info server, so its region server cannot say what its WAL does
        assertEquals(null, d.regionServers().get(0).settings(), d.toString());
        assertTrue(d.regionServers().get(0).unread().endsWith("it runs no info server"), d.toString());
        try (Connection c = connect(hbase); Table t = c.getTable(name)) {
          for (int i = 0; i < 100; i++) {
            t.put(new Put(key(i)).addColumn(FAMILY, COLUMN, value(i)));
          }
        }
        long unflushed = hfiles(dfs, "probe");
        client.settle();
        assertTrue(hfiles(dfs, "probe") > unflushed, "flushed by the client: " + unflushed + " HFiles before");
        client.empty("probe");
        try (Connection c = connect(hbase); Table t = c.getTable(name); ResultScanner scan = t.getScanner(new Scan())) {
          assertEquals(null, scan.next(), "emptied by the client");
        }
      }
    } finally {
      dfs.shutdown();
    }
  }

  /** HFiles of {@code table}'s column family on the HDFS. */
  private static long hfiles(MiniDFSCluster dfs, String table) throws Exception {
    long n = 0;
    org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> files = dfs.getFileSystem()
        .listFiles(new org.apache.hadoop.fs.Path("/hbase/data/default/" + table), true);
    while (files.hasNext()) {
      org.apache.hadoop.fs.Path p = files.next().getPath();
      n += p.getParent().getName().equals("f") ? 1 : 0;
    }
    return n;
  }

  private static Connection connect(LocalHBase hbase) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(hbase.site().toUri().toURL());
    return ConnectionFactory.createConnection(conf);
  }

  private static byte[] key(int i) {
    return String.format("row%06d", i).getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] value(int i) {
    return ("value of " + i).getBytes(StandardCharsets.UTF_8);
  }
}

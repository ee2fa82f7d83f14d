package io.hibenchdse.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.hbase.LocalHBase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB's own core with our hbase2 binding, in a YCSB JVM of its own, on a real HBase (its own JVM)
 * over a real HDFS: the load's rows counted with HBase's client, workload A with YCSB's integrity
 * check of every value read.
 */
class YcsbOnHBaseTest {
  static final Path CONF = YcsbOnCassandraTest.CONF;
  @TempDir static Path dir;
  static MiniDFSCluster dfs;
  static LocalHBase hbase;

  @BeforeAll
  static void start() throws Exception {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("dfs").toString());
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    hbase = LocalHBase.start(dir.resolve("hbase"), dfs.getURI(), 1);
  }

  @AfterAll
  static void stop() {
    if (hbase != null) {
      hbase.close();
    }
    if (dfs != null) {
      dfs.shutdown();
    }
  }

  static List<String> args(String table, String... more) {
    List<String> a = new ArrayList<>(List.of("-p", "hbase.zookeeper.quorum=" + LocalHBase.host(),
        "-p", "hbase.zookeeper.property.clientPort=" + hbase.zookeeperPort(), "-p", "table=" + table,
        "-p", "columnfamily=family", "-p", "durability=FSYNC_WAL", "-p", "dataintegrity=true", "-threads", "4"));
    a.addAll(Arrays.asList(more));
    return a;
  }

  @Test
  void loadThenWorkloadAWithDataIntegrity() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    YcsbProcess.Outcome load = YcsbProcess.run(YcsbProcess.Phase.load, "hbase2",
        args("ycsb_a", "-P", CONF.resolve("workloada").toString(), "-p", "recordcount=500"),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, load.status(), out + "\n" + err);
    assertEquals(500, load.metrics().byType.get("INSERT").returns.get("OK"));
    assertEquals(0, load.metrics().errors);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("hbase2: table ycsb_a, 4 regions on 1 region server(s)"), err.toString());
    assertEquals(500, rows("ycsb_a"), "every record loaded is in the table");

    out.reset();
    err.reset();
    YcsbProcess.Outcome a = YcsbProcess.run(YcsbProcess.Phase.run, "hbase2",
        args("ycsb_a", "-P", CONF.resolve("workloada").toString(), "-p", "recordcount=500", "-p", "operationcount=1000"),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, a.status(), out + "\n" + err);
    long reads = a.metrics().byType.get("READ").count;
    assertEquals(1000, reads + a.metrics().byType.get("UPDATE").count);
    assertEquals(reads, a.metrics().byType.get(YcsbMetrics.VERIFY).count, "every read's values checked");
    assertEquals(0, a.metrics().errors, out.toString());
  }

  static long rows(String table) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(hbase.site().toUri().toURL());
    try (Connection c = ConnectionFactory.createConnection(conf); Table t = c.getTable(TableName.valueOf(table));
        ResultScanner scan = t.getScanner(new Scan())) {
      long n = 0;
      for (Result r : scan) {
        n += r.isEmpty() ? 0 : 1;
      }
      return n;
    }
  }
}

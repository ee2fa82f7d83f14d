package io.hibenchdse.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.hbase.LocalHBase;
import io.hibenchdse.node.SiteSettings;
import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * over a real HDFS: the load's rows counted with HBase's client, workloads A and C with YCSB's
 * integrity check of every value read, and loads through a region server's crash and through the
 * HBase JVM's kill -9, after which YCSB reads back every row it was told was written.
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
    SiteSettings.all().forEach(conf::set);
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    hbase = LocalHBase.start(dir.resolve("hbase"), dfs.getURI(), 1, LocalHBase.Settings.of(1));
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
    List<String> a = new ArrayList<>(List.of("-p", "hbase.zookeeper.quorum=" + hbase.quorum(),
        "-p", "hbase.zookeeper.property.clientPort=" + hbase.zookeeperPort(), "-p", "table=" + table,
        "-p", "columnfamily=family", "-p", "durability=FSYNC_WAL", "-p", "dataintegrity=true"));
    a.addAll(Arrays.asList(more));
    if (!a.contains("-threads")) {
      a.addAll(List.of("-threads", "4"));
    }
    return a;
  }

  @Test
  void loadThenWorkloadAWithDataIntegrity() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    YcsbProcess.Outcome load = YcsbProcess.run(YcsbProcess.Phase.load, Binding.HBASE2,
        args("ycsb_a", "-P", CONF.resolve("workloada").toString(), "-p", "recordcount=500"),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, load.status(), out + "\n" + err);
    assertEquals(500, load.metrics().byType.get("INSERT").returns.get("OK"));
    assertEquals(0, load.metrics().errors);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("hbase2: table ycsb_a, 4 regions on 1 region server(s)"), err.toString());
    assertEquals(500, rows("ycsb_a"), "every record loaded is in the table");

    out.reset();
    err.reset();
    YcsbProcess.Outcome a = YcsbProcess.run(YcsbProcess.Phase.run, Binding.HBASE2,
        args("ycsb_a", "-P", CONF.resolve("workloada").toString(), "-p", "recordcount=500", "-p", "operationcount=1000"),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, a.status(), out + "\n" + err);
    long reads = a.metrics().byType.get("READ").count;
    assertEquals(1000, reads + a.metrics().byType.get("UPDATE").count);
    assertEquals(reads, a.metrics().byType.get(YcsbMetrics.VERIFY).count, "every read's values checked");
    assertEquals(0, a.metrics().errors, out.toString());
  }

  @Test
  void workloadCReadsEveryRecordChecked() throws Exception {
    load("ycsb_c", 300);
    Run c = run(YcsbProcess.Phase.run, args("ycsb_c", "-P", CONF.resolve("workloadc").toString(), "-p", "recordcount=300",
        "-p", "operationcount=600"));
    assertEquals(0, c.outcome.status(), c.log());
    assertEquals(600, c.outcome.metrics().byType.get("READ").returns.get("OK"), c.log());
    assertEquals(600, c.outcome.metrics().byType.get(YcsbMetrics.VERIFY).count, "every read's values checked");
    assertEquals(0, c.outcome.metrics().errors, c.log());
  }

  @Test
  void aColumnFamilyTheTableLacksIsRefusedInOneLine() throws Exception {
    load("ycsb_family", 10);
    Run r = run(YcsbProcess.Phase.run, args("ycsb_family", "-P", CONF.resolve("workloadc").toString(), "-p", "recordcount=10",
        "-p", "columnfamily=nosuch"));
    assertEquals(2, r.outcome.status(), r.log());
    assertEquals(List.of("ycsb: table ycsb_family has no column family 'nosuch' (columnfamily); it has [family]"),
        r.err.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList());
  }

  @FullTier
  @Test
  void aRegionServerCrashedMidLoadLosesNoAcknowledgedInsert() throws Exception {
    // the client rides out the crash (HBase's default retries): every insert is acknowledged in the end
    int acknowledged = loadThroughFaultThenReadBack("ycsb_rs", () -> System.err.println("region server restarted, regions open again after "
        + hbase.restartRegionServer() + " ms"), "-p", "hbase.client.retries.number=15", "-p", "maxexecutiontime=60");
    assertEquals(LOAD, acknowledged);
  }

  @FullTier
  @Test
  void theHBaseJvmKilledMidLoadLosesNoAcknowledgedInsert() throws Exception {
    // HBase stays dead until the load has given up: the inserts after the kill fail, then a restart replays the WAL
    int acknowledged = loadThroughFaultThenReadBack("ycsb_kill", hbase::kill, "-p", "hbase.client.retries.number=1",
        "-p", "maxexecutiontime=8");
    assertTrue(acknowledged > 0 && acknowledged < LOAD, acknowledged + " of " + LOAD + " acknowledged");
  }

  static final int LOAD = 6_000;

  /**
   * Loads up to {@value #LOAD} records from one thread at 500 a second, with {@code fault} done to
   * HBase 2 s after the binding has its table, then (HBase started again if it is down) has YCSB read back every key it was told
   * was written, checking its values. One thread inserts YCSB's keys in order, so the acknowledged
   * ones are the first K: all K must be read back intact, and the table hold at most the one insert
   * more that was in flight when the fault came. Returns K.
   */
  private int loadThroughFaultThenReadBack(String table, Fault fault, String... client) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AtomicBoolean struck = new AtomicBoolean();
    ExecutorService faults = Executors.newSingleThreadExecutor();
    // once the binding has its table (a YCSB JVM may take seconds to get there), and about 1,000 inserts later
    Future<?> done = faults.submit(() -> {
      while (!err.toString(StandardCharsets.UTF_8).contains("hbase2: table " + table + ",")) {
        Thread.sleep(50);
      }
      Thread.sleep(2_000);
      struck.set(true);
      fault.run();
      return null;
    });
    List<String> args = args(table, "-P", CONF.resolve("workloada").toString(), "-p", "recordcount=" + LOAD, "-threads", "1",
        "-target", "500");
    args.addAll(Arrays.asList(client));
    Run load = run(YcsbProcess.Phase.load, args, out, err);
    if (struck.get()) {
      done.get();
    } else {
      done.cancel(true); // the load ended before it had its table: its status says why
    }
    faults.shutdown();
    assertTrue(struck.get(), "the fault came during the load\n" + load.log());
    if (hbase.processes().isEmpty()) {
      hbase.startAgain();
    }
    assertEquals(0, load.outcome.status(), load.log());
    int acknowledged = load.outcome.metrics().byType.get("INSERT").returns.getOrDefault("OK", 0L).intValue();
    Run read = run(YcsbProcess.Phase.run, args(table, "-P", CONF.resolve("workloadc").toString(), "-p", "recordcount=" + acknowledged,
        "-p", "operationcount=" + acknowledged, "-p", "requestdistribution=sequential"));
    assertEquals(0, read.outcome.status(), read.log());
    assertEquals(acknowledged, read.outcome.metrics().byType.get("READ").returns.getOrDefault("OK", 0L),
        "every acknowledged insert read back\n" + load.log() + read.log());
    assertEquals(acknowledged, read.outcome.metrics().byType.get(YcsbMetrics.VERIFY).returns.getOrDefault("OK", 0L),
        "with the values written\n" + read.log());
    long rows = rows(table);
    System.err.println(table + ": " + acknowledged + " of " + LOAD + " inserts acknowledged, all read back; " + rows + " rows");
    assertTrue(rows == acknowledged || rows == acknowledged + 1, rows + " rows in the table for " + acknowledged + " acknowledged");
    return acknowledged;
  }

  interface Fault {
    void run() throws Exception;
  }

  /** A phase's outcome with what it printed. */
  record Run(YcsbProcess.Outcome outcome, ByteArrayOutputStream out, ByteArrayOutputStream err) {
    String log() {
      return out.toString(StandardCharsets.UTF_8) + "\n" + err.toString(StandardCharsets.UTF_8);
    }
  }

  static Run run(YcsbProcess.Phase phase, List<String> args) throws Exception {
    return run(phase, args, new ByteArrayOutputStream(), new ByteArrayOutputStream());
  }

  static Run run(YcsbProcess.Phase phase, List<String> args, ByteArrayOutputStream out, ByteArrayOutputStream err) throws Exception {
    YcsbProcess.Outcome o = YcsbProcess.run(phase, Binding.HBASE2, args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(o, out, err);
  }

  private static void load(String table, int n) throws Exception {
    Run load = run(YcsbProcess.Phase.load, args(table, "-P", CONF.resolve("workloada").toString(), "-p", "recordcount=" + n));
    assertEquals(0, load.outcome.status(), load.log());
    assertEquals(0, load.outcome.metrics().errors, load.log());
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

package io.hibenchdse.ycsb;

import io.hibenchdse.cassandra.SharedCassandra;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.core.UsageException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** YCSB's own core with our cassandra-cql binding, in a YCSB JVM of its own, on a real Cassandra node. */
class YcsbOnCassandraTest {
  static final Path CONF = Path.of(System.getProperty("user.dir")).getParent().resolve("conf/ycsb");
  static LocalCassandra node;

  @BeforeAll
  static void node() throws Exception {
    node = SharedCassandra.node();
  }

  static List<String> args(String keyspace, String... more) {
    List<String> a = new ArrayList<>(List.of("-p", "hosts=" + node.host(), "-p", "port=" + node.port(),
        "-p", "cassandra.keyspace=" + keyspace, "-p", "dataintegrity=true", "-threads", "4"));
    a.addAll(Arrays.asList(more));
    return a;
  }

  static final ByteArrayOutputStream ERR = new ByteArrayOutputStream();

  static YcsbProcess.Outcome ycsb(YcsbProcess.Phase phase, List<String> args, ByteArrayOutputStream out) throws Exception {
    ERR.reset();
    return YcsbProcess.run(phase, Binding.CASSANDRA_CQL, args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(ERR, true, StandardCharsets.UTF_8));
  }

  /** The YCSB JVM's stderr of the last run, as lines. */
  static List<String> errLines() {
    String e = ERR.toString(StandardCharsets.UTF_8).strip();
    return e.isEmpty() ? List.of() : List.of(e.split("\\R"));
  }

  static long rows(String keyspace) {
    try (CqlSession s = CqlSession.builder().addContactPoint(new InetSocketAddress(node.host(), node.port()))
        .withLocalDatacenter(LocalCassandra.DATACENTER).build()) {
      return s.execute("SELECT count(*) FROM " + keyspace + ".usertable").one().getLong(0);
    }
  }

  /**
   * What the suite does before a measured phase: the node flushes what YCSB wrote (no SSTable of the
   * table before, one after) and answers once no compaction runs; then a YcsbTables empties the table.
   */
  @Test
  void settledNodeHasFlushedAndTheTableEmpties() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    YcsbProcess.Outcome load = ycsb(YcsbProcess.Phase.load, args("ycsb_settle", "-P", CONF.resolve("workloadc").toString(),
        "-p", "recordcount=300"), out);
    assertEquals(0, load.status(), out.toString());
    Path data = node.directory().resolve("node1").resolve("data").resolve("ycsb_settle");
    assertEquals(0, sstables(data), "the rows are in the memtable");
    long ms = node.settle();
    assertTrue(ms >= 0 && ms < 60_000, "waited " + ms + " ms");
    assertTrue(sstables(data) > 0, "flushed to an SSTable");
    try (YcsbTables tables = new YcsbTables(node.host(), node.port())) {
      tables.empty("ycsb_settle", "usertable");
      tables.empty("ycsb_settle", "no_such_table"); // nothing to empty
    }
    assertEquals(0, rows("ycsb_settle"));
  }

  private static long sstables(Path keyspaceDir) throws java.io.IOException {
    try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(keyspaceDir)) {
      return files.filter(f -> f.getFileName().toString().endsWith("-Data.db")).count();
    }
  }

  @Test
  void loadThenWorkloadsAAndCWithDataIntegrity() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    YcsbProcess.Outcome load = ycsb(YcsbProcess.Phase.load, args("ycsb_ac", "-P", CONF.resolve("workloada").toString(),
        "-p", "recordcount=600"), out);
    assertEquals(0, load.status(), out.toString());
    assertTrue(out.toString().contains("[OVERALL], RunTime(ms), "), "YCSB's own output passes through:\n" + out);
    assertEquals(600, load.metrics().operations);
    assertEquals(600, load.metrics().byType.get("INSERT").returns.get("OK"));
    assertEquals(0, load.metrics().errors);
    assertEquals(600, rows("ycsb_ac"), "every record loaded is in the table");

    out.reset();
    YcsbProcess.Outcome a = ycsb(YcsbProcess.Phase.run, args("ycsb_ac", "-P", CONF.resolve("workloada").toString(),
        "-p", "recordcount=600", "-p", "operationcount=1000"), out);
    assertEquals(0, a.status(), out.toString());
    YcsbMetrics m = a.metrics();
    long reads = m.byType.get("READ").returns.get("OK");
    long updates = m.byType.get("UPDATE").returns.get("OK");
    assertEquals(1000, reads + updates, out.toString());
    assertEquals(1000, m.operations);
    // half and half: 1000 draws of p = 0.5 stay within 5 sigma (sigma = 15.8) of 500
    assertTrue(Math.abs(reads - 500) < 80, "reads " + reads + ", updates " + updates);
    assertEquals(reads, m.byType.get(YcsbMetrics.VERIFY).returns.get("OK"), "every read's values were the ones written");
    assertEquals(0, m.errors);
    assertTrue(m.byType.get("READ").p50Us > 0 && m.byType.get("READ").p50Us <= m.byType.get("READ").p99Us
        && m.byType.get("READ").p99Us <= m.byType.get("READ").p999Us && m.byType.get("READ").p999Us <= m.byType.get("READ").maxUs,
        "percentiles in order: " + out);
    assertTrue(m.throughputOpsPerSec > 0 && m.runtimeSec > 0);

    out.reset();
    // an exporter of the command line's own still writes what YCSB gives it, where it asked
    Path exported = java.nio.file.Files.createTempFile("ycsb-export", ".json");
    YcsbProcess.Outcome c = ycsb(YcsbProcess.Phase.run, args("ycsb_ac", "-P", CONF.resolve("workloadc").toString(),
        "-p", "recordcount=600", "-p", "operationcount=500", "-target", "1000",
        "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter", "-p", "exportfile=" + exported), out);
    assertEquals(0, c.status(), out.toString());
    assertEquals(500, c.metrics().byType.get("READ").returns.get("OK"));
    com.fasterxml.jackson.databind.JsonNode figures = new com.fasterxml.jackson.databind.ObjectMapper().readTree(exported.toFile());
    java.nio.file.Files.delete(exported);
    long readsExported = -1;
    for (com.fasterxml.jackson.databind.JsonNode f : figures) {
      if (f.get("metric").asText().equals("READ") && f.get("measurement").asText().equals("Return=OK")) {
        readsExported = f.get("value").asLong();
      }
    }
    assertEquals(500, readsExported, figures.toString());
    assertTrue(!out.toString().contains("[OVERALL]"), "the figures went to the export file alone:\n" + out);
    // at a target rate the latencies from the intended start times are measured too (coordinated omission)
    assertEquals(500, c.metrics().byType.get("Intended-READ").count, out.toString());
    assertTrue(c.metrics().byType.get("Intended-READ").p99Us >= c.metrics().byType.get("READ").p50Us, out.toString());
    assertEquals(500, c.metrics().operations, "the intended-time figures count no operation twice");
    assertTrue(!c.metrics().byType.containsKey("UPDATE"), out.toString());
    assertEquals(600, rows("ycsb_ac"), "reads change nothing");
  }

  @Test
  void theBindingReadsBackWhatItWrote() throws Exception {
    CassandraCqlClient db = new CassandraCqlClient();
    Properties p = new Properties();
    p.setProperty("hosts", node.host());
    p.setProperty("port", Integer.toString(node.port()));
    p.setProperty("cassandra.keyspace", "ycsb_rw");
    p.setProperty("fieldcount", "3");
    db.setProperties(p);
    db.init();
    try {
      Map<String, ByteIterator> values = new HashMap<>();
      values.put("field0", new StringByteIterator("zero"));
      values.put("field1", new StringByteIterator("one, with ' a quote"));
      values.put("field2", new StringByteIterator(""));
      assertEquals(Status.OK, db.insert("usertable", "user1", values));
      Map<String, ByteIterator> read = new HashMap<>();
      assertEquals(Status.OK, db.read("usertable", "user1", null, read));
      assertEquals(Map.of("field0", "zero", "field1", "one, with ' a quote", "field2", ""), strings(read));

      assertEquals(Status.OK, db.update("usertable", "user1", new HashMap<>(Map.of("field1", new StringByteIterator("uno")))));
      read.clear();
      assertEquals(Status.OK, db.read("usertable", "user1", Set.of("field1", "field2"), read));
      assertEquals(Map.of("field1", "uno", "field2", ""), strings(read));

      assertEquals(Status.OK, db.insert("usertable", "user2", new HashMap<>(Map.of("field0", new StringByteIterator("two")))));
      Vector<HashMap<String, ByteIterator>> scanned = new Vector<>();
      assertEquals(Status.OK, db.scan("usertable", "user1", 10, Set.of("field0"), scanned));
      assertTrue(scanned.stream().map(r -> r.get("field0").toString()).toList().contains("zero"), scanned.toString());

      assertEquals(Status.OK, db.delete("usertable", "user1"));
      assertEquals(Status.NOT_FOUND, db.read("usertable", "user1", null, new HashMap<>()));
    } finally {
      db.cleanup();
    }
  }

  private static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> s = new HashMap<>();
    m.forEach((k, v) -> s.put(k, v.toString()));
    return s;
  }

  @Test
  void badInputIsOneLineAndStatus2() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // what the command line alone says is refused before a YCSB JVM starts
    assertEquals("-P /no/such/workload: no such workload file",
        assertThrows(UsageException.class, () -> ycsb(YcsbProcess.Phase.run, List.of("-P", "/no/such/workload"), out)).getMessage());
    String typo = assertThrows(UsageException.class,
        () -> ycsb(YcsbProcess.Phase.load, List.of("-P", CONF.resolve("workloada").toString(), "-thraeds", "4"), out)).getMessage();
    assertTrue(typo.startsWith("Unknown options: '-thraeds'"), typo);
    // the YCSB JVM's own checks: one line, status 2
    assertRefused(ycsb(YcsbProcess.Phase.load, args("ycsb_bad", "-P", CONF.resolve("workloada").toString(),
        "-p", "recordcuont=10"), out), "ycsb: unknown property 'recordcuont' (-p)");
    assertRefused(ycsb(YcsbProcess.Phase.load, List.of("-P", CONF.resolve("workloada").toString(),
        "-p", "hosts=127.0.0.1", "-p", "port=1"), out), "ycsb: cannot reach Cassandra at 127.0.0.1:1");
    assertEquals("", out.toString(), "nothing of YCSB's ran");
  }

  private static void assertRefused(YcsbProcess.Outcome o, String start) {
    assertEquals(2, o.status(), ERR.toString());
    assertEquals(1, errLines().size(), ERR.toString());
    assertTrue(errLines().get(0).startsWith(start), errLines().get(0));
  }
}

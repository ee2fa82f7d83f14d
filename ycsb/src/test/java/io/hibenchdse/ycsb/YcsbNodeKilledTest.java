package io.hibenchdse.ycsb;

import io.hibenchdse.cassandra.CassandraSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three Cassandra nodes at replication 3, writes and reads at QUORUM, one node killed with SIGKILL
 * while YCSB loads and runs: both phases complete, their errors (if any) are counted, and every
 * insert YCSB saw acknowledged is in the table afterwards, read at QUORUM once the node is back.
 */
@FullTier
class YcsbNodeKilledTest {
  @TempDir File dir;

  @Test
  void aNodeKilledDuringLoadAndRunLosesNoAcknowledgedInsert() throws Exception {
    try (LocalCassandra cluster = LocalCassandra.start(dir.toPath(), CassandraSettings.TESTS, 3)) {
      List<String> args = List.of("-P", YcsbOnCassandraTest.CONF.resolve("workloada").toString(),
          "-p", "hosts=" + cluster.host() + "," + LocalCassandra.host(1), "-p", "port=" + cluster.port(),
          "-p", "cassandra.replicationfactor=3", "-p", "recordcount=4000", "-p", "operationcount=4000",
          "-p", "dataintegrity=true", "-threads", "4");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      CompletableFuture<YcsbProcess.Outcome> load = CompletableFuture.supplyAsync(() -> ycsb(YcsbProcess.Phase.load, args, out, err));
      long atKill;
      try (CqlSession s = session(cluster)) {
        atKill = 0;
        while (atKill < 300 && !load.isDone()) { // the load under way
          Thread.sleep(50);
          try {
            atKill = rows(s, DefaultConsistencyLevel.ONE);
          } catch (com.datastax.oss.driver.api.core.DriverException e) {
            // a replica that has not learnt of the new table yet refuses the count: ask again
          }
        }
      }
      cluster.kill(2);
      YcsbProcess.Outcome loaded = load.get();
      assertTrue(atKill >= 300 && atKill < 4000, "killed mid-load: " + atKill + " rows in");
      assertEquals(0, loaded.status(), out + "\n" + err);
      long acknowledged = loaded.metrics().byType.get("INSERT").returns.getOrDefault("OK", 0L);
      assertEquals(4000, loaded.metrics().operations, out.toString());

      YcsbProcess.Outcome ran = ycsb(YcsbProcess.Phase.run, args, out, err);
      assertEquals(0, ran.status(), out + "\n" + err);
      assertEquals(4000, ran.metrics().operations, "every operation is counted, failed or not: " + out);
      cluster.startAgain(2);

      try (CqlSession s = session(cluster)) {
        long rows = rows(s, DefaultConsistencyLevel.QUORUM);
        // an insert that failed may still have landed; one that was acknowledged must have
        assertTrue(rows >= acknowledged && rows <= 4000, "rows " + rows + ", acknowledged " + acknowledged);
      }
      assertEquals(4000, acknowledged + loaded.metrics().errors, "each insert acknowledged or counted as an error: " + out);
    }
  }

  private static CqlSession session(LocalCassandra cluster) {
    return CqlSession.builder().addContactPoint(new InetSocketAddress(cluster.host(), cluster.port()))
        .withLocalDatacenter(LocalCassandra.DATACENTER).build();
  }

  /** The rows of YCSB's table, 0 while the binding has not made it yet. */
  private static long rows(CqlSession s, DefaultConsistencyLevel level) {
    if (s.getMetadata().getKeyspace("ycsb").flatMap(k -> k.getTable("usertable")).isEmpty()) {
      return 0;
    }
    return s.execute(SimpleStatement.newInstance("SELECT count(*) FROM ycsb.usertable").setConsistencyLevel(level)).one().getLong(0);
  }

  private static YcsbProcess.Outcome ycsb(YcsbProcess.Phase phase, List<String> args, ByteArrayOutputStream out,
      ByteArrayOutputStream err) {
    try {
      return YcsbProcess.run(phase, Binding.CASSANDRA_CQL, args, new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}

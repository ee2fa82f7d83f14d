package io.hibenchdse.it;

import io.hibenchdse.cassandra.CassandraSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.cfs.CfsAdmin;
import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.TestData;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cfs:// on three Cassandra nodes (127.0.0.1-3, each in its own JVM), keyspace replication 3, writes
 * at QUORUM: the layout the reference report's CFS runs used. Block locations name the replicas, and
 * DFSIOE's write and read complete with one node killed (SIGKILL) in the middle of them, and
 * {@code cfs check} finds nothing amiss once the node is back.
 */
@FullTier
class CfsClusterTest {
  static final long MB = 1 << 20;
  static final int FILES = 4;
  static final long FILE_MB = 24;
  static final int BUFFER = 65536;

  @TempDir static File dir;
  static LocalCassandra cluster;
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    long t0 = System.nanoTime();
    cluster = LocalCassandra.start(dir.toPath().resolve("cassandra"), CassandraSettings.TESTS, 3);
    System.out.printf("3 Cassandra nodes up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
    conf = TestData.localConf(CfsTestNode.conf(cluster), new File(dir, "mr"));
    conf.setInt("cfs.replication", 3);
    conf.setLong("fs.local.block.size", 4 * MB);
    conf.setLong("fs.local.subblock.size", MB);
  }

  @AfterAll
  static void stop() throws IOException {
    if (cluster != null) {
      // the cached client the tests and their jobs used, which would try the stopped nodes for as long as this JVM lives
      FileSystem.get(CfsTestNode.uri(cluster), conf).close();
      cluster.stop();
    }
  }

  @Test
  void everyBlockIsOnTheThreeNodesAndItsLocationsSaySo() throws Exception {
    FileSystem fs = FileSystem.get(conf);
    Path p = new Path("/cluster/locations/three-blocks");
    try (FSDataOutputStream o = fs.create(p, true)) {
      o.write(new byte[(int) (10 * MB)]);
    }
    FileStatus st = fs.getFileStatus(p);
    assertEquals(3, st.getReplication());
    BlockLocation[] blocks = fs.getFileBlockLocations(st, 0, st.getLen());
    assertEquals(3, blocks.length, Arrays.toString(blocks));
    for (BlockLocation b : blocks) {
      // each name is host:port of a node's native transport; three distinct nodes hold each block
      Set<String> names = new HashSet<>(Arrays.asList(b.getNames()));
      assertEquals(3, names.size(), b.toString());
      Set<String> ips = new HashSet<>();
      for (String name : names) {
        assertTrue(name.endsWith(":" + cluster.port()), name);
        ips.add(java.net.InetAddress.getByName(name.substring(0, name.lastIndexOf(':'))).getHostAddress());
      }
      assertEquals(Set.of("127.0.0.1", "127.0.0.2", "127.0.0.3"), ips, b.toString());
    }
    assertEquals(Arrays.asList(0L, 4 * MB, 8 * MB), Arrays.stream(blocks).map(BlockLocation::getOffset).toList());
  }

  @Test
  void dfsioeWritesAndReadsWithANodeKilledInTheMiddle() throws Exception {
    Configuration c = new Configuration(conf);
    c.set("test.build.data", "/cluster/dfsioe");
    Path data = new Path("/cluster/dfsioe/io_data");
    ExecutorService killer = Executors.newSingleThreadExecutor();
    try {
      // write: 127.0.0.3 killed while a map is inside CfsOutputStream
      TestData.Outcome write = runWithKill(killer, c, 2, "CfsOutputStream", "-write");
      assertEquals(0, write.status, write.toString());
      assertEquals(FILES * FILE_MB, write.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
      cluster.startAgain(2);

      // every file reads back whole, with the write pattern, through a client of its own, read at
      // ONE: the restarted node, which missed writes, may answer first
      try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(cluster), c)) {
        FileStatus[] files = fs.listStatus(data);
        assertEquals(FILES, files.length, Arrays.toString(files));
        for (FileStatus f : files) {
          assertEquals(FILE_MB * MB, f.getLen(), f.getPath().toString());
          FaultsSurvivedTest.assertPattern(fs, f.getPath(), BUFFER);
        }
      }
      assertCheckFindsNothing(c);

      // read: 127.0.0.2 killed while a map is inside CfsInputStream
      TestData.Outcome read = runWithKill(killer, c, 1, "CfsInputStream", "-read");
      assertEquals(0, read.status, read.toString());
      assertEquals(FILES * FILE_MB, read.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
      assertEquals(FILES * FILE_MB * MB, read.result.inputBytes());
      cluster.startAgain(1);
      assertCheckFindsNothing(c);
    } finally {
      killer.shutdownNow();
    }
  }

  /**
   * Runs DFSIOE ({@code mode}) while a watcher kills node {@code node} once a map task's thread is
   * inside {@code streamClass} and has been for a moment; asserts the kill came before the job's end.
   */
  private static TestData.Outcome runWithKill(ExecutorService killer, Configuration c, int node, String streamClass,
      String mode) throws Exception {
    AtomicBoolean done = new AtomicBoolean();
    CompletableFuture<Long> killedAt = CompletableFuture.supplyAsync(() -> {
      try {
        while (!done.get()) {
          if (inside(streamClass)) {
            Thread.sleep(300); // some sub-blocks in
            cluster.kill(node);
            return System.currentTimeMillis();
          }
          Thread.sleep(5);
        }
        return null;
      } catch (InterruptedException e) {
        throw new RuntimeException(e);
      }
    }, killer);
    TestData.Outcome o;
    try {
      o = TestData.run(io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER, c, "dfsioe", mode, "-nrFiles", Integer.toString(FILES),
          "-fileSize", Long.toString(FILE_MB), "-bufferSize", Integer.toString(BUFFER), "-sampleInterval", "50",
          "-plotInterval", "200", "-sumThreshold", "0.4",
          "-resFile", new File(dir, "result" + mode + ".txt").getPath(), "-tputFile", new File(dir, "tput" + mode + ".csv").getPath());
    } finally {
      done.set(true);
    }
    Long at = killedAt.get(30, TimeUnit.SECONDS);
    assertNotNull(at, "no map was seen in " + streamClass + ", so no node was killed: " + o);
    System.out.printf("dfsioe %s: %s killed %d ms before the job ended: %s%n", mode, LocalCassandra.host(node),
        o.result == null ? -1 : o.result.endMs() - at, o);
    assertNotNull(o.result, o.toString());
    assertTrue(at < o.result.endMs(), "the node was killed after the job ended");
    return o;
  }

  /** Whether a thread of this JVM (a local runner's map) is in a method of cfs://'s {@code streamClass}. */
  private static boolean inside(String streamClass) {
    for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
      for (StackTraceElement frame : stack) {
        if (frame.getClassName().equals("io.hibenchdse.cfs." + streamClass)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@code bin/hibench cfs check}, at QUORUM: no orphaned block, no damaged file, nothing pending. */
  private static void assertCheckFindsNothing(Configuration c) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = ToolRunner.run(new Configuration(c), new CfsAdmin(new PrintStream(out, true), new PrintStream(err, true)),
        new String[] {"check", "-grace", "0"});
    String printed = out.toString() + err;
    assertEquals(0, status, printed);
    assertTrue(printed.contains("orphaned blocks: 0, pending rows to drop: 0, damaged files: 0"), printed);
  }
}

package io.hibenchdse.cfs;

import io.hibenchdse.cassandra.CassandraSettings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.tiers.FullTier;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

/**
 * Every closed file survives the node being killed and started again on the same files. The node
 * syncs its commit log before acknowledging a write: under Cassandra's default periodic sync, the
 * writes of the last period before a crash are lost by design (see the cfs-adapter README).
 */
@FullTier
class NodeRestartTest {
  @Test
  void closedFilesReadBackIntactAfterTheNodeIsKilled() throws Exception {
    Path dir = Path.of(System.getProperty("test.build.data", "target/test-data"), "cassandra-restart");
    try (LocalCassandra node = LocalCassandra.start(dir, CassandraSettings.TESTS.crashSafe())) {
      Configuration conf = CfsTestNode.conf(node);
      Map<org.apache.hadoop.fs.Path, byte[]> files = new LinkedHashMap<>();
      FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(node), conf);
      for (int size : new int[] {0, 1, CfsTestNode.SUB_BLOCK, 3 * CfsTestNode.BLOCK + 7}) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/restart/d" + size % 2 + "/f" + size);
        files.put(p, RoundTripTest.random(size, size));
        RoundTripTest.write(fs, p, files.get(p));
      }
      fs.close();

      node.restart(true);

      fs = FileSystem.newInstance(CfsTestNode.uri(node), conf);
      for (Map.Entry<org.apache.hadoop.fs.Path, byte[]> e : files.entrySet()) {
        assertArrayEquals(e.getValue(), RoundTripTest.read(fs, e.getKey()), e.getKey().toString());
      }
      assertEquals(2, fs.listStatus(new org.apache.hadoop.fs.Path("/restart")).length);
      fs.close();
    }
  }
}

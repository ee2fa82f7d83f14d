package io.hibenchdse.cfs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code cfs check} and {@code cfs usage} on a keyspace holding more sub-block bytes than the test
 * node's heap (384 MB) can build into one response: with the driver's default page of 5,000 rows,
 * the node ran out of memory and the check failed.
 */
class KeyspaceScanTest {
  @Test
  void checkAndUsageOfMoreDataThanTheNodesHeapHolds() throws Exception {
    Configuration conf = CfsTestNode.conf();
    conf.set(CfsConfigKeys.KEYSPACE.key(), "scan");
    conf.setLong(CfsConfigKeys.BLOCK_SIZE.key(), 64 << 20);
    conf.setLong(CfsConfigKeys.SUB_BLOCK_SIZE.key(), 2 << 20);
    long size = 400L << 20;
    try (FileSystem fs = FileSystem.newInstance(CfsTestNode.uri(), conf)) {
      byte[] chunk = new byte[1 << 20];
      try (FSDataOutputStream out = fs.create(new Path("/scan/400MB"), true)) {
        for (long written = 0; written < size; written += chunk.length) {
          out.write(chunk);
        }
      }
    }
    String check = CrashedWriterTest.admin(conf, 0, "check", "-grace", "0");
    assertTrue(check.contains("files: 1, blocks: 7, orphaned blocks: 0, pending rows to drop: 0, damaged files: 0"), check);
    String usage = CrashedWriterTest.admin(conf, 0, "usage");
    assertTrue(usage.contains("bytes: " + size) && usage.contains("stored sub-blocks: 200"), usage);
  }
}

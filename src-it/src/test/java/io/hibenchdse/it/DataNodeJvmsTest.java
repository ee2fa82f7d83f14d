package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded HDFS with each DataNode in a JVM of its own, as deployed: blocks are written to and
 * read from both of them over sockets, and the data survives a stop and start, with the DataNodes
 * in their own JVMs or in this one.
 */
@FullTier
class DataNodeJvmsTest {
  @TempDir File dir;

  @Test
  void blocksLiveInTheDataNodesJvmsAndSurviveARestart() throws Exception {
    byte[] data = new byte[3 << 20];
    new Random(7).nextBytes(data);
    Path file = new Path("/blocks/a.bin");
    File base = new File(dir, "hdfs");
    try (EmbeddedHdfs hdfs = EmbeddedHdfs.start(base, 2, true)) {
      assertTrue(hdfs.cluster().getDataNodes().isEmpty(), "no DataNode in this JVM");
      assertEquals(2, hdfs.cluster().getNamesystem().getNumLiveDataNodes());
      assertTrue(hdfs.describe().contains("2 DataNode(s) in JVMs of their own, replication 2"), hdfs.describe());
      FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.conf());
      try (FSDataOutputStream out = fs.create(file)) { // the cluster's default replication
        out.write(data);
      }
      // close returns once one replica is reported; the other DataNode's report may come a moment later
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      List<LocatedBlock> blocks = locatedBlocks(fs, file);
      while (blocks.stream().anyMatch(b -> b.getLocations().length < 2) && System.nanoTime() < deadline) {
        Thread.sleep(100);
        blocks = locatedBlocks(fs, file);
      }
      for (LocatedBlock b : blocks) {
        assertEquals(2, b.getLocations().length, "both DataNodes hold " + b);
      }
      assertArrayEquals(data, read(fs, file, data.length));
      fs.close();
    }
    try (EmbeddedHdfs hdfs = EmbeddedHdfs.open(base, 2, true)) {
      FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.conf());
      assertArrayEquals(data, read(fs, file, data.length));
      fs.close();
    }
    // the same directory with the DataNodes in this JVM (as storage directories of earlier versions were)
    try (EmbeddedHdfs hdfs = EmbeddedHdfs.open(base, 2, false)) {
      assertEquals(2, hdfs.cluster().getDataNodes().size());
      FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.conf());
      assertArrayEquals(data, read(fs, file, data.length));
      fs.close();
    }
  }

  private static List<LocatedBlock> locatedBlocks(FileSystem fs, Path file) throws Exception {
    return ((DistributedFileSystem) fs).getClient().getLocatedBlocks(file.toString(), 0).getLocatedBlocks();
  }

  private static byte[] read(FileSystem fs, Path file, int length) throws Exception {
    byte[] back = new byte[length];
    try (FSDataInputStream in = fs.open(file)) {
      in.readFully(back);
    }
    return back;
  }

  /**
   * A DataNode's JVM killed (SIGKILL) in the middle of a write at replication 3: the pipeline goes
   * on with the two left (its blocks end on those two only), and the file closes whole and reads
   * back byte for byte.
   */
  @Test
  void aDataNodeJvmKilledMidWriteCostsNoData() throws Exception {
    byte[] data = new byte[24 << 20];
    new Random(11).nextBytes(data);
    Path file = new Path("/kill/a.bin");
    try (EmbeddedHdfs hdfs = EmbeddedHdfs.start(new File(dir, "hdfs3"), 3, true)) {
      assertEquals(3, hdfs.serverProcesses().size());
      FileSystem fs = FileSystem.newInstance(hdfs.uri(), hdfs.conf());
      ProcessHandle victim = hdfs.serverProcesses().get(0);
      try (FSDataOutputStream out = fs.create(file, (short) 3)) {
        out.write(data, 0, 8 << 20);
        assertTrue(victim.destroyForcibly(), "SIGKILL sent");
        victim.onExit().get();
        out.write(data, 8 << 20, data.length - (8 << 20));
      }
      assertEquals(data.length, fs.getFileStatus(file).getLen());
      assertArrayEquals(data, read(fs, file, data.length));
      for (LocatedBlock b : ((DistributedFileSystem) fs).getClient().getLocatedBlocks(file.toString(), 0).getLocatedBlocks()) {
        assertEquals(2, b.getLocations().length, "the two live DataNodes hold " + b);
      }
      fs.close();
    }
  }
}

package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.FreeSpace;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.node.SiteSettings;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers check HDFS's remaining space, which counts every replica, before they write: on three
 * DataNodes of 64 MiB each, 80 MB fits once but not three times.
 */
class FreeSpaceOnHdfsTest {
  static final long MIB = 1 << 20;

  @TempDir File dir;

  @Test
  void whatCannotFitWithItsReplicasIsRefusedBeforeWriting() throws Exception {
    Configuration hdfsConf = new Configuration();
    hdfsConf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(dir, "dfs").getAbsolutePath());
    hdfsConf.setLong("dfs.blocksize", 8 * MIB); // the NameNode places a block only where a whole one fits
    SiteSettings.all().forEach(hdfsConf::set);
    try (MiniDFSCluster cluster = new MiniDFSCluster.Builder(hdfsConf, new File(dir, "dfs")).numDataNodes(3)
        .storagesPerDatanode(1).storageCapacities(new long[] {64 * MIB}).build()) {
      cluster.waitActive();
      Configuration conf = TestData.localConf(cluster.getConfiguration(0), new File(dir, "mr"));
      conf.setInt("dfs.replication", 3);
      FileSystem fs = cluster.getFileSystem();
      long remaining = fs.getStatus().getRemaining();
      assertTrue(remaining > 150 * MIB && remaining <= 192 * MIB, "three 64 MiB DataNodes: " + remaining);
      WorkloadDriver all = BadInputSweepTest.ALL;

      TestData.Outcome hsgen = TestData.run(all, conf, "hsgen", "-rows", "800000", "-replication", "3", "/hsgen");
      assertEquals(2, hsgen.status, hsgen.toString());
      assertTrue(hsgen.errLines.get(0).matches("hsgen: hdfs://.*/hsgen needs 228\\.88 MB \\(76\\.29 MB x 3 copies\\) "
          + "but hdfs://.* has 1\\d\\d\\.\\d+ MB available: .* missing"), hsgen.toString());
      TestData.Outcome dfsioe = TestData.run(all, conf, "dfsioe", "-D", "test.build.data=/dfsio", "-write",
          "-nrFiles", "2", "-fileSize", "40");
      assertEquals(2, dfsioe.status, dfsioe.toString());
      assertTrue(dfsioe.errLines.get(0).contains("(80 MB x 3 copies)"), dfsioe.toString());
      TestData.Outcome rtw = TestData.run(all, conf, "randomtextwriter", "-D", "mapreduce.randomtextwriter.totalbytes=" + 80 * MIB,
          "-D", "mapreduce.randomtextwriter.bytespermap=" + 40 * MIB, "/rtw");
      assertEquals(2, rtw.status, rtw.toString());
      assertTrue(rtw.errLines.get(0).contains("(80 MB x 3 copies)"), rtw.toString());
      assertTrue(!fs.exists(new Path("/hsgen")) && !fs.exists(new Path("/dfsio/io_data")) && !fs.exists(new Path("/rtw")),
          "nothing was written");

      // the same 80 MB fits once; a data set that fits three times is written
      FreeSpace.require(conf, new Path("/hsgen"), 80 * MIB, 1);
      TestData.Outcome small = TestData.run(all, conf, "hsgen", "-rows", "100000", "-replication", "3", "/hsgen");
      assertEquals(0, small.status, small.toString());
      long data = 0;
      for (Path part : TestData.parts(conf, new Path("/hsgen"))) {
        data += fs.getFileStatus(part).getLen();
      }
      assertEquals(100000 * 100L, data); // beside the data, HSGen's _checksum

    }
  }
}

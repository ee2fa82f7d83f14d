package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.dfsio.DfsioEnhancedJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.Test;

/** EnhancedDFSIO write then read on a real HDFS: the report, the CSV and the totals. */
class DfsioeOnHdfsTest extends EmbeddedHdfsTest {
  static final long MB = 1 << 20;

  private TestData.Outcome dfsioe(String mode, Path csv) {
    Configuration c = new Configuration(conf);
    c.set("test.build.data", "/bench/dfsioe");
    return TestData.run(DfsioEnhancedJar.DRIVER, c, "dfsioe", mode, "-nrFiles", "4", "-fileSize", "4",
        "-sampleInterval", "2", "-plotInterval", "5", "-bufferSize", "65536",
        "-resFile", dir.toPath().resolve("res.txt").toString(), "-tputFile", csv.toString());
  }

  @Test
  void writeAndReadOnHdfs() throws Exception {
    for (String mode : new String[] {"-write", "-read"}) {
      Path csv = dir.toPath().resolve("tput" + mode + ".csv");
      TestData.Outcome o = dfsioe(mode, csv);
      assertEquals(0, o.status, o.toString());
      assertEquals(16 * MB, o.result.inputBytes());
      assertEquals(16.0, o.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
      assertEquals(hdfs.uri().toString(), o.result.fileSystem());
      List<String> rows = Files.readAllLines(dir.toPath().resolve("tput" + mode + "-slots.csv"));
      assertEquals(rows.size(), Files.readAllLines(csv).size(), "the stock CSV beside it: one row a slot bound, no header");
      assertEquals((int) o.result.metrics(DfsioeMetrics.class).slots, rows.size() - 1, "one CSV row a slot");
      assertTrue(o.result.metrics(DfsioeMetrics.class).mask.contains("1"), o.result.metrics().toString());
      double perSlotSum = 0;
      for (String row : rows.subList(1, rows.size())) {
        perSlotSum += Double.parseDouble(row.split(",")[3]) * 0.005;
      }
      assertEquals(16.0 * MB, perSlotSum, 16 * MB * 0.001, "the slots hold every byte");
      assertTrue(o.result.metrics(DfsioeMetrics.class).samplingOverheadPct > 0, o.result.metrics().toString());
    }
    FileStatus[] data = hdfs.cluster().getFileSystem().listStatus(new org.apache.hadoop.fs.Path("/bench/dfsioe/io_data"));
    assertEquals(4, data.length);
    for (FileStatus f : data) {
      assertEquals(4 * MB, f.getLen());
      assertEquals(3, f.getReplication());
    }
  }
}

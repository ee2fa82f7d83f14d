package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.dfsio.DfsioEnhancedJar;
import io.hibenchdse.dfsio.FailOnceFileSystem;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map attempt that fails part-way, on a real YARN mini cluster (the local job runner never
 * retries): the report lists it, and its bytes are not counted beside the retry's.
 */
@FullTier
class DfsioeFailedAttemptTest {
  static final long MB = 1 << 20;

  @TempDir File dir;

  @Test
  void aFailedAttemptIsReportedAndCountedOnce() throws Exception {
    try (MiniMRYarnCluster yarn = FastYarn.start("dfsioe-retry", new Configuration())) {
      Configuration jc = FastYarn.jobConf(yarn);
      jc.setInt("mapreduce.map.maxattempts", 2);
      jc.set("fs.file.impl", FailOnceFileSystem.class.getName());
      jc.setBoolean("fs.file.impl.disable.cache", true);
      jc.set(FailOnceFileSystem.FILE, "test_io_1");
      jc.setLong(FailOnceFileSystem.AFTER_BYTES, MB);
      jc.set(FailOnceFileSystem.MARKER, new File(dir, "failed-once").getAbsolutePath());
      jc.set("test.build.data", new File(dir, "dfsio").toURI().toString());
      jc.set("hibench.report.dir", new File(dir, "report").getPath());

      File res = new File(dir, "result.txt");
      TestData.Outcome o = TestData.run(DfsioEnhancedJar.DRIVER, jc, "dfsioe", "-write", "-nrFiles", "2", "-fileSize", "4",
          "-bufferSize", "65536", "-sampleInterval", "5", "-plotInterval", "10", "-sumThreshold", "0.4",
          "-resFile", res.getPath(), "-tputFile", new File(dir, "tput.csv").getPath());
      assertEquals(0, o.status, o.toString());
      assertEquals(1, o.result.counter(JobCounter.class.getName(), "NUM_FAILED_MAPS"));

      List<DfsioeMetrics.FailedAttempt> failed = o.result.metrics(DfsioeMetrics.class).failedAttempts;
      assertEquals(1, failed.size(), o.result.metrics().toString());
      DfsioeMetrics.FailedAttempt f = failed.get(0);
      assertEquals("test_io_1", f.file);
      String attempt = f.attempt;
      assertTrue(attempt.endsWith("_0"), "the first attempt failed: " + attempt);
      long lost = f.bytes;
      assertTrue(lost >= MB - 65536 && lost <= MB, "moved about 1 MB before failing: " + lost);
      assertTrue(f.error.contains("injected failure"), f.error);

      // the totals hold each file once: the retry's 4 MB, not 4 MB plus the failed attempt's
      assertEquals(8.0, o.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
      assertEquals(8 * MB, o.result.inputBytes());
      assertEquals(4 * MB, new File(dir, "dfsio/io_data/test_io_1").length());
      String report = Files.readString(res.toPath());
      assertTrue(report.contains("Failed attempts: 1") && report.contains(attempt + " on test_io_1"), report);
    }
  }
}

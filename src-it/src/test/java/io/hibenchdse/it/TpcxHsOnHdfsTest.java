package io.hibenchdse.it;

import io.hibenchdse.core.HibenchConfigKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.TestData;
import io.hibenchdse.tpcxhs.TpcxHsJar;
import io.hibenchdse.tpcxhs.ScaleFactor;
import io.hibenchdse.tpcxhs.TpcxHs;
import io.hibenchdse.tpcxhs.TpcxHsMetrics;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The whole two-run TPCx-HS benchmark on a 3-DataNode HDFS, replication 3. */
class TpcxHsOnHdfsTest extends EmbeddedHdfsTest {
  @Test
  void twoRunsAndTheMetricFromTheMeasuredTime() throws Exception {
    Configuration c = new Configuration(conf);
    c.setInt("mapreduce.job.reduces", 2);
    TestData.Outcome o = TestData.run(TpcxHsJar.DRIVER, c, "tpcxhs", "-rows", "10000", "-root", "/TPCx-HS",
        "-systemCost", "5000", "-watts", "400");
    assertEquals(0, o.status, o.toString());
    // the tool publishes its own record; read it back from the report directory
    List<String> json = Files.readAllLines(java.nio.file.Path.of(conf.get(HibenchConfigKeys.REPORT_DIR), Results.JSON_FILE));
    var r = JsonLinesExporter.fromJson(json.stream().filter(l -> l.contains("\"HadoopTpcxhs\"")).reduce((a, b) -> b).orElseThrow());
    TpcxHsMetrics m = r.metrics(TpcxHsMetrics.class);
    assertEquals(2, m.runs.size());
    double sf = ScaleFactor.ofRows(10000).sf;
    double best = Double.MAX_VALUE;
    for (TpcxHsMetrics.Run run : m.runs) {
      assertEquals(List.of("HSGen", "HSDataCheck", "HSSort", "HSDataCheck (sorted)", "HSValidate",
          "HSDataCheck (validated)"), List.copyOf(run.phases.keySet()));
      double sum = run.phases.values().stream().mapToDouble(Double::doubleValue).sum();
      assertTrue(sum <= run.seconds && run.seconds - sum < 1.0, "T " + run.seconds + " covers the phases " + sum);
      assertEquals(TpcxHs.hsph(sf, run.seconds), run.hsph, 1e-9);
      best = Math.min(best, run.hsph);
    }
    assertEquals(best, m.hsph, 1e-12, "the performance run is the one with the lower metric");
    assertEquals(5000 / m.hsph, m.pricePerformance, 1e-9);
    assertEquals(400 / m.hsph, m.wattsPerHsph, 1e-9);
    assertEquals(m.runs.get(0).checksum, m.runs.get(1).checksum, "both runs generate the same data");
    List<String> report = Files.readAllLines(java.nio.file.Path.of(conf.get(HibenchConfigKeys.REPORT_DIR), Results.REPORT_FILE));
    for (String type : new String[] {"HadoopTpcxhs-HSGen ", "HadoopTpcxhs-HSDataCheck ", "HadoopTpcxhs-HSSort ",
        "HadoopTpcxhs-HSDataCheck-sorted ", "HadoopTpcxhs-HSValidate ", "HadoopTpcxhs-HSDataCheck-validated "}) {
      assertEquals(2, report.stream().filter(l -> l.startsWith(type)).count(), type + " twice in " + report);
    }
    assertEquals(1, report.stream().filter(l -> l.startsWith("HadoopTpcxhs ")).count());
    assertEquals(r.durationSec(), m.performance().seconds, 1e-9, "the report line carries the performance run's T");
    assertEquals(3, hdfs.cluster().getFileSystem().getFileStatus(new org.apache.hadoop.fs.Path("/TPCx-HS/output/part-r-00000"))
        .getReplication());
  }
}

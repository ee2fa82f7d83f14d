package io.hibenchdse.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** YCSB's text output read into figures, on a row of the reference report (docs/methodology.md#ycsb-mean-latency: Cassandra, workload A, 100,000 operations). */
class YcsbMetricsTest {
  static YcsbMetrics read(List<String> lines) {
    YcsbMetrics m = new YcsbMetrics();
    lines.forEach(m::add);
    return m.done();
  }

  @Test
  void theOperationWeightedMeanBesideTheReportsSum() {
    YcsbMetrics m = read(List.of(
        "YCSB Client 0.17.0",
        "[OVERALL], RunTime(ms), 38792.33",
        "[OVERALL], Throughput(ops/sec), 2582.863",
        "[TOTAL_GCs], Count, 12",
        "[READ], Operations, 50031",
        "[READ], AverageLatency(us), 378.2946",
        "[READ], Return=OK, 50031",
        "[CLEANUP], Operations, 16",
        "[CLEANUP], AverageLatency(us), 2163.25",
        "[UPDATE], Operations, 49969",
        "[UPDATE], AverageLatency(us), 262.642",
        "[UPDATE], 99.9PercentileLatency(us), 4051",
        "[UPDATE], Return=OK, 49969"));
    assertEquals(100_000, m.operations);
    assertEquals(0, m.errors);
    assertEquals(38.79233, m.runtimeSec, 1e-9);
    assertEquals(2582.863, m.throughputOpsPerSec, 1e-9);
    assertEquals(4051, m.byType.get("UPDATE").p999Us);
    // the report's "Total Average Latency" is the two means summed: 640.9366 us
    assertEquals(640.9366, m.byType.get("READ").meanUs + m.byType.get("UPDATE").meanUs, 1e-9);
    // what an operation waited on average: (50031 x 378.2946 + 49969 x 262.642) / 100000
    assertEquals(320.5042, m.meanUs, 1e-4);
    assertFalse(m.byType.containsKey("TOTAL_GCs"), "the JVM's collections are no operation");
  }

  @Test
  void failuresAndRefusedIntegrityChecksAreErrorsNotDropped() {
    YcsbMetrics m = read(List.of(
        "[READ], Operations, 90",
        "[READ], Return=OK, 90",
        "[READ], Return=ERROR, 10",
        "[READ-FAILED], Operations, 10",
        "[VERIFY], Return=OK, 85",
        "[VERIFY], Return=UNEXPECTED_STATE, 5",
        "[Intended-READ], Operations, 90"));
    assertEquals(100, m.operations, "read attempts, failed ones included; checks and intended-time figures count none");
    assertEquals(15, m.errors);
    assertTrue(m.byType.containsKey("Intended-READ"));
  }
}

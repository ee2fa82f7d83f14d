package io.hibenchdse.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * YCSB's figures as its client exports them, read into the suite's, on a row of the reference
 * report (docs/methodology.md#ycsb-mean-latency: Cassandra, workload A, 100,000 operations); what
 * YCSB itself would have written goes on unchanged.
 */
class YcsbMetricsTest {
  @TempDir
  static Path dir;

  /** The figures of YCSB's text lines, handed to the suite's exporter as YCSB's client hands them (counts as long). */
  static YcsbMetrics read(List<String> lines) throws Exception {
    return export(lines, new ByteArrayOutputStream()).done();
  }

  private static YcsbMetrics export(List<String> lines, ByteArrayOutputStream out) throws Exception {
    Path file = Files.createTempFile(dir, "metrics", ".json");
    System.setProperty(MetricsExporter.FILE, file.toString());
    try {
      feed(lines, new MetricsExporter(out));
    } finally {
      System.clearProperty(MetricsExporter.FILE);
    }
    return new ObjectMapper().readValue(file.toFile(), YcsbMetrics.class);
  }

  /** Writes each figure line ({@code [METRIC], NAME, VALUE}) to {@code exporter}, then closes it. */
  private static void feed(List<String> lines, MeasurementsExporter exporter) throws IOException {
    try (MeasurementsExporter e = exporter) {
      for (String line : lines) {
        if (!line.startsWith("[")) {
          continue;
        }
        String[] f = line.split(", ");
        String metric = f[0].substring(1, f[0].length() - 1);
        if (f[2].contains(".")) {
          e.write(metric, f[1], Double.parseDouble(f[2]));
        } else {
          e.write(metric, f[1], Long.parseLong(f[2]));
        }
      }
    }
  }

  /** What {@code exporter} alone writes of the lines' figures. */
  private static String alone(List<String> lines, MeasurementsExporter exporter, ByteArrayOutputStream out) throws IOException {
    feed(lines, exporter);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static final List<String> PHASE = List.of(
      "[OVERALL], RunTime(ms), 38792.33",
      "[OVERALL], Throughput(ops/sec), 2582.863",
      "[READ], Operations, 50031",
      "[READ], AverageLatency(us), 378.2946",
      "[READ], Return=OK, 50031");

  @Test
  void whatYcsbWouldHaveWrittenGoesOnUnchanged() throws Exception {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    YcsbMetrics m = export(PHASE, text);
    ByteArrayOutputStream own = new ByteArrayOutputStream();
    assertEquals(alone(PHASE, new TextMeasurementsExporter(own), own), text.toString(StandardCharsets.UTF_8));
    assertEquals(50031, m.byType.get("READ").count);
    // an exporter the command line asks for writes in place of the text
    System.setProperty(MetricsExporter.DELEGATE, JSONArrayMeasurementsExporter.class.getName());
    try {
      ByteArrayOutputStream json = new ByteArrayOutputStream();
      YcsbMetrics again = export(PHASE, json);
      ByteArrayOutputStream jsonOwn = new ByteArrayOutputStream();
      assertEquals(alone(PHASE, new JSONArrayMeasurementsExporter(jsonOwn), jsonOwn), json.toString(StandardCharsets.UTF_8));
      assertEquals(2582.863, again.throughputOpsPerSec, 1e-9);
    } finally {
      System.clearProperty(MetricsExporter.DELEGATE);
    }
  }

  @Test
  void theOperationWeightedMeanBesideTheReportsSum() throws Exception {
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
  void failuresAndRefusedIntegrityChecksAreErrorsNotDropped() throws Exception {
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

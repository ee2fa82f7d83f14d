package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each exporter on a fixed result set gives exactly its golden file (src/test/resources/golden). */
class ExportersTest {
  @TempDir File dir;
  private TimeZone zone;

  @BeforeEach
  void utc() {
    zone = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("UTC")); // hibench.report writes local dates and times
  }

  @AfterEach
  void restore() {
    TimeZone.setDefault(zone);
  }

  /** A workload's typed figures: one with its unit. */
  static final class Hsph {
    @Figure(Unit.HSPH)
    public final double hsph;

    Hsph(double hsph) {
      this.hsph = hsph;
    }
  }

  /** Two runs: a job with counters and a multi-phase one with metrics. */
  static List<RunResult> fixedRuns() {
    RunResult wc = new RunResult("wordcount", "HadoopWordcount");
    wc.storedOn("hdfs://namenode:8020", (short) 3, 128L << 20);
    wc.parameter("path", Arrays.asList("/HiBench/Wordcount/Input", "/HiBench/Wordcount/Output"));
    wc.configured("mapreduce.job.reduces", "2");
    wc.counters("org.apache.hadoop.mapreduce.TaskCounter", new TreeMap<>(Map.of("MAP_OUTPUT_RECORDS", 1_000_000L)));
    wc.timed(1_700_000_000_000L, 1_700_000_041_500L, 41_250_000_000L, 3_200_000_000L, 4);

    RunResult hs = new RunResult("tpcxhs", "HadoopTpcxhs");
    hs.storedOn("cfs://127.0.0.1:9042/", (short) 1, 64L << 20);
    hs.metrics(new Hsph(0.2468)).metrics(Map.of("performanceRun", 2)); // a map's figures name no unit
    hs.timed(1_700_000_100_000L, 1_700_000_400_000L, 145_875_000_000L, 100_000_000L, 1);
    return Arrays.asList(wc, hs);
  }

  @Test
  void hibenchReport() throws IOException {
    assertExports(new HibenchReportExporter(dir.toPath().resolve("hibench.report")), "hibench.report");
  }

  @Test
  void jsonLines() throws IOException {
    assertExports(new JsonLinesExporter(dir.toPath().resolve("hibench.jsonl")), "hibench.jsonl");
    // and every record reads back field for field
    List<String> lines = Files.readAllLines(dir.toPath().resolve("hibench.jsonl"));
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(JsonLinesExporter.toJson(fixedRuns().get(i)), JsonLinesExporter.toJson(JsonLinesExporter.fromJson(lines.get(i))));
    }
  }

  /** A record read back hands out its counters read-only, a group's as well as the groups. */
  @Test
  void countersReadBackAreReadOnly() throws IOException {
    assertExports(new JsonLinesExporter(dir.toPath().resolve("hibench.jsonl")), "hibench.jsonl");
    for (String line : Files.readAllLines(dir.toPath().resolve("hibench.jsonl"))) {
      RunResult r = JsonLinesExporter.fromJson(line);
      for (Map.Entry<String, Map<String, Long>> group : r.counters().entrySet()) {
        assertThrows(UnsupportedOperationException.class, () -> group.getValue().put("X", 1L), group.getKey());
      }
      assertThrows(UnsupportedOperationException.class, () -> r.counters().put("G", new TreeMap<>()));
    }
  }

  private void assertExports(ResultExporter exporter, String golden) throws IOException {
    for (RunResult r : fixedRuns()) {
      exporter.export(r);
    }
    assertEquals(golden(golden), Files.readString(dir.toPath().resolve(golden), StandardCharsets.UTF_8));
  }

  private static String golden(String name) throws IOException {
    try (InputStream in = ExportersTest.class.getResourceAsStream("/golden/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}

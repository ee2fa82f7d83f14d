package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsTest {
  @TempDir File dir;

  private static RunResult sample() {
    RunResult r = new RunResult("wordcount", "HadoopWordcount");
    r.parameter("path", List.of("/in", "/out"));
    r.counters("g", new java.util.TreeMap<>(java.util.Map.of("c", 42L)));
    return r.timed(1_700_000_000_000L, 1_700_000_004_000L, 4_000_000_000L, 3_200_000_000L, 4);
  }

  @Test
  void throughputIsBytesOverSecondsAndPerNode() {
    RunResult r = sample();
    assertEquals(4.0, r.durationSec());
    assertEquals(800_000_000.0, r.throughputBytesPerSec());
    assertEquals(200_000_000.0, r.throughputPerNode());
  }

  @Test
  void reportHasOneHeaderAndOneLinePerRunInHiBenchColumns() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(HibenchConfigKeys.REPORT_DIR, dir.getAbsolutePath());
    Results.publish(conf, sample());
    Results.publish(conf, sample());
    List<String> lines = Files.readAllLines(dir.toPath().resolve(Results.REPORT_FILE));
    assertEquals(3, lines.size());
    assertEquals("Type Date Time Input_data_size Duration(s) Throughput(bytes/s) Throughput/node",
        lines.get(0).trim().replaceAll("\\s+", " "));
    String[] cols = lines.get(1).trim().split("\\s+");
    assertEquals(7, cols.length);
    assertEquals("HadoopWordcount", cols[0]);
    assertEquals("3200000000", cols[3]);
    assertEquals("4.000", cols[4]);
    assertEquals("800000000", cols[5]);
    assertEquals("200000000", cols[6]);
    List<String> json = Files.readAllLines(dir.toPath().resolve(Results.JSON_FILE));
    assertEquals(2, json.size());
    RunResult back = JsonLinesExporter.fromJson(json.get(0));
    assertEquals(42L, back.counter("g", "c"));
    assertEquals(List.of("/in", "/out"), back.parameters().get("path"));
    assertEquals(JsonLinesExporter.toJson(sample()), JsonLinesExporter.toJson(back));
  }

  /** What the suite does around a step: its records wait apart, then go to the report whole, beside the ones before. */
  @Test
  void recordsWaitInTheRecordsDirUntilPublishedToTheReport() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(HibenchConfigKeys.REPORT_DIR, dir.getAbsolutePath());
    Results.publish(conf, sample());
    java.nio.file.Path json = dir.toPath().resolve(Results.JSON_FILE);
    String before = Files.readString(json);
    java.nio.file.Path waiting = dir.toPath().resolve("waiting");
    conf.set(HibenchConfigKeys.RECORDS_DIR, waiting.toString());
    assertEquals(waiting, Results.recordsDir(conf));
    Results.publish(conf, sample());
    assertEquals(before, Files.readString(json));
    List<RunResult> waited = Results.since(waiting, 0);
    assertEquals(1, waited.size());
    long mark = Results.mark(dir.toPath());
    Results.publishTo(dir.toPath(), waited.get(0).utilization(java.util.Map.of("durationSec", 4.0)));
    // read from the mark on: the record published after it, and nothing past the end
    assertEquals(List.of(4.0), Results.since(dir.toPath(), mark).stream().map(r -> r.utilization().get("durationSec")).toList());
    assertEquals(List.of(), Results.since(dir.toPath(), Results.mark(dir.toPath())));
    List<String> lines = Files.readAllLines(json);
    assertEquals(2, lines.size());
    assertEquals(before, lines.get(0) + "\n");
    assertEquals(4.0, JsonLinesExporter.fromJson(lines.get(1)).utilization().get("durationSec"));
    assertEquals(3, Files.readAllLines(dir.toPath().resolve(Results.REPORT_FILE)).size());
  }

  @Test
  void withoutAReportDirNothingIsWritten() throws Exception {
    // as under `hadoop jar` in a HiBench installation: its report/hibench.report is HiBench's own
    File in = new File(dir, "in");
    in.mkdirs();
    Files.writeString(in.toPath().resolve("a.txt"), "a b a\n");
    Configuration conf = LocalRunner.configure(new Configuration(), new File(dir, "mr"));
    TestData.Outcome o = TestData.run(conf, "wordcount", in.getPath(), new File(dir, "out").getPath());
    assertEquals(0, o.status, o.toString());
    assertEquals(false, new File(Results.DEFAULT_REPORT_DIR).exists(), "report/ written in " + new File("").getAbsolutePath());
    assertEquals(3, o.result.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_OUTPUT_RECORDS"));
  }
}

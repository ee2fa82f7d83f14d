package io.hibenchdse.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Scanner;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DFSIOE's stock outputs from a fixed run (SteadyPhaseTest's staggered maps, one failed attempt):
 * the console report, the block appended to -resFile, the throughput CSV and the per-slot table are
 * exactly their golden files (src/test/resources/golden).
 */
class StockFilesTest {
  @TempDir Path dir;
  private TimeZone zone;

  @BeforeEach
  void utc() {
    zone = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("UTC")); // "Date & time" is the JVM's local time, as the stock tool's
  }

  @AfterEach
  void restore() {
    TimeZone.setDefault(zone);
  }

  private static DfsioeReport report() {
    // A: 0..4000 ms at 1 byte/ms; B: 1000..5000 ms at 2 bytes/ms; a failed attempt of C that moved 500 bytes
    List<AttemptSamples> maps = Arrays.asList(SteadyPhaseTest.map("a", 0, 0, 2000, 2000, 4000, 4000),
        SteadyPhaseTest.map("b", 1000, 0, 5000, 8000));
    for (AttemptSamples m : maps) {
      m.samplingNanos = 1_000_000;
    }
    AttemptSamples failed = SteadyPhaseTest.map("c", 500, 0, 1500, 500);
    failed.succeeded = false;
    failed.error = "java.io.IOException: injected";
    List<AttemptSamples> all = new ArrayList<>(maps);
    all.add(failed);
    SteadyPhase phase = SteadyPhase.analyze(maps, 1000, 0.75);
    DfsioeMetrics metrics = DfsioeMetrics.of(all, maps, ClassicMetrics.of(maps, 5.25), phase);
    return new DfsioeReport("write", 1_795_500_000_000L, metrics, maps, phase, "b", 1);
  }

  @Test
  void consoleResultFileAndCsvsAreTheGoldenOnes() throws IOException {
    DfsioeReport r = report();
    assertEquals(golden("dfsioe-console.txt"), r.text());
    Path res = dir.resolve("TestDFSIO_results.log");
    Path csv = dir.resolve("TestDFSIO_tput.csv");
    r.appendTo(res, csv);
    r.appendStockCsv(csv);
    r.writeCsv(DfsioeReport.slotsCsv(csv));
    assertEquals(golden("dfsioe-results-block.txt").replace("${tputFile}", csv.toString()), read(res));
    assertEquals(golden("TestDFSIO_tput.csv"), read(csv));
    assertEquals(golden("TestDFSIO_tput-slots.csv"), read(dir.resolve("TestDFSIO_tput-slots.csv")));
  }

  private static String read(Path p) throws IOException {
    return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
  }

  private static String golden(String name) throws IOException {
    try (InputStream in = StockFilesTest.class.getResourceAsStream("/golden/" + name);
        Scanner s = new Scanner(in, "UTF-8").useDelimiter("\\A")) {
      return s.next();
    }
  }
}

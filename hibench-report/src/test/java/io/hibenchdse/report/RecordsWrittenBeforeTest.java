package io.hibenchdse.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records in the form the suite wrote them before its series points said whether they set the data
 * and its Spark runs named their counterpart (through 2026-11): a size series of wordcount, three
 * runs a point, and three runs each of spark-wordcount and of wordcount beside it.
 */
class RecordsWrittenBeforeTest {
  @TempDir Path dir;

  private Path earlier() throws Exception {
    Path d = Files.createDirectories(dir.resolve("earlier"));
    Files.copy(Path.of(Objects.requireNonNull(getClass().getResource("/records-2026-11/" + Results.JSON_FILE)).toURI()),
        d.resolve(Results.JSON_FILE));
    return d;
  }

  @Test
  void theySummarizeAndTheirSizeSeriesNamesNoBestPoint() throws Exception {
    List<Summary.Row> rows = SummaryReport.write(Measurement.read(earlier()), dir.resolve("summary"));
    // a series' points in its order, after the runs of no series
    assertEquals(List.of("spark-wordcount", "wordcount", "wordcount size=1m", "wordcount size=2m"),
        rows.stream().map(r -> r.workload() + (r.point() == null ? "" : " " + r.point())).toList());
    assertEquals(List.of(6.0, 10.0, 11.0, 21.0), rows.stream().map(Summary.Row::meanSec).toList());
    assertEquals(List.of(), Summary.best(rows), "a series of sizes measures scaling: no best point");
    List<Comparison.Row> engines = Comparison.engines(rows);
    assertEquals(1, engines.size(), "spark-wordcount beside wordcount, paired by name as those records were");
    assertEquals("spark-wordcount", engines.get(0).workload());
    assertEquals(0.6, engines.get(0).timeRatio(), 1e-12);
    // each workload's table on the page heads its own columns: a point only where its rows have one
    String page = Files.readString(dir.resolve("summary/index.html"));
    assertFalse(headings(page, "spark-wordcount").contains("<th>Point</th>"), headings(page, "spark-wordcount"));
    assertTrue(headings(page, "wordcount").startsWith("<tr><th>Profile</th><th>Point</th><th>Runs</th>"), headings(page, "wordcount"));
  }

  private static String headings(String page, String workload) {
    int section = page.indexOf("<h2 id=\"" + workload + "\">");
    int row = page.indexOf("<tr>", section);
    return page.substring(row, page.indexOf("</tr>", row));
  }

  @Test
  void comparedWithThemselvesNoRowDiffers() throws Exception {
    Path a = earlier();
    List<Comparison.Row> rows = Comparison.of(a, a).rows();
    assertEquals(4, rows.size());
    for (Comparison.Row r : rows) {
      assertEquals(1, r.timeRatio(), 1e-12, r.workload());
      assertFalse(r.significant(), r.workload() + " p = " + r.pValue());
    }
  }

  /** B's runs each took twice A's (every figure but the time as it was): every row differs, its ratio's interval short of 1. */
  @Test
  void againstRunsTwiceAsLongEveryRowDiffers() throws Exception {
    Path a = earlier();
    Path b = Files.createDirectories(dir.resolve("twice"));
    List<String> doubled = new ArrayList<>();
    for (String line : Files.readAllLines(a.resolve(Results.JSON_FILE))) {
      RunResult r = JsonLinesExporter.fromJson(line);
      long nanos = Math.round(r.durationSec() * 2e9);
      doubled.add(JsonLinesExporter.toJson(r.timed(r.startMs(), r.startMs() + nanos / 1_000_000, nanos, r.inputBytes(), r.nodes())));
    }
    Files.write(b.resolve(Results.JSON_FILE), doubled);
    List<Comparison.Row> rows = Comparison.of(a, b).rows();
    assertEquals(4, rows.size());
    for (Comparison.Row r : rows) {
      assertEquals(2, r.timeRatio(), 1e-9, r.workload());
      assertTrue(r.significant(), r.workload() + " p = " + r.pValue());
      assertTrue(r.timeRatioCi95Low() > 1, r.workload() + " " + r.timeRatioCi95Low());
    }
  }
}

package io.hibenchdse.it;

import io.hibenchdse.core.HibenchConfigKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.launcher.Hibench;
import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The HTML report {@code bin/hibench summary} writes from a fixed result set: a section per
 * workload with its table and charts (each an SVG that parses, with a PNG beside it), DFSIOE's
 * slot chart and TPCx-HS's phases, the environment, the commands, and nothing unescaped.
 */
class HtmlReportTest {
  @TempDir Path dir;

  private static RunResult run(String suiteWorkload, String workload, String profile, double seconds, long bytes) {
    RunResult r = new RunResult(workload, "Hadoop" + workload);
    r.storedOn("hdfs://localhost:8020", (short) 1, 128L << 20);
    r.configured("hibench.suite.workload", suiteWorkload);
    r.configured("hibench.profile", profile);
    r.configured(HibenchConfigKeys.STORAGE_FSYNC, "false");
    r.command(List.of(workload, "-D", "x=<y>", "/in", "/out"));
    r.environment(Map.of("hadoop", "3.4.1", "java", "OpenJDK 17", "cores", "2"));
    return r.timed(0, (long) (seconds * 1000), (long) (seconds * 1e9), bytes, 1);
  }

  /** A report directory holding the fixed result set. */
  private Path results(String name) throws Exception {
    List<RunResult> runs = new ArrayList<>();
    runs.add(run("wordcount", "wordcount", "tiny", 10, 32_000));
    runs.add(run("wordcount", "wordcount", "tiny", 12, 32_000));
    runs.add(run("wordcount", "wordcount", "small", 40, 320_000));
    runs.add(run("wordcount", "wordcount", "small", 44, 320_000));
    RunResult dfsioe = run("dfsioe-write", "dfsioe", "tiny", 3, 16L << 20);
    dfsioe.metrics(Map.of("files", 2, "mask", ".11.", "slotMs", 500, "slotThroughput", List.of(1e6, 9e6, 8e6, 2e6),
        "slotConcurrency", List.of(1, 2, 2, 1), "failedAttempts", List.of()));
    runs.add(dfsioe);
    RunResult tpcxhs = run("tpcxhs", "tpcxhs", "tiny", 20, 10_000_000);
    tpcxhs.metrics(Map.of("scaleFactor", 1e-5, "rows", 100_000, "performanceRun", 2, "repeatabilityRun", 1,
        "hsph", 1.8, "runs", List.of(
            Map.of("run", 1, "seconds", 21.0, "hsph", 1.71, "phases", Map.of("HSGen", 5.0, "HSSort", 16.0), "checksum", "ab"),
            Map.of("run", 2, "seconds", 20.0, "hsph", 1.8, "phases", Map.of("HSGen", 4.0, "HSSort", 16.0), "checksum", "ab"))));
    runs.add(tpcxhs);
    StringBuilder jsonl = new StringBuilder();
    for (RunResult r : runs) {
      jsonl.append(JsonLinesExporter.toJson(r)).append('\n');
    }
    Path d = dir.resolve(name);
    Files.createDirectories(d);
    Files.writeString(d.resolve(Results.JSON_FILE), jsonl);
    return d;
  }

  private static void hibench(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = Hibench.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    assertEquals(0, status, out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void everyWorkloadGetsItsTableAndChartsAndTheEnvironmentIsListed() throws Exception {
    Path report = results("report");
    hibench("summary", "--report-dir", report.toString());
    String html = Files.readString(report.resolve("index.html"));

    for (String section : new String[] {"<h2 id=\"wordcount\">", "<h2 id=\"dfsioe-write\">", "<h2 id=\"tpcxhs\">", "<h2 id=\"environment\">"}) {
      assertTrue(html.contains(section), section);
    }
    // small's time delta against tiny: 42 / 11 - 1 = +281.82 %, data delta +900 %
    assertTrue(html.contains("<td class=\"n\">+900.00</td><td class=\"n\">+281.82</td>"), "the summary row of small");
    Matcher img = Pattern.compile("<img src=\"data:image/svg\\+xml;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
    int images = 0;
    DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
    while (img.find()) {
      images++;
      Document svg = xml.newDocumentBuilder().parse(new ByteArrayInputStream(Base64.getDecoder().decode(img.group(1))));
      assertEquals("svg", svg.getDocumentElement().getTagName());
      assertEquals(900, Double.parseDouble(svg.getDocumentElement().getAttribute("width")));
    }
    // wordcount 2 (scaling over its two sizes, per run), dfsioe-write 2 (per run, slots), tpcxhs 2 (per run,
    // phases): one size draws no chart against data size
    assertEquals(6, images, "charts in the page");
    try (var files = Files.list(report.resolve("charts"))) {
      List<Path> pngs = files.filter(p -> p.toString().endsWith(".png")).toList();
      assertEquals(6, pngs.size(), pngs.toString());
      assertTrue(pngs.stream().noneMatch(p -> p.getFileName().toString().matches("(dfsioe-write|tpcxhs)-scaling.png")), pngs.toString());
      for (Path png : pngs) {
        assertEquals(900, ImageIO.read(png.toFile()).getWidth(), png.toString());
        assertTrue(Files.exists(Path.of(png.toString().replaceFirst("\\.png$", ".svg"))), png + " has its SVG");
      }
    }
    // the page opens with the whole run: a row per workload and profile, the storage in one line
    int overview = html.indexOf("<h2 id=\"overview\">");
    assertTrue(overview > 0 && overview < html.indexOf("<h2 id=\"wordcount\">"), "the overview comes first");
    for (String row : new String[] {"<tr><td><a href=\"#wordcount\">wordcount</a></td><td>tiny</td><td class=\"n\">2</td><td class=\"n\">0.032</td><td class=\"n\">11.000</td>",
        "<tr><td><a href=\"#wordcount\">wordcount</a></td><td>small</td><td class=\"n\">2</td><td class=\"n\">0.320</td><td class=\"n\">42.000</td>",
        "<tr><td><a href=\"#dfsioe-write\">dfsioe-write</a></td><td>tiny</td>", "<tr><td><a href=\"#tpcxhs\">tpcxhs</a></td><td>tiny</td>"}) {
      assertTrue(html.contains(row), row);
    }
    assertTrue(html.contains("<p>File system: hdfs://localhost:8020; Replication: 1; Write acknowledged by: 1 of 1; Read from: 1 of 1"
        + "; Fsync before acknowledging: false; Acknowledged writes survive a server process crash: true</p>"), "the storage line");
    assertTrue(html.contains("<tr><th>Fsync before acknowledging</th><td>false</td></tr>"), "environment");
    assertTrue(html.contains("<tr><th>Hadoop</th><td>3.4.1</td></tr>"), "environment");
    assertTrue(html.contains("<code>bin/hibench wordcount -D x=&lt;y&gt; /in /out</code>"), "commands, escaped");
    assertTrue(!html.contains("<y>"), "nothing unescaped");
  }

  @Test
  void theReportAndTheComparisonLoadInChromiumWithoutErrorsAndShowEveryChart() throws Exception {
    HeadlessChromium browser;
    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      browser = chromium;
      Path report = results("report");
      hibench("summary", "--report-dir", report.toString());
      hibench("compare", report.toString(), report.toString(), "--out", dir.resolve("compare").toString());
      HeadlessChromium.Page page = chromium.open(report.resolve("index.html"));
      assertEquals(List.of(), page.errors(), "errors while loading index.html");
      assertEquals(6, page.images().size());
      for (int[] size : page.images()) {
        assertTrue(size[0] == 900 && size[1] == 480, "an image of " + size[0] + "x" + size[1]);
      }
      HeadlessChromium.Page compare = chromium.open(dir.resolve("compare/compare.html"));
      assertEquals(List.of(), compare.errors(), "errors while loading compare.html");
      assertEquals(1, compare.images().size());
      assertTrue(compare.images().get(0)[0] == 900, "the ratio chart is drawn");
    }
    assertFalse(Files.exists(browser.profile()), "Chromium's profile left behind");
  }

  /** The real thing: a suite run at two profiles on the embedded HDFS, its report read in Chromium. */
  @FullTier
  @Test
  void aSuiteRunAtTwoProfilesWritesTheReportWithEveryChart() throws Exception {
    Path list = dir.resolve("benchmarks.lst");
    Files.writeString(list, "sort\ndfsioe-write\n");
    Path report = dir.resolve("suite");
    hibench("run", "--profile", "tiny,small", "--runs", "2", "--warmup", "0", "--benchmarks", list.toString(),
        "--report-dir", report.toString(), "--work-dir", dir.resolve("work").toString());
    String html = Files.readString(report.resolve("index.html"));
    // sort and dfsioe-write: a row per profile, the scaling and per-run charts, and DFSIOE's slots at each profile
    for (String workload : new String[] {"sort", "dfsioe-write"}) {
      String section = html.substring(html.indexOf("<h2 id=\"" + workload + "\">"));
      section = section.substring(0, section.indexOf("<h2", 4));
      assertTrue(section.contains("<tr><td>tiny</td>") && section.contains("<tr><td>small</td>"), workload + " rows");
    }
    try (var files = Files.list(report.resolve("charts"))) {
      assertEquals(List.of("dfsioe-write-CPU-utilization", "dfsioe-write-disk-utilization", "dfsioe-write-network-utilization",
          "dfsioe-write-scaling", "dfsioe-write-small-slots", "dfsioe-write-throughput", "dfsioe-write-tiny-slots",
          "sort-CPU-utilization", "sort-disk-utilization", "sort-network-utilization", "sort-scaling", "sort-throughput"),
          files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png")).map(n -> n.replace(".png", "")).sorted().toList());
    }
    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      HeadlessChromium.Page page = chromium.open(report.resolve("index.html"));
      assertEquals(List.of(), page.errors());
      assertEquals(12, page.images().size());
      page.images().forEach(size -> assertTrue(size[0] == 900 && size[1] == 480, size[0] + "x" + size[1]));
    }
  }
}

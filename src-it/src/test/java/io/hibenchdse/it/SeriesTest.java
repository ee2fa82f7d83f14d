package io.hibenchdse.it;

import static io.hibenchdse.it.InProcess.hibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.tiers.FullTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Series ({@code --vary}, {@code --grid}) on the embedded default: the reference report's tables as
 * one command each, every point its own row, checked against the records' own counts.
 */
class SeriesTest {
  @TempDir Path dir;



  private InProcess.Outcome suite(String name, String benchmarks, String... more) throws Exception {
    Path list = dir.resolve(name + ".lst");
    Files.writeString(list, benchmarks);
    List<String> args = new ArrayList<>(List.of("run", "--benchmarks", list.toString(), "--report-dir", dir.resolve(name).toString(),
        "--work-dir", dir.resolve("work").toString(), "--warmup", "0", "--monitor-interval", "0"));
    args.addAll(List.of(more));
    return hibench(args.toArray(new String[0]));
  }

  private List<RunResult> records(String name) throws Exception {
    return InProcess.records(dir.resolve(name));
  }

  private JsonNode summary(String name) throws Exception {
    return new ObjectMapper().readTree(dir.resolve(name).resolve("summary.json").toFile());
  }

  /**
   * Table 7's pairs of maps and reduces: four rows in the order given, each record's maps and reduces
   * (the job's shuffle counter) as its point asked, the deltas those of the records' own times and data.
   */
  @FullTier
  @Test
  void pairsOfMapsAndReducesAreFourRowsWithDeltasAgainstTheFirst() throws Exception {
    InProcess.Outcome o = suite("pairs", "wordcount\n", "--runs", "2", "--vary", "maps=3,4,6,12", "--vary", "reduces=1,2,2,4");
    assertEquals(0, o.status(), o.said());
    assertTrue(o.out().contains("a series of 4 points: maps=3,reduces=1; maps=4,reduces=2; maps=6,reduces=2; maps=12,reduces=4"), o.out());
    Map<String, DescriptiveStatistics> times = new LinkedHashMap<>();
    Map<String, DescriptiveStatistics> data = new LinkedHashMap<>();
    for (RunResult r : records("pairs")) {
      String point = r.configuration().get(HibenchConfigKeys.SERIES_POINT);
      String[] mr = point.replace("maps=", "").replace("reduces=", "").split(",");
      // the local runner keeps no JobCounter: every reduce fetched every map's output once, so the
      // shuffle's count is launched maps times launched reduces
      assertEquals(Long.parseLong(mr[0]) * Long.parseLong(mr[1]), r.counter(TaskCounter.class.getName(), "SHUFFLED_MAPS"), point);
      assertEquals(mr[1], r.configuration().get(MRJobConfig.NUM_REDUCES), point);
      times.computeIfAbsent(point, k -> new DescriptiveStatistics()).addValue(r.durationSec());
      data.computeIfAbsent(point, k -> new DescriptiveStatistics()).addValue(r.inputBytes());
    }
    JsonNode rows = summary("pairs");
    assertEquals(4, rows.size(), rows.toString());
    List<String> points = new ArrayList<>(times.keySet());
    assertEquals(List.of("maps=3,reduces=1", "maps=4,reduces=2", "maps=6,reduces=2", "maps=12,reduces=4"), points);
    double first = times.get(points.get(0)).getMean();
    double firstData = data.get(points.get(0)).getMean();
    for (int i = 0; i < 4; i++) {
      JsonNode row = rows.get(i);
      assertEquals(points.get(i), row.get("point").asText());
      assertEquals(2, row.get("runs").asInt());
      assertEquals(times.get(points.get(i)).getMean(), row.get("meanSec").asDouble(), 1e-9);
      assertEquals(100 * (times.get(points.get(i)).getMean() / first - 1), row.get("timeDeltaPct").asDouble(), 1e-6);
      assertEquals(100 * (data.get(points.get(i)).getMean() / firstData - 1), row.get("dataDeltaPct").asDouble(), 1e-6);
    }
    // the console names the fastest point against the next, and summary.csv quotes the point's comma
    assertTrue(o.out().contains("best point of wordcount: maps="), o.out());
    assertTrue(Files.readAllLines(dir.resolve("pairs/summary.csv")).get(1).endsWith(",\"maps=3,reduces=1\""));
    assertTrue(Files.readString(dir.resolve("pairs").resolve("index.html")).contains("best point of wordcount"));
  }

  /**
   * DFSIOE at one total with 1, 2, 4 and 8 files: each point's files and bytes as asked, an
   * aggregated throughput per point; wordcount, which takes no file count, runs once and is said so.
   */
  @FullTier
  @Test
  void dfsioeFilesAtOneTotalAndAWorkloadThatTakesNoFileCount() throws Exception {
    InProcess.Outcome o = suite("files", "wordcount\ndfsioe-write\n", "--runs", "1", "--vary", "files=1,2,4,8");
    assertEquals(0, o.status(), o.said());
    assertEquals(1, o.out().split("--vary files does not apply to wordcount", -1).length - 1, o.out());
    List<RunResult> records = records("files");
    assertEquals(5, records.size());
    assertEquals("wordcount", records.get(0).configuration().get(HibenchConfigKeys.SUITE_WORKLOAD));
    assertTrue(!records.get(0).configuration().containsKey(HibenchConfigKeys.SERIES_POINT));
    int[] files = {1, 2, 4, 8};
    for (int i = 0; i < 4; i++) {
      RunResult r = records.get(i + 1);
      assertEquals("files=" + files[i], r.configuration().get(HibenchConfigKeys.SERIES_POINT));
      DfsioeMetrics m = r.metrics(DfsioeMetrics.class);
      assertEquals(files[i], m.files);
      assertEquals(files[i], r.counter(TaskCounter.class.getName(), "MAP_INPUT_RECORDS"), "a map a file, reading its one control record");
      assertEquals(16L << 20, r.inputBytes(), "the tiny profile's 16 MB at every point");
      assertTrue(m.aggregatedThroughputBytesPerSec != null && m.aggregatedThroughputBytesPerSec > 0,
          "files=" + files[i] + ": " + m.aggregatedThroughputUnavailable);
    }
    JsonNode rows = summary("files");
    assertEquals(5, rows.size());
    assertTrue(rows.get(0).get("point") == null);
  }

  /** A 2x2 grid: four labelled rows, and a chart for each row of the grid along its last key. */
  @FullTier
  @Test
  void aGridIsEveryCombinationWithAChartPerRow() throws Exception {
    InProcess.Outcome o = suite("grid", "wordcount\n", "--runs", "1", "--vary", "maps=1,2", "--vary", "reduces=1,2", "--grid");
    assertEquals(0, o.status(), o.said());
    JsonNode rows = summary("grid");
    List<String> points = new ArrayList<>();
    rows.forEach(r -> points.add(r.get("point").asText()));
    assertEquals(List.of("maps=1,reduces=1", "maps=1,reduces=2", "maps=2,reduces=1", "maps=2,reduces=2"), points);
    for (RunResult r : records("grid")) {
      String point = r.configuration().get(HibenchConfigKeys.SERIES_POINT);
      assertEquals(point.substring(0, point.indexOf(',')), r.configuration().get(HibenchConfigKeys.SERIES_ROW));
    }
    Path charts = dir.resolve("grid").resolve("charts");
    assertTrue(Files.exists(charts.resolve("wordcount-series-maps_1.svg")) && Files.exists(charts.resolve("wordcount-series-maps_2.svg")));
    String svg = Files.readString(charts.resolve("wordcount-series-maps_2.svg"));
    assertTrue(svg.contains("reduces=1") && svg.contains("reduces=2") && !svg.contains("maps=1"), "the row's chart runs along reduces");
    // a tuning series (no key that changes the data), of one run a point
    assertTrue(o.out().contains("best point of wordcount") && o.out().contains("one run each"), o.out());

    // compare matches the points by label: four rows, not one per workload and profile
    String grid = dir.resolve("grid").toString();
    InProcess.Outcome c = hibench("compare", grid, grid, "--out", dir.resolve("compare").toString());
    assertEquals(0, c.status(), c.err());
    List<String> csv = Files.readAllLines(dir.resolve("compare").resolve("compare.csv"));
    assertEquals(5, csv.size(), csv.toString());
    for (int i = 0; i < 4; i++) {
      assertTrue(csv.get(i + 1).startsWith("wordcount,tiny,1,") && csv.get(i + 1).endsWith(",1.0000,,,,,1.0000,,\"" + points.get(i) + "\""),
          csv.get(i + 1));
    }
  }

  /** What a series cannot be is one line and exit 2 before anything starts; plan lists the points. */
  @Test
  void refusalsAndThePlan() throws Exception {
    Path list = dir.resolve("wc.lst");
    Files.writeString(list, "wordcount\n");
    String[][] bad = {
      {"--vary", "mapz=1,2"}, {"unknown key 'mapz'"},
      {"--vary", "maps=1,two"}, {"'two' is not a whole number"},
      {"--vary", "size=1q"}, {"'1q' is not a size"},
      {"--vary", "maps=1,2", "--vary", "reduces=1,2,3"}, {"must be as long (maps 2, reduces 3)"},
      {"--vary", "maps=1,2,3,4,5", "--vary", "reduces=1,2,3,4,5", "--vary", "replication=1,2,3", "--grid"}, {"more than 64 points"},
      {"--vary", "maps=1,2", "--profile", "tiny,small"}, {"--profile and --vary both make a series"},
      {"--vary", "maps=1,2", "--maps", "3"}, {"--maps and --vary maps both set it"},
      {"--grid"}, {"--grid combines the lists of --vary"},
      {"--vary", "link=1gbit,10mbit"}, {"--link shapes the links of --hosts"},
    };
    for (int i = 0; i < bad.length; i += 2) {
      List<String> args = new ArrayList<>(List.of("run", "--benchmarks", list.toString(), "--work-dir", dir.resolve("w").toString(),
          "--report-dir", dir.resolve("r").toString()));
      args.addAll(List.of(bad[i]));
      InProcess.Outcome o = hibench(args.toArray(new String[0]));
      assertEquals(2, o.status(), String.join(" ", bad[i]) + ": " + o.err());
      assertEquals(1, o.err().strip().lines().count(), o.err());
      assertTrue(o.err().contains(bad[i + 1][0]), String.join(" ", bad[i]) + ": " + o.err());
      assertTrue(!Files.exists(dir.resolve("w")) && !Files.exists(dir.resolve("r")), "nothing started");
    }
    InProcess.Outcome nodes = hibench("plan", "--benchmarks", list.toString(), "--vary", "nodes=1,2");
    assertEquals(2, nodes.status());
    assertTrue(nodes.err().contains("a real cluster's nodes are its own"), nodes.err());

    InProcess.Outcome plan = hibench("plan", "--benchmarks", list.toString(), "--vary", "maps=3,4", "--vary", "reduces=1,2", "--runs", "1",
        "--warmup", "0");
    assertEquals(0, plan.status(), plan.err());
    List<String> lines = plan.out().lines().toList();
    assertEquals(4, lines.size(), plan.out());
    assertTrue(lines.get(1).startsWith("measure hibench-core wordcount ") && lines.get(1).contains("-D hibench.series.point=maps=3,reduces=1")
        && lines.get(1).contains("mapreduce.job.reduces=1"), lines.get(1));
    assertTrue(lines.get(3).contains("-D hibench.series.point=maps=4,reduces=2") && lines.get(3).contains("mapreduce.job.reduces=2"),
        lines.get(3));
  }
}

package io.hibenchdse.report;

import io.hibenchdse.core.HibenchConfigKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RunResult;
import io.hibenchdse.ycsb.YcsbResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary's statistics on inputs computed by hand, and on the reference report's own figures. */
class SummaryTest {
  @TempDir Path dir;
  private static Measurement run(String workload, Profile p, double bytes, double seconds) {
    return run(workload, workload, p, bytes, seconds);
  }

  /** A run of the suite's {@code workload} by the tool {@code tool} ({@code ycsb} for each of YCSB's). */
  private static Measurement run(String workload, String tool, Profile p, double bytes, double seconds) {
    RunResult r = new RunResult(tool, null).timed(0, (long) (seconds * 1000), Math.round(seconds * 1e9), (long) bytes, 1);
    return new Measurement(workload, p, r);
  }

  @Test
  void theReferenceReportsTimeDeltas() {
    // its Table 9: 240, 340 and 440 GB sorted in 4068.22, 5785.47 and 7471.23 s
    double gb = 1e9;
    List<Summary.Row> rows = Summary.rows(List.of(run("sort", Profile.SMALL, 240 * gb, 4068.22),
        run("sort", Profile.LARGE, 340 * gb, 5785.47), run("sort", Profile.HUGE, 440 * gb, 7471.23)));
    assertEquals(3, rows.size());
    assertEquals(0, rows.get(0).timeDeltaPct(), 1e-12);
    assertEquals(42.21, Math.round(rows.get(1).timeDeltaPct() * 100) / 100.0);
    assertEquals(83.65, Math.round(rows.get(2).timeDeltaPct() * 100) / 100.0);
    assertEquals(100.0 * (340.0 / 240 - 1), rows.get(1).dataDeltaPct(), 1e-9);
    assertEquals(100.0 * (440.0 / 240 - 1), rows.get(2).dataDeltaPct(), 1e-9);
    assertEquals(0, rows.get(1).sigmaSec(), "one run has no spread");
  }

  @Test
  void meanSigmaAndThroughputOverTheRuns() {
    List<Measurement> runs = new ArrayList<>();
    for (double s : new double[] {10, 12, 14}) {
      runs.add(run("wordcount", Profile.TINY, 1_200, s));
    }
    runs.add(run("wordcount", Profile.SMALL, 2_400, 30));
    runs.add(run("wordcount", Profile.SMALL, 2_400, 30));
    List<Summary.Row> rows = Summary.rows(runs);
    Summary.Row tiny = rows.get(0);
    assertEquals(3, tiny.runs());
    assertEquals(12, tiny.meanSec(), 1e-12);
    assertEquals(2, tiny.sigmaSec(), 1e-12, "the sample standard deviation of 10, 12, 14");
    assertEquals(100.0 * 2 / 12, tiny.sigmaPct(), 1e-12);
    // Student's t at 95% on 2 degrees of freedom, 4.302653, times the standard error 2 / sqrt(3)
    assertEquals(12 - 4.302653 * 2 / Math.sqrt(3), tiny.ci95LowSec(), 1e-5);
    assertEquals(12 + 4.302653 * 2 / Math.sqrt(3), tiny.ci95HighSec(), 1e-5);
    assertEquals((120 + 100 + 1200.0 / 14) / 3, tiny.meanThroughputBytesPerSec(), 1e-9, "the mean of the runs' throughputs");
    Summary.Row small = rows.get(1);
    assertEquals(100, small.dataDeltaPct(), 1e-12);
    assertEquals(150, small.timeDeltaPct(), 1e-12);
    assertEquals(0, small.sigmaSec(), 1e-12);
    assertEquals(30, small.ci95LowSec(), 1e-12, "two equal runs: an interval of no width");
    assertEquals(null, Summary.rows(List.of(run("sort", Profile.TINY, 1, 5))).get(0).ci95LowSec(), "one run gives none");
  }

  /**
   * A series within one profile (YCSB's --ycsb-records): a row per point, the first the baseline.
   */
  @Test
  void aSeriesWithinAProfileIsAPointARow() {
    List<Measurement> runs = new ArrayList<>();
    for (long records : new long[] {100_000, 200_000, 100_000, 200_000}) {
      Measurement m = run("ycsb-a", Profile.TINY, records * 1_000, records / 2_500.0);
      m.result().configured(HibenchConfigKeys.SCALE, records + "-records");
      runs.add(m);
    }
    List<Summary.Row> rows = Summary.rows(runs);
    assertEquals(List.of("100000-records", "200000-records"), rows.stream().map(Summary.Row::profile).toList());
    assertEquals(2, rows.get(0).runs());
    assertEquals(100, rows.get(1).dataDeltaPct(), 1e-9);
    assertEquals(100, rows.get(1).timeDeltaPct(), 1e-9, "40 s against 80 s");
  }

  /** A tuning series' best point against the next, by Welch's t-test (p by SciPy's ttest_ind_from_stats). */
  @Test
  void aTuningSeriesBestPointIsWeighedByWelchsTest() {
    List<Measurement> runs = new ArrayList<>();
    double[][] times = {{30, 31, 32}, {20, 20.5, 21}, {21, 24, 27}};
    String[] points = {"maps=2", "maps=4", "maps=6"};
    for (int i = 0; i < 3; i++) {
      for (double t : times[i]) {
        Measurement m = run("wordcount", Profile.TINY, 1_000, t);
        m.result().configured(HibenchConfigKeys.SERIES_POINT, points[i]);
        runs.add(m);
      }
    }
    List<Summary.Best> best = Summary.best(Summary.rows(runs));
    assertEquals(1, best.size());
    assertEquals("maps=4", best.get(0).point());
    assertEquals("maps=6", best.get(0).next());
    // 20.5 +- 0.5 against 24 +- 3, three runs each: SciPy gives p = 0.17768
    assertEquals(0.17768, best.get(0).pValue(), 1e-4);
    assertEquals(true, best.get(0).describe().endsWith("no significant difference (Welch's p = 0.178): not a clear winner"),
        best.get(0).describe());
  }

  /** A series of data sizes measures scaling: its fastest point is the smallest, no tuning's best. */
  @Test
  void aSeriesThatSetsTheDataHasNoBestPoint() {
    List<Measurement> runs = new ArrayList<>();
    for (String point : new String[] {"size=1m", "size=2m"}) {
      for (double t : new double[] {10, 11}) {
        Measurement m = run("wordcount", Profile.TINY, 1_000, point.equals("size=1m") ? t : 2 * t);
        m.result().configured(new RecordedPoint(point, point.equals("size=1m") ? 1 : 2, null, true).labels());
        runs.add(m);
      }
    }
    assertEquals(List.of(), Summary.best(Summary.rows(runs)));
  }

  /** A Spark workload's row is set beside the MapReduce workload its records name, at the same profile. */
  @Test
  void aSparkRowIsSetBesideTheCounterpartItsRecordsName() {
    List<Measurement> runs = new ArrayList<>();
    for (double t : new double[] {10, 12}) {
      runs.add(run("wordcount", Profile.TINY, 1_000, t));
      Measurement spark = run("spark-wordcount", Profile.TINY, 1_000, t / 2);
      spark.result().configured(HibenchConfigKeys.SUITE_COUNTERPART, "wordcount");
      runs.add(spark);
      runs.add(run("spark-terasort", Profile.TINY, 1_000, t));
    }
    List<Comparison.Row> engines = Comparison.engines(Summary.rows(runs));
    assertEquals(1, engines.size());
    assertEquals("spark-wordcount", engines.get(0).workload());
    assertEquals(0.5, engines.get(0).timeRatio(), 1e-12);
  }

  /**
   * Under {@code --runs auto} each row says whether its interval came within the precision its
   * records asked: 10, 11 and 12 s give 11 +- 4.302653 / sqrt(3) s (t.ppf(0.975, 2)), a half-width of
   * 22.58% of the mean, so 25% is reached and 5% not; runs measured without auto say nothing.
   */
  @Test
  void aRowUnderRunsAutoSaysWhetherItsPrecisionWasReached() throws Exception {
    List<Measurement> runs = new ArrayList<>();
    for (double t : new double[] {10, 11, 12}) {
      for (String[] w : new String[][] {{"sort", "25"}, {"wordcount", "5"}, {"terasort", null}}) {
        Measurement m = run(w[0], Profile.TINY, 1_000, t);
        if (w[1] != null) {
          m.result().configured(HibenchConfigKeys.SUITE_PRECISION, w[1] + ".0");
        }
        runs.add(m);
      }
    }
    List<Summary.Row> rows = Summary.rows(runs);
    double half = 100 * 4.302653 / Math.sqrt(3) / 11;
    assertEquals(half, rows.get(0).halfWidthPct(), 1e-4);
    assertEquals(List.of(true, false), List.of(rows.get(0).precisionReached(), rows.get(1).precisionReached()));
    assertEquals(null, rows.get(2).precisionReached());
    assertEquals(List.of(String.format(java.util.Locale.ROOT, "wordcount tiny: precision not reached: after 3 runs the 95%% interval is"
        + " within %.1f%% of the mean time, not 5%%", half)), Summary.precisionNotReached(rows));
    SummaryReport.write(runs, dir);
    List<String> csv = Files.readAllLines(dir.resolve("summary.csv"));
    assertEquals(List.of("25.0,yes,", "5.0,no,", ",,"), csv.subList(1, 4).stream().map(l -> l.substring(l.indexOf(",,") + 2)).toList());
    // summary.json says it as reports.md has it: precisionPct with precisionReached, both absent without auto
    String json = Files.readString(dir.resolve("summary.json"));
    assertEquals(List.of(1, 1, 2), List.of(json.split("\"precisionReached\" : true").length - 1,
        json.split("\"precisionReached\" : false").length - 1, json.split("\"precisionPct\" : ").length - 1), json);
    assertTrue(Files.readString(dir.resolve("index.html")).contains(Summary.precisionNotReached(rows).get(0)), "on the page too");
  }

  @Test
  void summaryCsvAndJsonAreExactlyTheRows() throws Exception {
    SummaryReport.write(List.of(run("sort", Profile.TINY, 1_000, 10), run("sort", Profile.TINY, 1_000, 14),
        run("sort", Profile.SMALL, 3_000, 24)), dir);
    // 10 and 14 s: 12 +- 12.706205 * sqrt(8) / sqrt(2) (SciPy: t.ppf(0.975, 1))
    assertEquals(List.of("workload,profile,runs,data_bytes,mean_s,sigma_s,sigma_pct,ci95_low_s,ci95_high_s,data_delta_pct,time_delta_pct,"
        + "throughput_bytes_per_s,throughput_ops_per_s,precision_pct,precision_reached,point",
        "sort,tiny,2,1000,12.000,2.828,23.57,-13.412,37.412,0.00,0.00,86,,,,", "sort,small,1,3000,24.000,0.000,0.00,,,200.00,100.00,125,,,,"),
        Files.readAllLines(dir.resolve("summary.csv")));
    String json = Files.readString(dir.resolve("summary.json"));
    assertEquals(2, json.split("\"workload\"").length - 1, json);
    assertEquals(true, json.contains("\"timeDeltaPct\" : 100.0"), json);
    assertEquals(1, json.split("\"ci95LowSec\"").length - 1, "the interval of the row of two runs only: " + json);
  }

  /** A serving phase's throughput is operations a second, as YCSB gives it; a job's, bytes a second. */
  @Test
  void aServingPhasesThroughputIsOperationsASecond() {
    List<Measurement> runs = new ArrayList<>();
    for (double opsPerSec : new double[] {1000, 1400}) {
      Measurement m = run("ycsb-a", YcsbResult.WORKLOAD, Profile.TINY, 1_000_000, 1);
      m.result().metrics(Map.of("throughputOpsPerSec", opsPerSec));
      runs.add(m);
    }
    runs.add(run("wordcount", Profile.TINY, 2_000_000, 1));
    List<Summary.Row> rows = Summary.rows(runs);
    assertEquals(1200, rows.get(0).meanOpsPerSec(), 1e-9);
    assertEquals("1200 ops/s", rows.get(0).throughput());
    assertEquals(null, rows.get(1).meanOpsPerSec());
    assertEquals("2.00 MB/s", rows.get(1).throughput());
  }
}

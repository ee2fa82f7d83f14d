package io.hibenchdse.it;

import io.hibenchdse.core.HibenchConfigKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.launcher.Hibench;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/hibench compare}: ratios computed by hand, and the refusal of unequally durable storages. */
class CompareTest {
  @TempDir Path dir;

  record Outcome(int status, String out, String err) {}

  private Outcome compare(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new ArrayList<>(List.of("compare"));
    all.addAll(List.of(args));
    all.addAll(List.of("--out", dir.resolve("compare").toString()));
    int status = Hibench.run(all.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A report directory with one wordcount run at the tiny profile for each duration, 1 GB each. */
  private Path report(String name, String fs, int replication, Map<String, String> settings, double... seconds) throws Exception {
    Path d = dir.resolve(name);
    Files.createDirectories(d);
    StringBuilder lines = new StringBuilder();
    for (double s : seconds) {
      RunResult r = new RunResult("wordcount", "HadoopWordcount");
      r.storedOn(fs, (short) replication, 0);
      r.configured("hibench.suite.workload", "wordcount");
      r.configured("hibench.profile", "tiny");
      r.configured(settings);
      r.timed(0, (long) (s * 1000), (long) (s * 1e9), 1_000_000_000L, 1);
      lines.append(JsonLinesExporter.toJson(r)).append('\n');
    }
    Files.writeString(d.resolve(Results.JSON_FILE), lines);
    return d;
  }

  private Path hdfs() throws Exception {
    return report("hdfs", "hdfs://localhost:8020", 1, Map.of(HibenchConfigKeys.STORAGE_FSYNC, "false"), 10, 12);
  }

  private static Map<String, String> cfs(int rf, String write, String read, boolean fsync) {
    return Map.of("cfs.replication", Integer.toString(rf), "cfs.consistencylevel.write", write,
        "cfs.consistencylevel.read", read, HibenchConfigKeys.STORAGE_FSYNC, Boolean.toString(fsync));
  }

  @Test
  void equallyDurableStoragesCompareWithMeansSigmaAndRatios() throws Exception {
    Path b = report("cfs", "cfs://127.0.0.1:9042/", 1, cfs(1, "QUORUM", "ONE", false), 15, 17);
    Outcome o = compare(hdfs().toString(), b.toString());
    assertEquals(0, o.status(), o.toString());
    // times 10, 12 s against 15, 17 s: means 11 and 16, sigma sqrt(2), time ratio 16/11 with its 95%
    // interval and Welch's p (SciPy: ConfidenceTest), not significant; throughputs
    // (1e9/15 + 1e9/17) / 2 over (1e9/10 + 1e9/12) / 2 = 0.684492
    assertEquals(List.of("workload,profile,runs_a,mean_s_a,sigma_s_a,runs_b,mean_s_b,sigma_s_b,time_ratio,ratio_ci95_low,ratio_ci95_high,"
        + "p_value,significant,throughput_ratio,latency_ratio,point",
        "wordcount,tiny,2,11.000,1.414,2,16.000,1.414,1.4545,0.6719,2.2372,0.0715,no,0.6845,,"),
        Files.readAllLines(dir.resolve("compare/compare.csv")));
    assertTrue(o.out().contains("11.000±1.414") && o.out().contains("16.000±1.414"), o.out());
    assertTrue(Files.readString(dir.resolve("compare/compare.json")).contains("\"timeRatio\" : 1.4545"), "JSON rows");
    assertTrue(Files.readString(dir.resolve("compare/compare.html")).contains("no significant difference, p = 0.072"), "the page's verdict");
  }

  @Test
  void differentDurabilityIsRefusedNamingEachSettingUnlessForced() throws Exception {
    Path b = report("cfs3", "cfs://127.0.0.1:9042/", 3, cfs(3, "QUORUM", "ONE", true), 15, 17);
    Outcome refused = compare(hdfs().toString(), b.toString());
    assertEquals(2, refused.status(), refused.toString());
    assertEquals(1, refused.err().lines().count(), refused.err());
    for (String named : new String[] {"replication (A: 1, B: 3)", "write acknowledged by (A: 1 of 1, B: 2 of 3)",
        "read from (A: 1 of 1, B: 1 of 3)", "fsync before acknowledging (" + HibenchConfigKeys.STORAGE_FSYNC + ") (A: false, B: true)"}) {
      assertTrue(refused.err().contains(named), named + " in " + refused.err());
    }
    assertTrue(!Files.exists(dir.resolve("compare")), "a refused comparison writes nothing");

    Outcome forced = compare("--force", hdfs().toString(), b.toString());
    assertEquals(0, forced.status(), forced.toString());
    String[] out = forced.out().split("\n");
    assertTrue(out[1].startsWith("NOT LIKE FOR LIKE (--force): replication (A: 1, B: 3)"), forced.out());
    assertTrue(out[2].startsWith("Workload"), "the difference is printed above the table: " + forced.out());
  }

  @Test
  void aStorageThatRecordedNoFsyncSettingDoesNotMatchOneThatDid() throws Exception {
    Path b = report("unknown", "hdfs://other:8020", 1, Map.of(), 9, 11);
    Outcome o = compare(hdfs().toString(), b.toString());
    assertEquals(2, o.status(), o.toString());
    assertTrue(o.err().contains("(A: false, B: not recorded)"), o.err());
  }

  @Test
  void aKeyspaceWithoutCommitLogIsNotLikeForLikeWithHdfs() throws Exception {
    Map<String, String> settings = new java.util.HashMap<>(cfs(1, "QUORUM", "ONE", false));
    settings.put("cfs.durable.writes", "false");
    Path b = report("nolog", "cfs://127.0.0.1:9042/", 1, settings, 9, 11);
    Outcome o = compare(hdfs().toString(), b.toString());
    assertEquals(2, o.status(), o.toString());
    assertEquals("hibench compare: A (" + dir.resolve("hdfs") + ") and B (" + b + ") differ in acknowledged writes survive a"
        + " server process crash (A: true, B: false): their figures do not compare; --force compares them anyway", o.err().trim());
  }
}

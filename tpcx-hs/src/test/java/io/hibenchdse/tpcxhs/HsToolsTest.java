package io.hibenchdse.tpcxhs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HSGen, HSSort and HSValidate against Hadoop's TeraGen, TeraSort and TeraValidate (3.4.2). */
class HsToolsTest {
  static final int ROWS = 20_000;

  @TempDir File dir;
  Configuration conf;

  @BeforeEach
  void setUp() {
    conf = TestData.localConf(dir);
  }

  String path(String name) {
    return new File(dir, name).getAbsolutePath();
  }

  TestData.Outcome hs(String... args) {
    return TestData.run(TpcxHsJar.DRIVER, conf, args);
  }

  /** The data files of a directory, concatenated in name order. */
  byte[] concatenated(String name) throws Exception {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (Path p : TestData.parts(conf, new Path(path(name)))) {
      all.write(Files.readAllBytes(new File(p.toUri()).toPath()));
    }
    return all.toByteArray();
  }

  @Test
  void hsGenWritesTeraGensBytesAndChecksum() throws Exception {
    TestData.Outcome gen = hs("hsgen", "-rows", String.valueOf(ROWS), "-replication", "1", "-maps", "3", path("hs"));
    assertEquals(0, gen.status, gen.toString());
    assertEquals(3, TestData.parts(conf, new Path(path("hs"))).size());
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraGen(), new String[] {String.valueOf(ROWS), path("tera")}));
    byte[] ours = concatenated("hs");
    assertEquals((long) ROWS * Records.LENGTH, ours.length);
    assertArrayEquals(concatenated("tera"), ours, "same records, byte for byte");

    TestData.Outcome sorted = hs("hssort", "-replication", "1", path("hs"), path("hs-sorted"));
    assertEquals(0, sorted.status, sorted.toString());
    TestData.Outcome valid = hs("hsvalidate", "-rows", String.valueOf(ROWS), "-checksum",
        gen.result.metrics(HsGen.Metrics.class).checksum, path("hs-sorted"), path("hs-report"));
    assertEquals(0, valid.status, valid.toString());
    assertEquals(gen.result.metrics(HsGen.Metrics.class).checksum, valid.result.metrics(HsValidate.Metrics.class).checksum);
    assertEquals((long) ROWS, valid.result.metrics(HsValidate.Metrics.class).records);
  }

  @Test
  void teraValidateAcceptsHsSortAndHsValidateAcceptsTeraSort() throws Exception {
    TestData.Outcome gen = hs("hsgen", "-rows", String.valueOf(ROWS), "-replication", "1", path("in"));
    assertEquals(0, gen.status, gen.toString());
    Configuration three = new Configuration(conf);
    three.setInt("mapreduce.job.reduces", 3);
    assertEquals(0, TestData.run(TpcxHsJar.DRIVER, three, "hssort", "-replication", "1", path("in"), path("hs-sorted")).status);
    assertEquals(3, TestData.parts(conf, new Path(path("hs-sorted"))).size());
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraValidate(), new String[] {path("hs-sorted"), path("tv")}));
    List<String> report = Files.readAllLines(new File(TestData.parts(conf, new Path(path("tv"))).get(0).toUri()).toPath());
    assertTrue(report.stream().noneMatch(l -> l.startsWith("misorder") || l.startsWith("error")), report.toString());
    assertTrue(report.stream().anyMatch(l -> l.startsWith("checksum")), report.toString());

    assertEquals(0, ToolRunner.run(new Configuration(three), new TeraSort(), new String[] {path("in"), path("tera-sorted")}));
    TestData.Outcome valid = hs("hsvalidate", "-rows", String.valueOf(ROWS), "-checksum",
        gen.result.metrics(HsGen.Metrics.class).checksum, path("tera-sorted"), path("hv"));
    assertEquals(0, valid.status, valid.toString());
    // TeraValidate prints the 128-bit sum; its low 64 bits are ours
    String tera = report.stream().filter(l -> l.startsWith("checksum")).findFirst().get().split("\t")[1];
    assertTrue(tera.endsWith(gen.result.metrics(HsGen.Metrics.class).checksum), tera + " vs " + gen.result.metrics(HsGen.Metrics.class).checksum);
  }

  @Test
  void badInput() throws Exception {
    TestData.Outcome sf = hs("hsgen", "-sf", "7TB", path("x"));
    assertEquals(2, sf.status, sf.toString());
    assertTrue(sf.errLines.get(0).contains("unknown scale factor '7TB'"), sf.toString());
    assertEquals(2, hs("hsgen", "-sf", "0.5", path("x")).status);
    assertEquals(2, hs("hsgen", "-rows", "0", path("x")).status);
    assertEquals(2, hs("hsgen", path("x")).status, "neither -sf nor -rows");
    assertEquals(2, hs("hsgen", "-sf", "1TB", "-rows", "5", path("x")).status, "both");
    new File(dir, "exists").mkdirs();
    TestData.Outcome exists = hs("hsgen", "-rows", "10", "-replication", "1", path("exists"));
    assertEquals(2, exists.status);
    assertTrue(exists.errLines.get(0).contains("-overwrite"), exists.toString());
    assertEquals(0, hs("hsgen", "-rows", "10", "-replication", "1", "-overwrite", path("exists")).status);
  }

  @Test
  void nothingToValidateIsNotValid() throws Exception {
    new File(dir, "empty").mkdirs();
    TestData.Outcome empty = hs("hsvalidate", path("empty"), path("v"));
    assertEquals(2, empty.status, empty.toString());
    assertTrue(empty.errLines.get(0).contains("holds no files to read"), empty.toString());
    assertEquals(0, hs("hsgen", "-rows", "1000", "-replication", "1", path("in")).status);
    TestData.Outcome zero = hs("hsvalidate", "-rows", "0", path("in"), path("v"));
    assertEquals(2, zero.status, zero.toString());
    assertTrue(zero.errLines.get(0).startsWith("hsvalidate: -rows must be at least 1"), zero.toString());
    assertTrue(!new File(dir, "v").exists());
  }

  @Test
  void aCutFileIsNamedBeforeAnyJob() throws Exception {
    assertEquals(0, hs("hsgen", "-rows", "1000", "-maps", "1", "-replication", "1", path("in")).status);
    File cut = new File(dir, "cut");
    cut.mkdirs();
    byte[] data = Files.readAllBytes(new File(dir, "in/part-m-00000").toPath());
    Files.write(new File(cut, "part-m-00000").toPath(), java.util.Arrays.copyOf(data, 150));
    for (String[] args : new String[][] {{"hssort", "-replication", "1", path("cut"), path("s")},
        {"hsvalidate", path("cut"), path("v")}, {"hsdatacheck", "-rows", "1", "-replication", "1", path("cut")}}) {
      TestData.Outcome o = hs(args);
      assertEquals(1, o.status, o.toString());
      assertEquals(1, o.errLines.size(), o.toString());
      assertTrue(o.errLines.get(0).contains("cut/part-m-00000 holds 150 bytes, not whole 100-byte records"), o.toString());
    }
    assertTrue(!new File(dir, "s").exists() && !new File(dir, "v").exists());
  }

  @Test
  void dataThatCannotFitIsRefusedBeforeWriting() {
    String rows = Long.toString(1L << 46); // 7 PB
    for (String[] args : new String[][] {{"hsgen", "-rows", rows, "-replication", "1", path("gen")},
        {"tpcxhs", "-rows", rows, "-replication", "1", "-root", path("tpcx")}}) {
      TestData.Outcome o = hs(args);
      assertEquals(2, o.status, o.toString());
      assertTrue(o.errLines.get(0).matches(".* needs .* but file:/// has .* available: .* missing"), o.toString());
    }
    assertTrue(!new File(dir, "gen").exists() && !new File(dir, "tpcx").exists());
  }

  @Test
  void aRunThatFailsAPhaseReportsNoMetric() throws Exception {
    // the local file system keeps one replica whatever is asked, so HSDataCheck must fail the run
    TestData.Outcome o = hs("tpcxhs", "-rows", "1000", "-replication", "3", "-root", path("tpcx"));
    assertEquals(1, o.status, o.toString());
    assertEquals(1, o.errLines.size(), o.toString());
    assertTrue(o.errLines.get(0).contains("HSDataCheck failed: hsdatacheck: ") && o.errLines.get(0).contains("has replication 1, expected 3"),
        o.toString());
    assertTrue(o.result == null);
    File report = new File(conf.get("hibench.report.dir"), "hibench.report");
    assertTrue(!report.exists() || Files.readAllLines(report.toPath()).stream().noneMatch(l -> l.startsWith("HadoopTpcxhs")));
  }

  @Test
  void scaleFactors() {
    assertEquals(10_000_000_000L, ScaleFactor.of("1TB").rows);
    assertEquals(1_000_000_000L, ScaleFactor.of("100gb").rows);
    assertEquals(0.1, ScaleFactor.of("100GB").sf, 1e-12);
    assertEquals(100_000_000_000_000L, ScaleFactor.of("10000TB").rows);
    assertEquals(2e-6, ScaleFactor.ofRows(20_000).sf, 1e-15);
    assertEquals(ScaleFactor.of("100GB").rows, ScaleFactor.of("0.1").rows);
    assertEquals(ScaleFactor.of("3TB").rows, ScaleFactor.of("3").rows);
  }
}

package io.hibenchdse.tpcxhs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every fault in sorted data fails HSValidate, every fault in a data set fails HSDataCheck. */
@FullTier
class FaultInjectionTest {
  static final int ROWS = 5_000;

  @TempDir static File dir;
  static Configuration conf;
  static String checksum;

  @BeforeAll
  static void sortedData() {
    conf = TestData.localConf(dir);
    conf.setInt("mapreduce.job.reduces", 2);
    TestData.Outcome gen = TestData.run(TpcxHsJar.DRIVER, conf, "hsgen", "-rows", String.valueOf(ROWS), "-replication", "1",
        new File(dir, "gen").getPath());
    assertEquals(0, gen.status, gen.toString());
    checksum = gen.result.metrics(HsGen.Metrics.class).checksum;
    assertEquals(0, TestData.run(TpcxHsJar.DRIVER, conf, "hssort", "-replication", "1", new File(dir, "gen").getPath(),
        new File(dir, "sorted").getPath()).status);
  }

  /** A copy of the sorted data without its .crc files (so it can be changed). */
  private static File copy(String name) throws Exception {
    File copy = new File(dir, name);
    copy.mkdirs();
    for (File f : new File(dir, "sorted").listFiles()) {
      if (!f.getName().endsWith(".crc")) {
        Files.copy(f.toPath(), new File(copy, f.getName()).toPath());
      }
    }
    return copy;
  }

  /** A copy of the sorted data whose second part file is changed by {@code fault}. */
  private static String damaged(String name, UnaryOperator<byte[]> fault) throws Exception {
    File part = new File(copy(name), "part-r-00001");
    Files.write(part.toPath(), fault.apply(Files.readAllBytes(part.toPath())));
    return part.getParent();
  }

  private static TestData.Outcome validate(String data) {
    return validate(conf, data);
  }

  private static TestData.Outcome validate(Configuration c, String data) {
    return TestData.run(TpcxHsJar.DRIVER, c, "hsvalidate", "-overwrite", "-rows", String.valueOf(ROWS), "-checksum", checksum,
        data, data + "-report");
  }

  @Test
  void misorderAcrossFiles() throws Exception {
    // swap the last record of part-r-00000 and the first of part-r-00001: each file stays sorted,
    // count and checksum stay, only the order across the files breaks
    File data = copy("across");
    File p0 = new File(data, "part-r-00000");
    File p1 = new File(data, "part-r-00001");
    byte[] a = Files.readAllBytes(p0.toPath());
    byte[] b = Files.readAllBytes(p1.toPath());
    byte[] lastOfA = Arrays.copyOfRange(a, a.length - 100, a.length);
    System.arraycopy(b, 0, a, a.length - 100, 100);
    System.arraycopy(lastOfA, 0, b, 0, 100);
    Files.write(p0.toPath(), a);
    Files.write(p1.toPath(), b);
    assertFails(validate(data.getPath()), "out of order", "part-r-00001 record 0", "of part-r-00000");
  }

  @Test
  void manyUnalignedSplitsAndAnEmptyFile() throws Exception {
    // splits of 1030 bytes start mid-record; record numbers must still be right
    Configuration small = new Configuration(conf);
    small.setLong("mapreduce.input.fileinputformat.split.maxsize", 1030);
    File data = copy("splits");
    Files.write(new File(data, "part-r-00002").toPath(), new byte[0]);
    TestData.Outcome ok = validate(small, data.getPath());
    assertEquals(0, ok.status, ok.toString());
    File p1 = new File(data, "part-r-00001");
    byte[] b = Files.readAllBytes(p1.toPath());
    byte[] r25 = Arrays.copyOfRange(b, 2500, 2600);
    System.arraycopy(b, 2600, b, 2500, 100);
    System.arraycopy(r25, 0, b, 2600, 100);
    Files.write(p1.toPath(), b);
    assertFails(validate(small, data.getPath()), "out of order", "part-r-00001 record 26:");
  }

  private static void assertFails(TestData.Outcome o, String... fragments) {
    assertEquals(1, o.status, o.toString());
    assertEquals(1, o.errLines.size(), o.toString());
    for (String f : fragments) {
      assertTrue(o.errLines.get(0).contains(f), "'" + o.errLines.get(0) + "' should mention " + f);
    }
  }

  @Test
  void theUndamagedDataPasses() {
    TestData.Outcome o = validate(new File(dir, "sorted").getPath());
    assertEquals(0, o.status, o.toString());
  }

  @Test
  void swappedPair() throws Exception {
    assertFails(validate(damaged("swapped", b -> {
      byte[] r = Arrays.copyOf(b, b.length);
      System.arraycopy(b, 1000, r, 1100, 100);
      System.arraycopy(b, 1100, r, 1000, 100);
      return r;
    })), "out of order", "part-r-00001 record 11");
  }

  @Test
  void swappedPairAcrossReadBlocks() throws Exception {
    // records 999 and 1000 are the last and first of two blocks the mapper gets
    int at = (HsValidate.RecordBlockInputFormat.RECORDS - 1) * 100;
    assertFails(validate(damaged("swappedAcross", b -> {
      byte[] r = Arrays.copyOf(b, b.length);
      System.arraycopy(b, at, r, at + 100, 100);
      System.arraycopy(b, at + 100, r, at, 100);
      return r;
    })), "out of order", "part-r-00001 record 1000:");
  }

  @Test
  void flippedByte() throws Exception {
    assertFails(validate(damaged("flipped", b -> {
      byte[] r = Arrays.copyOf(b, b.length);
      r[5050] ^= 0x01; // in a value: order holds, the checksum does not
      return r;
    })), "checksum", "expected " + checksum);
  }

  /** The kit's flow passes no expected count or checksum: HSGen's summary, carried by HSSort, stands in. */
  private static TestData.Outcome validateAsTheKit(String data) {
    return TestData.run(TpcxHsJar.DRIVER, conf, "HSValidate", data, data + "-report");
  }

  @Test
  void kitFlowComparesWithHsGensSummary() throws Exception {
    File sorted = new File(dir, "sorted");
    assertEquals(List.of("records\t" + ROWS, "checksum\t" + checksum), Files.readAllLines(new File(sorted, Records.SUMMARY).toPath()));
    TestData.Outcome ok = validateAsTheKit(copy("kitValid").getPath());
    assertEquals(0, ok.status, ok.toString());
    assertEquals(checksum, ok.result.metrics(HsValidate.Metrics.class).checksum);

    String flipped = damaged("kitFlipped", b -> {
      byte[] r = Arrays.copyOf(b, b.length);
      r[5050] ^= 0x01; // in a value: keys stay in order
      return r;
    });
    TestData.Outcome bad = validateAsTheKit(flipped);
    assertFails(bad, "HSValidate: ", "checksum", "expected " + checksum, new File(flipped, Records.SUMMARY).getPath());
    assertTrue(!bad.errLines.get(0).contains("has checksum " + checksum), bad.toString());

    String cut = damaged("kitMissing", b -> Arrays.copyOf(b, b.length - 100));
    assertFails(validateAsTheKit(cut), "holds " + (ROWS - 1) + " records, expected " + ROWS, Records.SUMMARY);
  }

  @Test
  void aSummaryThatIsNotHsGensIsNamed() throws Exception {
    File data = copy("foreignSummary");
    Files.write(new File(data, Records.SUMMARY).toPath(), "checksum\tnot-hex\n".getBytes());
    assertFails(validateAsTheKit(data.getPath()), new File(data, Records.SUMMARY).getPath(), "is not HSGen's summary");
  }

  @Test
  void missingRecord() throws Exception {
    assertFails(validate(damaged("missing", b -> {
      byte[] r = new byte[b.length - 100];
      System.arraycopy(b, 0, r, 0, 700);
      System.arraycopy(b, 800, r, 700, b.length - 800);
      return r;
    })), "holds " + (ROWS - 1) + " records");
  }

  @Test
  void duplicatedRecord() throws Exception {
    assertFails(validate(damaged("duplicated", b -> {
      byte[] r = new byte[b.length + 100];
      System.arraycopy(b, 0, r, 0, 800);
      System.arraycopy(b, 700, r, 800, b.length - 700);
      return r;
    })), "holds " + (ROWS + 1) + " records");
  }

  @Test
  void dataCheckFailsOnAShortFileAndTheWrongReplication() throws Exception {
    TestData.Outcome ok = TestData.run(TpcxHsJar.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS), "-replication", "1",
        new File(dir, "gen").getPath());
    assertEquals(0, ok.status, ok.toString());
    String shortData = damaged("short", b -> Arrays.copyOf(b, b.length - 50));
    assertFails(TestData.run(TpcxHsJar.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS), "-replication", "1",
        shortData), "part-r-00001", "not whole 100-byte records");
    assertFails(TestData.run(TpcxHsJar.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS), "-replication", "3",
        new File(dir, "gen").getPath()), "has replication 1, expected 3");
    assertFails(TestData.run(TpcxHsJar.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS + 1), "-replication", "1",
        new File(dir, "gen").getPath()), "holds " + ROWS + " records", "expected " + (ROWS + 1));
  }
}

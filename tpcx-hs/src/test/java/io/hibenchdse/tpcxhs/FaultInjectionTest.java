package io.hibenchdse.tpcxhs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every fault in sorted data fails HSValidate, every fault in a data set fails HSDataCheck. */
class FaultInjectionTest {
  static final int ROWS = 5_000;

  @TempDir static File dir;
  static Configuration conf;
  static String checksum;

  @BeforeAll
  static void sortedData() {
    conf = TestData.localConf(dir);
    conf.setInt("mapreduce.job.reduces", 2);
    TestData.Outcome gen = TestData.run(Driver.DRIVER, conf, "hsgen", "-rows", String.valueOf(ROWS), "-replication", "1",
        new File(dir, "gen").getPath());
    assertEquals(0, gen.status, gen.toString());
    checksum = (String) gen.result.metrics.get("checksum");
    assertEquals(0, TestData.run(Driver.DRIVER, conf, "hssort", "-replication", "1", new File(dir, "gen").getPath(),
        new File(dir, "sorted").getPath()).status);
  }

  /** A copy of the sorted data whose second part file is changed by {@code fault}; its .crc files go. */
  private static String damaged(String name, UnaryOperator<byte[]> fault) throws Exception {
    File copy = new File(dir, name);
    copy.mkdirs();
    for (File f : new File(dir, "sorted").listFiles()) {
      if (!f.getName().endsWith(".crc")) {
        Files.copy(f.toPath(), new File(copy, f.getName()).toPath());
      }
    }
    File part = new File(copy, "part-r-00001");
    Files.write(part.toPath(), fault.apply(Files.readAllBytes(part.toPath())));
    return copy.getPath();
  }

  private static TestData.Outcome validate(String data) {
    return TestData.run(Driver.DRIVER, conf, "hsvalidate", "-rows", String.valueOf(ROWS), "-checksum", checksum,
        data, data + "-report");
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
  void flippedByte() throws Exception {
    assertFails(validate(damaged("flipped", b -> {
      byte[] r = Arrays.copyOf(b, b.length);
      r[5050] ^= 0x01; // in a value: order holds, the checksum does not
      return r;
    })), "checksum", "expected " + checksum);
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
    TestData.Outcome ok = TestData.run(Driver.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS), "-replication", "1",
        new File(dir, "gen").getPath());
    assertEquals(0, ok.status, ok.toString());
    String shortData = damaged("short", b -> Arrays.copyOf(b, b.length - 50));
    assertFails(TestData.run(Driver.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS), "-replication", "1",
        shortData), "part-r-00001", "not whole 100-byte records");
    assertFails(TestData.run(Driver.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS), "-replication", "3",
        new File(dir, "gen").getPath()), "has replication 1, expected 3");
    assertFails(TestData.run(Driver.DRIVER, conf, "hsdatacheck", "-rows", String.valueOf(ROWS + 1), "-replication", "1",
        new File(dir, "gen").getPath()), "holds " + ROWS + " records", "expected " + (ROWS + 1));
  }
}

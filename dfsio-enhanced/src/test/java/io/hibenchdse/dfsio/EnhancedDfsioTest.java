package io.hibenchdse.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnhancedDfsioTest {
  static final double MB = 1 << 20;

  @TempDir File dir;

  private Configuration conf(boolean throttled, int parallelMaps) {
    Configuration conf = TestData.localConf(dir);
    if (throttled) {
      conf.set("fs.file.impl", ThrottledFileSystem.class.getName());
      conf.setBoolean("fs.file.impl.disable.cache", true);
    }
    conf.set(EnhancedDfsio.ROOT, new File(dir, "dfsio").getAbsolutePath());
    conf.setInt("mapreduce.local.map.tasks.maximum", parallelMaps);
    return conf;
  }

  private TestData.Outcome dfsioe(Configuration conf, String... args) {
    String[] all = new String[args.length + 5];
    all[0] = "dfsioe";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "-resFile";
    all[args.length + 2] = new File(dir, "result.txt").getPath();
    all[args.length + 3] = "-tputFile";
    all[args.length + 4] = new File(dir, "tput.csv").getPath();
    return TestData.run(DfsioEnhancedJar.DRIVER, conf, all);
  }

  /**
   * Four maps at once share a bucket of B bytes/s: together they move B (the aggregated
   * throughput), each about B/4 (what TestDFSIO's throughput reports).
   */
  @Test
  void aggregatedThroughputMeasuresTheSharedRate() throws Exception {
    double rate = 4 * MB;
    Configuration conf = conf(true, 4);
    for (String mode : new String[] {"-write", "-read"}) {
      ThrottledFileSystem.reset(rate);
      TestData.Outcome o = dfsioe(conf, mode, "-nrFiles", "4", "-fileSize", "4", "-bufferSize", "65536",
          "-sampleInteval", "50", "-plotInteval", "250");
      assertEquals(0, o.status, o.toString());
      Map<String, Object> m = o.result.metrics();
      double aggregated = (Double) m.get("aggregatedThroughputBytesPerSec");
      double classic = (Double) m.get("throughputMbSec") * MB;
      assertEquals(rate, aggregated, rate * 0.10, mode + " aggregated " + aggregated + " " + m);
      assertEquals(rate / 4, classic, rate / 4 * 0.15, mode + " classic " + classic);
      assertEquals(4, m.get("peakConcurrency"));
      assertEquals(16 * MB, o.result.inputBytes(), 0);
      assertEquals("HadoopDfsioe-" + mode.substring(1), o.result.type());
    }
  }

  @Test
  void writeThenReadReportsTotalsCsvAndMask() throws Exception {
    Configuration conf = conf(true, 2);
    ThrottledFileSystem.reset(8 * MB);
    TestData.Outcome w = dfsioe(conf, "-write", "-nrFiles", "3", "-fileSize", "2", "-bufferSize", "65536",
        "-sampleInterval", "20", "-plotInterval", "100", "-tputReportEach");
    assertEquals(0, w.status, w.toString());
    assertEquals(3, w.result.metrics(DfsioeMetrics.class).files);
    assertEquals(6.0, w.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
    List<String> csv = Files.readAllLines(dir.toPath().resolve("tput-slots.csv"));
    assertEquals("slot,seconds,concurrency,aggregated_bytes_per_sec,steady", csv.get(0));
    assertEquals((int) w.result.metrics(DfsioeMetrics.class).slots, csv.size() - 1, "one row a slot");
    String mask = w.result.metrics(DfsioeMetrics.class).mask;
    assertTrue(mask.contains("1"), mask);
    double csvBytes = 0;
    for (String row : csv.subList(1, csv.size())) {
      csvBytes += Double.parseDouble(row.split(",")[3]) * 0.1;
    }
    assertEquals(6 * MB, csvBytes, 6 * MB * 0.001, "the slots hold every byte");
    // the stock CSV: no header, slot,bytesTotal,bytesChanged in MB, one row a slot boundary
    List<String> stock = Files.readAllLines(dir.toPath().resolve("tput.csv"));
    assertEquals(csv.size(), stock.size(), "one row more than slots: the end of the last one");
    for (int k = 0; k < stock.size(); k++) {
      String[] row = stock.get(k).split(",");
      assertEquals(k, Integer.parseInt(row[0]));
      double changed = k + 1 < stock.size() ? Double.parseDouble(stock.get(k + 1).split(",")[1]) - Double.parseDouble(row[1]) : 0;
      assertEquals(changed, Double.parseDouble(row[2]), 1e-9);
    }
    assertEquals("0,0.0,", stock.get(0).substring(0, 6));
    assertEquals(6.0, Double.parseDouble(stock.get(stock.size() - 1).split(",")[1]), 0.006, "every MB by the last bound");
    for (int i = 0; i < 3; i++) {
      assertTrue(Files.exists(dir.toPath().resolve("tput-test_io_" + i + ".csv")));
      assertEquals(2 * MB, Files.size(new File(dir, "dfsio/io_data/test_io_" + i).toPath()));
    }
    String res = Files.readString(dir.toPath().resolve("result.txt"));
    for (String label : new String[] {"Number of files: 3", "Total MBytes processed: 6.00", "Throughput mb/sec:",
        "Average IO rate mb/sec:", "IO rate std deviation:", "Test exec time sec:", "-- Extended Metrics --   : write",
        "Result file name         : " + dir.toPath().resolve("tput.csv"), "Sampling overhead        : ",
        "Average of Aggregated Throughput : ", "              Standard Deviation : ",
        "   Time spots Counted in Average : " + mask + " \n", "Concurrent throughput mb/sec:", "Failed attempts: 0"}) {
      assertTrue(res.contains(label), label + " in\n" + res);
    }
    // the stock tool's line as scripts split it: the figure is the sixth field, in mb/sec
    String average = res.lines().filter(l -> l.startsWith("Average of Aggregated Throughput")).findFirst().get();
    assertEquals("mb/sec", average.split("\\s+")[6], average);
    assertEquals(w.result.metrics(DfsioeMetrics.class).aggregatedThroughputBytesPerSec / MB, Double.parseDouble(average.split("\\s+")[5]), 1e-6);

    ThrottledFileSystem.reset(8 * MB);
    TestData.Outcome r = dfsioe(conf, "-read", "-nrFiles", "3", "-fileSize", "2", "-bufferSize", "65536",
        "-sampleInterval", "20", "-plotInterval", "100");
    assertEquals(0, r.status, r.toString());
    assertEquals(6 * MB, r.result.inputBytes(), 0);
    TestData.Outcome again = dfsioe(conf, "-read", "-nrFiles", "3", "-fileSize", "2", "-bufferSize", "65536",
        "-sampleInterval", "20", "-plotInterval", "100");
    assertEquals(0, again.status, "reading needs no -overwrite: " + again);
  }

  /** HiBench's 1000 ms slots on maps of milliseconds: the stock tool exits 0, so must we. */
  @Test
  void noSteadySlotIsUnavailableNotAFailure() throws Exception {
    Configuration conf = conf(false, 2);
    TestData.Outcome o = dfsioe(conf, "-write", "-nrFiles", "2", "-fileSize", "1", "-plotInterval", "60000");
    assertEquals(0, o.status, o.toString());
    Map<String, Object> m = o.result.metrics();
    assertTrue(!m.containsKey("aggregatedThroughputBytesPerSec"), m.toString());
    String why = (String) m.get("aggregatedThroughputUnavailable");
    assertTrue(why.contains("no steady slot") && why.contains("-plotInterval"), m.toString());
    assertEquals(2.0, (Double) m.get("totalMBytes"), 1e-9, "the classic figures stand");
    assertTrue(Files.readString(dir.toPath().resolve("result.txt")).contains("Average of Aggregated Throughput : unavailable"));

    // without -plotInterval the slots are sized to the run (here half a second): about 50, some steady
    ThrottledFileSystem.reset(4 * MB);
    TestData.Outcome auto = dfsioe(conf(true, 2), "-write", "-nrFiles", "2", "-fileSize", "1", "-sampleInterval", "5");
    assertEquals(0, auto.status, auto.toString());
    int slots = auto.result.metrics(DfsioeMetrics.class).slots;
    assertTrue(slots >= 45 && slots <= 50, auto.result.metrics().toString());
    assertTrue(auto.result.metrics(DfsioeMetrics.class).aggregatedThroughputBytesPerSec > 0, auto.result.metrics().toString());
  }

  /** -write replaces only DFSIOE's io_data and io_write; -clean deletes only DFSIOE's directories. */
  @Test
  void writeAndCleanTouchOnlyTheirOwnDirectories() throws Exception {
    Configuration conf = conf(false, 2);
    File root = new File(dir, "dfsio");
    File mine = new File(root, "keep.txt");
    root.mkdirs();
    Files.writeString(mine.toPath(), "the user's");
    assertEquals(0, dfsioe(conf, "-write", "-nrFiles", "2", "-fileSize", "1", "-skipAnalyze").status);
    // HiBench: prepare-read writes 2 files, run-write then writes 1 over them without -overwrite
    TestData.Outcome again = dfsioe(conf, "-write", "-nrFiles", "1", "-fileSize", "2", "-skipAnalyze");
    assertEquals(0, again.status, again.toString());
    assertEquals(1, new File(root, "io_data").listFiles((d, n) -> !n.startsWith(".")).length, "io_data replaced");
    assertEquals(2 * MB, new File(root, "io_data/test_io_0").length());
    assertEquals("the user's", Files.readString(mine.toPath()));

    TestData.Outcome clean = dfsioe(conf, "-clean");
    assertEquals(0, clean.status, clean.toString());
    assertEquals(List.of("keep.txt"), List.of(root.list()), "the root and the user's file stay");
    assertEquals(0, dfsioe(conf, "-clean").status, "nothing left to delete is no error");
  }

  @Test
  void badInput() throws Exception {
    Configuration conf = conf(false, 2);
    TestData.Outcome unknown = dfsioe(conf, "-write", "-nrFiles", "2", "-fileSizee", "1");
    assertEquals(2, unknown.status);
    assertTrue(unknown.errLines.get(0).contains("-fileSizee"), unknown.toString());
    TestData.Outcome both = dfsioe(conf, "-write", "-read");
    assertEquals(2, both.status, both.toString());
    TestData.Outcome none = dfsioe(conf, "-nrFiles", "2");
    assertEquals(2, none.status, none.toString());
    TestData.Outcome noData = dfsioe(conf, "-read", "-nrFiles", "2");
    assertEquals(2, noData.status, noData.toString());
    assertTrue(noData.errLines.get(0).contains("does not exist"), noData.toString());
    TestData.Outcome threshold = dfsioe(conf, "-write", "-sumThreshold", "1.5");
    assertEquals(2, threshold.status, threshold.toString());
    TestData.Outcome unit = dfsioe(conf, "-write", "-sampleUnit", "t");
    assertEquals(2, unit.status, unit.toString());
    TestData.Outcome plot = dfsioe(conf, "-write", "-plotInterval", "0");
    assertEquals(2, plot.status, plot.toString());
  }

  @Test
  void shortFilesAndMissingSpaceAreRefusedBeforeTheJob() throws Exception {
    Configuration conf = conf(false, 2);
    assertEquals(0, dfsioe(conf, "-write", "-nrFiles", "2", "-fileSize", "1").status);
    TestData.Outcome shortFiles = dfsioe(conf, "-read", "-nrFiles", "2", "-fileSize", "2");
    assertEquals(2, shortFiles.status, shortFiles.toString());
    assertTrue(shortFiles.errLines.get(0).contains("test_io_0 holds 1048576 bytes, less than -fileSize 2 MB"),
        shortFiles.toString());
    assertTrue(!new File(dir, "dfsio/io_read").exists(), "no read was measured");

    TestData.Outcome full = dfsioe(conf, "-write", "-nrFiles", "1000", "-fileSize", "100000000");
    assertEquals(2, full.status, full.toString());
    assertTrue(full.errLines.get(0).matches(".*io_data needs .* available: .* missing"), full.toString());
    assertEquals(2, new File(dir, "dfsio/io_data").list((d, n) -> n.startsWith("test_io_")).length,
        "nothing written, nothing deleted");
  }

  @Test
  void rootFromATrailingDefinitionOrTheSystemProperty() throws Exception {
    Configuration conf = TestData.localConf(dir); // no test.build.data in the configuration
    File trailing = new File(dir, "trailing");
    // HiBench 7: the options, then -Dtest.build.data=... after them
    TestData.Outcome o = TestData.run(DfsioEnhancedJar.DRIVER, conf, "org.apache.hadoop.fs.dfsioe.TestDFSIOEnh", "-write",
        "-nrFiles", "1", "-fileSize", "1", "-sampleInteval", "10", "-plotInteval", "20", "-skipAnalyze",
        "-Dtest.build.data=" + trailing.getAbsolutePath());
    assertEquals(0, o.status, o.toString());
    assertEquals(1, new File(trailing, "io_data").listFiles((d, n) -> !n.startsWith(".")).length);

    File exported = new File(dir, "exported");
    String before = System.getProperty(EnhancedDfsio.ROOT);
    System.setProperty(EnhancedDfsio.ROOT, exported.getAbsolutePath()); // HADOOP_OPTS=-Dtest.build.data=...
    try {
      TestData.Outcome p = TestData.run(DfsioEnhancedJar.DRIVER, conf, "dfsioe", "-write", "-nrFiles", "1", "-fileSize", "1",
          "-skipAnalyze");
      assertEquals(0, p.status, p.toString());
      assertEquals(1, new File(exported, "io_data").listFiles((d, n) -> !n.startsWith(".")).length);
    } finally {
      if (before == null) {
        System.clearProperty(EnhancedDfsio.ROOT);
      } else {
        System.setProperty(EnhancedDfsio.ROOT, before);
      }
    }
  }
}

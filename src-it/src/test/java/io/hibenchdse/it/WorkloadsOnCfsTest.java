package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.launcher.Hibench;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The suite's workloads, unchanged, on cfs:// (a real Cassandra node in a child JVM), checked
 * against the same workloads on the in-process HDFS and against independent counts.
 */
class WorkloadsOnCfsTest extends EmbeddedHdfsTest {
  static final String TASK = "org.apache.hadoop.mapreduce.TaskCounter";
  static Configuration cfs;

  @BeforeAll
  static void startCfs() throws Exception {
    cfs = TestData.localConf(CfsTestNode.conf(), new File(dir, "mr-cfs"));
    for (Configuration c : List.of(conf, cfs)) {
      c.setLong(RandomTextWriter.TOTAL_BYTES, 400_000);
      c.setLong(RandomTextWriter.BYTES_PER_MAP, 100_000);
    }
    FileSystem.get(cfs).delete(new Path("/it"), true);
  }

  @Test
  void randomTextWriterThenWordCountGiveTheSameCountsAsOnHdfs() throws Exception {
    TestData.Outcome genCfs = TestData.run(cfs, "randomtextwriter", "/it/wc/in");
    TestData.Outcome genHdfs = TestData.run(conf, "randomtextwriter", "/it/wc/in");
    assertEquals(0, genCfs.status, genCfs.toString());
    assertEquals(0, genHdfs.status, genHdfs.toString());
    assertTrue(genCfs.result.fileSystem().startsWith("cfs://127.0.0.1:"), genCfs.result.fileSystem());
    assertEquals(1, genCfs.result.replication());

    List<Writable[]> records = TestData.readSequenceFiles(cfs, new Path("/it/wc/in"));
    List<Writable[]> onHdfs = TestData.readSequenceFiles(conf, new Path("/it/wc/in"));
    assertEquals(onHdfs.size(), records.size());
    Map<String, Long> expected = new TreeMap<>();
    for (int i = 0; i < records.size(); i++) {
      assertEquals(onHdfs.get(i)[1].toString(), records.get(i)[1].toString(), "record " + i);
      TestData.countTokens(records.get(i)[1].toString(), expected);
    }

    TestData.Outcome wcCfs = TestData.run(cfs, "wordcount", "-D", "mapreduce.job.reduces=2", "/it/wc/in", "/it/wc/out");
    TestData.Outcome wcHdfs = TestData.run(conf, "wordcount", "-D", "mapreduce.job.reduces=2", "/it/wc/in", "/it/wc/out");
    assertEquals(0, wcCfs.status, wcCfs.toString());
    assertEquals(0, wcHdfs.status, wcHdfs.toString());
    assertEquals(expected, TestData.readTextCounts(cfs, new Path("/it/wc/out")));
    assertEquals(expected, TestData.readTextCounts(conf, new Path("/it/wc/out")));
    for (String counter : new String[] {"MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "COMBINE_OUTPUT_RECORDS",
        "REDUCE_INPUT_RECORDS", "REDUCE_OUTPUT_RECORDS"}) {
      assertEquals(wcHdfs.result.counter(TASK, counter), wcCfs.result.counter(TASK, counter), counter);
    }
    assertEquals(wcHdfs.result.inputBytes(), wcCfs.result.inputBytes());
    assertDurabilityRecorded(wcCfs.result, wcHdfs.result);
  }

  /** Durability settings decide what a storage benchmark measures: cfs runs carry theirs, HDFS runs none of them. */
  private static void assertDurabilityRecorded(RunResult onCfs, RunResult onHdfs) {
    assertEquals("ONE", onCfs.configuration().get("cfs.consistencylevel.read"));
    assertEquals("QUORUM", onCfs.configuration().get("cfs.consistencylevel.write"));
    assertEquals("1", onCfs.configuration().get("cfs.replication"));
    assertFalse(onHdfs.configuration().containsKey("cfs.consistencylevel.write"), onHdfs.configuration().toString());
  }

  @Test
  void dfsioeWritesAndReadsOnCfs() throws Exception {
    Configuration c = new Configuration(cfs);
    c.set("test.build.data", "/it/dfsioe");
    for (String mode : new String[] {"-write", "-read"}) {
      TestData.Outcome o = TestData.run(io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER, c, "dfsioe", mode, "-nrFiles", "2",
          "-fileSize", "4", "-sampleInterval", "2", "-plotInterval", "5", "-bufferSize", "65536",
          "-resFile", new File(dir, "cfs-res.txt").getPath(), "-tputFile", new File(dir, "cfs-tput" + mode + ".csv").getPath());
      assertEquals(0, o.status, o.toString());
      assertEquals(8L << 20, o.result.inputBytes());
      assertEquals(8.0, o.result.metrics(DfsioeMetrics.class).totalMBytes, 1e-9);
      assertTrue(o.result.fileSystem().startsWith("cfs://"), o.result.fileSystem());
      assertEquals("QUORUM", o.result.configuration().get("cfs.consistencylevel.write"));
    }
    FileStatus[] data = FileSystem.get(cfs).listStatus(new Path("/it/dfsioe/io_data"));
    assertEquals(2, data.length);
    for (FileStatus f : data) {
      assertEquals(4L << 20, f.getLen());
      assertEquals(CfsTestNode.BLOCK, f.getBlockSize());
    }
  }

  @Test
  void theSuiteRunsOnItsOwnCassandraNodeWithTargetCfs() throws Exception {
    java.nio.file.Path list = dir.toPath().resolve("cfs-benchmarks.lst");
    java.nio.file.Files.writeString(list, "wordcount\n");
    java.nio.file.Path report = dir.toPath().resolve("cfs-report");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    String[] args = {"run", "--target", "cfs", "--runs", "1", "--warmup", "0", "--benchmarks", list.toString(),
        "--report-dir", report.toString(), "--work-dir", dir.toPath().resolve("cfs-work").toString(),
        "--cfs", "cfs.durable.writes=false", "--cfs", "fs.local.subblock.size=1048576"};
    int status = Hibench.run(args, new java.io.PrintStream(out, true, "UTF-8"), System.err);
    String printed = out.toString("UTF-8");
    assertEquals(0, status, printed);
    assertTrue(printed.contains("hibench run: cfs:// at cfs://127.0.0.1:"), printed);
    assertTrue(printed.contains("commitlog_sync periodic") && printed.contains("consistency read ONE, write QUORUM")
        && printed.contains("durable_writes false: no commit log"), printed);
    List<String> json = java.nio.file.Files.readAllLines(report.resolve(Results.JSON_FILE));
    assertEquals(1, json.size());
    RunResult r = JsonLinesExporter.fromJson(json.get(0));
    assertTrue(r.fileSystem().startsWith("cfs://127.0.0.1:"), r.fileSystem());
    assertEquals("QUORUM", r.configuration().get("cfs.consistencylevel.write"));
    assertEquals("false", r.configuration().get("cfs.durable.writes"), "set with --cfs, recorded");
    assertEquals("1048576", r.configuration().get("fs.local.subblock.size"));
    assertEquals("{'class': 'SizeTieredCompactionStrategy', 'max_threshold': '32', 'min_threshold': '4'}",
        r.configuration().get("cfs.compaction"), "what the table has");
    String page = java.nio.file.Files.readString(report.resolve("index.html"));
    assertTrue(page.contains("<tr><th>Sub-block size, cfs:// (MB)</th><td>1.0</td></tr>")
        && page.contains("<tr><th>Compaction, cfs:// sub-blocks</th><td>{'class': 'SizeTieredCompactionStrategy'"), page);

    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    String[] tooMany = {"run", "--target", "cfs", "--replication", "3", "--benchmarks", list.toString()};
    assertEquals(2, Hibench.run(tooMany, System.out, new java.io.PrintStream(err, true, "UTF-8")));
    assertEquals("hibench run: --replication 3 needs as many nodes, and --nodes is 1",
        err.toString("UTF-8").trim());
    err.reset();
    String[] unknown = {"run", "--target", "cfs", "--cfs", "cfs.durable=false", "--benchmarks", list.toString()};
    assertEquals(2, Hibench.run(unknown, System.out, new java.io.PrintStream(err, true, "UTF-8")));
    assertTrue(err.toString("UTF-8").trim().startsWith("hibench run: --cfs cfs.durable is not a cfs:// setting; they are cfs.keyspace, "),
        err.toString("UTF-8"));
    err.reset();
    String[] onHdfs = {"run", "--cfs", "cfs.durable.writes=false", "--benchmarks", list.toString()};
    assertEquals(2, Hibench.run(onHdfs, System.out, new java.io.PrintStream(err, true, "UTF-8")));
    assertEquals("hibench run: --cfs needs --target cfs", err.toString("UTF-8").trim());
  }

  @Test
  void binHibenchCfsReportsUsageAndRefusesOtherSchemes() throws Exception {
    FileSystem fs = FileSystem.get(cfs);
    try (var o = fs.create(new Path("/it/usage/one"))) {
      o.write(new byte[1234]);
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    String uri = CfsTestNode.uri().toString();
    int status = Hibench.run(new String[] {"cfs", "usage", uri}, new java.io.PrintStream(out, true, "UTF-8"),
        new java.io.PrintStream(err, true, "UTF-8"));
    assertEquals(0, status, err.toString("UTF-8"));
    long files = 0;
    for (String line : out.toString("UTF-8").split("\n")) {
      if (line.startsWith("files: ")) {
        files = Long.parseLong(line.substring("files: ".length()));
      }
    }
    assertTrue(files >= 1, out.toString("UTF-8"));
    assertEquals(2, Hibench.run(new String[] {"cfs", "check", "hdfs://localhost:1/"}, System.out,
        new java.io.PrintStream(err, true, "UTF-8")));
    assertTrue(err.toString("UTF-8").trim().endsWith("'hdfs://localhost:1/' is not a cfs:// URI (cfs --help lists the commands)"),
        err.toString("UTF-8"));
  }

  @Test
  void tpcxHsRunsAndValidatesOnCfs() throws Exception {
    Configuration c = new Configuration(cfs);
    c.setInt("mapreduce.job.reduces", 2);
    TestData.Outcome o = TestData.run(io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, c, "tpcxhs", "-rows", "10000",
        "-root", "/it/TPCx-HS", "-replication", "1");
    assertEquals(0, o.status, o.toString());
    FileSystem fs = FileSystem.get(cfs);
    long sorted = 0;
    for (FileStatus st : fs.listStatus(new Path("/it/TPCx-HS/output"))) {
      if (st.getPath().getName().startsWith("part-")) {
        sorted += st.getLen();
      }
    }
    assertEquals(10000 * 100, sorted, "every generated record is in the sorted output");
    assertEquals(1, fs.getFileStatus(new Path("/it/TPCx-HS/output/part-r-00000")).getReplication());
  }
}

package io.hibenchdse.it;

import static io.hibenchdse.it.StockScriptLines.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.TestData;
import io.hibenchdse.it.StockScriptLines.Hadoop;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The drop-in promise on every Hadoop line people run: 2.7 (DataStax Enterprise 5.0/5.1's
 * {@code dse hadoop}), 3.2 (HiBench 7's range, CDH 6, EMR 6), 3.3 and the build's 3.4. Every entry
 * point of every cluster jar runs through the line's own RunJar (and FsShell), in a JVM whose class
 * path is that line's client jars only ({@code hadoop-lines/<line>/target/classpath.txt}, as
 * {@code hadoop classpath} gives them), on the local job runner and file system; the stock
 * scripts' lines are StockScriptLines', and the results are checked here on this build's Hadoop.
 *
 * <p>The cells run two at a time: each has its own directory (and its own root on the shared
 * Cassandra node), and each spends its time starting and waiting on one JVM after another.
 */
@FullTier
class HadoopLinesTest {
  static final int ROWS = 20_000;
  /** The checksum of TeraGen's {@link #ROWS} rows, by Hadoop's own TeraGen and TeraValidate in this JVM. */
  static String teraGenChecksum;

  @TempDir static File shared;

  @BeforeAll
  static void teraGen() throws Exception {
    Configuration conf = TestData.localConf(new File(shared, "mr"));
    String tera = new File(shared, "tera").getPath();
    String report = new File(shared, "tera-report").getPath();
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraGen(), new String[] {String.valueOf(ROWS), tera}));
    // TeraValidate sums the records' CRC32 whatever their order
    assertEquals(0, ToolRunner.run(new Configuration(conf), new TeraValidate(), new String[] {tera, report}));
    teraGenChecksum = checksumOfTeraValidate(conf, new File(report));
  }

  /** A line's `hadoop`: its class path with a configuration directory of this test's first. */
  static Hadoop line(String line, File dir, String... extraJars) throws Exception {
    String classPath = Files.readString(HOME.resolve("hadoop-lines/" + line + "/target/classpath.txt")).trim();
    String version = line.equals("3.4") ? VersionInfo.getVersion() : line + ".";
    assertTrue(classPath.contains("/hadoop-common-" + version), "the " + line + " line is Hadoop " + version + ": " + classPath);
    File confDir = new File(dir, "conf");
    confDir.mkdirs();
    Configuration site = new Configuration(false);
    site.set("hadoop.tmp.dir", new File(dir, "hadoop-tmp").getPath());
    writeSite(site, confDir);
    List<String> path = new ArrayList<>(List.of(confDir.getPath(), classPath));
    path.addAll(Arrays.asList(extraJars));
    return new Hadoop(String.join(File.pathSeparator, path), dir);
  }

  static void writeSite(Configuration site, File confDir) throws Exception {
    try (OutputStream out = Files.newOutputStream(confDir.toPath().resolve("core-site.xml"))) {
      site.writeXml(out);
    }
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @ValueSource(strings = {"2.7", "3.2", "3.3", "3.4"})
  void microWorkloads(String line, @TempDir File dir) throws Exception {
    Hadoop hadoop = line(line, dir);
    Configuration local = TestData.localConf(new File(dir, "check"));
    String core = HOME.resolve("hibench-core/target/hibench-core.jar").toString();
    String in = new File(dir, "rtw").getPath();
    hadoop.jar(core, "randomtextwriter -D mapreduce.randomtextwriter.totalbytes=300000 -D mapreduce.job.maps=2 " + in);
    Map<String, Long> expected = new HashMap<>();
    List<String> text = new ArrayList<>();
    for (Writable[] kv : TestData.readSequenceFiles(local, new Path(in))) {
      TestData.countTokens(kv[1].toString(), expected); // WordCount counts the values' words
      text.add(kv[0] + "\t" + kv[1]);
    }
    String wc = new File(dir, "wc").getPath();
    hadoop.jar(core, "wordcount -D mapreduce.job.reduces=2 " + in + " " + wc);
    assertEquals(expected, TestData.readTextCounts(local, new Path(wc)));

    String sorted = new File(dir, "sorted").getPath();
    hadoop.jar(core, "sort -r 2 -totalOrder 0.5 1000 4 " + in + " " + sorted);
    List<Writable[]> out = TestData.readSequenceFiles(local, new Path(sorted));
    List<String> sortedText = new ArrayList<>();
    for (int i = 0; i < out.size(); i++) {
      assertTrue(i == 0 || ((Text) out.get(i - 1)[0]).compareTo((Text) out.get(i)[0]) <= 0, "record " + i + " in order");
      sortedText.add(out.get(i)[0] + "\t" + out.get(i)[1]);
    }
    text.sort(null);
    sortedText.sort(null);
    assertEquals(text, sortedText, "the same records");

    // HiBench 7's wordcount prepare and run through examples.jar
    Map<String, String> vars = Map.of("HADOOP_EXAMPLES_JAR", EXAMPLES, "DATASIZE", "200000", "NUM_MAPS", "2", "NUM_REDS", "2",
        "INPUT_HDFS", new File(dir, "hibench-wc-in").getPath(), "OUTPUT_HDFS", new File(dir, "hibench-wc-out").getPath());
    hadoop.runJar(scriptArgs(HIBENCH7_WORDCOUNT_PREPARE, vars, dir, true), List.of());
    assertJobCounter(hadoop.runJar(scriptArgs(HIBENCH7_WORDCOUNT_RUN, vars, dir, false), List.of()), "Bytes Read");
    Map<String, Long> hibenchExpected = new HashMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(local, new Path(vars.get("INPUT_HDFS")))) {
      TestData.countTokens(kv[1].toString(), hibenchExpected);
    }
    Map<String, Long> counted = new HashMap<>();
    for (Writable[] kv : TestData.readSequenceFiles(local, new Path(vars.get("OUTPUT_HDFS")))) {
      counted.put(kv[0].toString(), Long.parseLong(kv[1].toString()));
    }
    assertEquals(hibenchExpected, counted);
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @ValueSource(strings = {"2.7", "3.2", "3.3", "3.4"})
  void tpcxHsKitAndTeraSort(String line, @TempDir File dir) throws Exception {
    Hadoop hadoop = line(line, dir);
    Configuration local = TestData.localConf(new File(dir, "check"));
    Map<String, String> vars = Map.of("NUM_MAPS", "2", "NUM_REDUCERS", "2", "hssize", String.valueOf(ROWS),
        "FILE_BASE", new File(dir, "tpcx").getPath().substring(1));
    hadoop.jar(TPCX_HS, expand(KIT_HSGEN, vars));
    hadoop.jar(TPCX_HS, expand(KIT_HSSORT, vars));
    List<String> validate = hadoop.jar(TPCX_HS, expand(KIT_HSVALIDATE, vars));
    assertTrue(validate.stream().anyMatch(l -> l.startsWith("HSValidate: ") && l.endsWith("records in order, checksum "
        + teraGenChecksum + " as generated")), String.join("\n", validate));
    assertEquals(teraGenChecksum, checksumOfTeraValidate(local, new File(dir, "tpcx/validate")));

    // HiBench 7's terasort prepare and run, and TeraValidate's line, through examples.jar
    Map<String, String> tera = Map.of("HADOOP_EXAMPLES_JAR", EXAMPLES, "DATASIZE", String.valueOf(ROWS), "NUM_MAPS", "2",
        "NUM_REDS", "2", "REDUCER_CONFIG_NAME", "mapreduce.job.reduces",
        "INPUT_HDFS", new File(dir, "tera-in").getPath(), "OUTPUT_HDFS", new File(dir, "tera-out").getPath());
    List<String> gen = hadoop.runJar(scriptArgs(HIBENCH7_TERASORT_PREPARE, tera, dir, true), List.of());
    assertTrue(gen.stream().anyMatch(l -> l.startsWith("teragen: ")), "says what the user ran:\n" + String.join("\n", gen));
    hadoop.runJar(scriptArgs(HIBENCH7_TERASORT_RUN, tera, dir, false), List.of());
    assertEquals(2, TestData.parts(local, new Path(tera.get("OUTPUT_HDFS"))).size());
    String report = new File(dir, "tera-report").getPath();
    hadoop.jar(EXAMPLES, "teravalidate " + tera.get("OUTPUT_HDFS") + " " + report);
    assertEquals(teraGenChecksum, checksumOfTeraValidate(local, new File(report)));
  }

  @ParameterizedTest(name = "Hadoop {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @ValueSource(strings = {"2.7", "3.2", "3.3", "3.4"})
  void dfsioeAndDataGen(String line, @TempDir File dir) throws Exception {
    Hadoop hadoop = line(line, dir);
    File results = new File(dir, "results");
    results.mkdirs();
    String input = new File(dir, "Dfsioe/Input").getPath();
    Map<String, String> vars = Map.of("DATATOOLS", DATATOOLS, "INPUT_HDFS", input,
        "MAP_JAVA_OPTS", "", "RED_JAVA_OPTS", "", "RD_NUM_OF_FILES", "3", "RD_FILE_SIZE", "1",
        "WT_NUM_OF_FILES", "2", "WT_FILE_SIZE", "2", "WORKLOAD_RESULT_FOLDER", results.getPath());
    hadoop.runJar(scriptArgs(HIBENCH7_DFSIOE_PREPARE, vars, dir, false), List.of());
    assertDataFiles(input, 3, 1);
    List<String> hadoopOpts = List.of("-Dtest.build.data=" + input);
    hadoop.runJar(scriptArgs(HIBENCH7_RUN_READ, vars, dir, true), hadoopOpts);
    assertStockResultFiles(results, "read", 3);
    hadoop.runJar(scriptArgs(HIBENCH7_RUN_WRITE, vars, dir, false), hadoopOpts);
    assertStockResultFiles(results, "write", 2);
    assertDataFiles(input, 2, 2);

    Map<String, String> hive = Map.of("HIVE_BASE_HDFS", new File(dir, "Aggregation").getPath(), "HIVE_INPUT", "Input",
        "NUM_MAPS", "2", "NUM_REDS", "2", "PAGES", "120", "USERVISITS", "1000");
    hadoop.jar(DATATOOLS, expand(HIBENCH7_HIVE_PREPARE, hive));
    Configuration local = TestData.localConf(new File(dir, "check"));
    assertEquals(1000, io.hibenchdse.hive.GeneratedTables.rows(local, new Path(dir + "/Aggregation/Input/uservisits")).size());
    assertEquals(120, io.hibenchdse.hive.GeneratedTables.rows(local, new Path(dir + "/Aggregation/Input/rankings")).size());
  }

  /** cfs-adapter.jar as a file system of the line: its FsShell puts, lists, gets and removes on a real Cassandra node. */
  @ParameterizedTest(name = "Hadoop {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @ValueSource(strings = {"2.7", "3.2", "3.3", "3.4"})
  void cfsThroughFsShell(String line, @TempDir File dir) throws Exception {
    Hadoop hadoop = line(line, dir, HOME.resolve("cfs-adapter/target/cfs-adapter.jar").toString());
    Configuration cfs = CfsTestNode.conf();
    Configuration site = new Configuration(false);
    for (Map.Entry<String, String> e : cfs) {
      String[] sources = cfs.getPropertySources(e.getKey());
      if (sources != null && Arrays.asList(sources).contains("programmatically")) {
        site.set(e.getKey(), e.getValue());
      }
    }
    site.set("hadoop.tmp.dir", new File(dir, "hadoop-tmp").getPath());
    writeSite(site, new File(dir, "conf"));
    byte[] data = new byte[3 * CfsTestNode.BLOCK + 12345];
    new Random(line.hashCode()).nextBytes(data);
    File put = new File(dir, "put.bin");
    Files.write(put.toPath(), data);
    String root = "/lines/" + line;
    hadoop.java("org.apache.hadoop.fs.FsShell", List.of("-mkdir", "-p", root), List.of(), 0);
    hadoop.java("org.apache.hadoop.fs.FsShell", List.of("-put", put.getPath(), root + "/f.bin"), List.of(), 0);
    List<String> ls = hadoop.java("org.apache.hadoop.fs.FsShell", List.of("-ls", root), List.of(), 0);
    assertTrue(ls.stream().anyMatch(l -> l.contains(" " + data.length + " ") && l.endsWith(root + "/f.bin")), String.join("\n", ls));
    File got = new File(dir, "got.bin");
    hadoop.java("org.apache.hadoop.fs.FsShell", List.of("-get", root + "/f.bin", got.getPath()), List.of(), 0);
    assertArrayEquals(data, Files.readAllBytes(got.toPath()));
    hadoop.java("org.apache.hadoop.fs.FsShell", List.of("-rm", "-r", root), List.of(), 0);
    List<String> gone = hadoop.java("org.apache.hadoop.fs.FsShell", List.of("-ls", root), List.of(), 1);
    assertTrue(gone.stream().anyMatch(l -> l.contains("No such file or directory")), String.join("\n", gone));
  }

  /** The checksum line of a TeraValidate-style report (HSValidate's and TeraValidate's), as TeraGen's hex. */
  static String checksumOfTeraValidate(Configuration conf, File dir) throws Exception {
    for (Path part : TestData.parts(conf, new Path(dir.getPath()))) {
      for (String l : Files.readAllLines(new File(part.toUri()).toPath())) {
        if (l.startsWith("checksum\t")) {
          return l.substring("checksum\t".length());
        }
      }
    }
    throw new AssertionError("no checksum line in " + dir);
  }

  static void assertDataFiles(String root, int files, int mb) {
    File[] data = new File(root, "io_data").listFiles(f -> !f.getName().startsWith("."));
    assertEquals(files, data.length, Arrays.toString(data));
    for (File f : data) {
      assertEquals((long) mb << 20, f.length(), f.getPath());
    }
  }
}

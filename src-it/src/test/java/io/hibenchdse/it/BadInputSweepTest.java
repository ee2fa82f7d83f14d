package io.hibenchdse.it;

import io.hibenchdse.core.HibenchConfigKeys;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.Results;
import io.hibenchdse.core.TestData;
import io.hibenchdse.core.WorkloadDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.io.MD5Hash;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input and damaged data, tried as a new user would, against every workload: each ends with
 * the expected exit status and one line on stderr that names the problem, and none records a
 * result or changes a file the user had. docs/testing.md#reliability counts these cases.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputSweepTest {
  static final WorkloadDriver ALL = WorkloadDriver.combined("all", io.hibenchdse.core.HibenchCoreJar.DRIVER,
      io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER, io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER, io.hibenchdse.hive.HiveDataGenJar.DRIVER);

  /** The local job runner's and the reports' directories: the runs' own, not the user's. */
  static final List<String> SCRATCH = List.of("hadoop-tmp", "staging", "mapred-local", "mapred-temp", "report", "out");

  Path dir;
  Configuration conf;
  Map<String, String> before;

  @BeforeAll
  void data() throws Exception {
    dir = Files.createTempDirectory("bad-input");
    conf = TestData.localConf(dir.toFile());
    conf.set("test.build.data", dir.resolve("dfsio").toString());
    Files.createDirectories(dir.resolve("text"));
    Files.writeString(dir.resolve("text/a.txt"), "to be or not to be\n");
    Files.createDirectories(dir.resolve("precious"));
    Files.writeString(dir.resolve("precious/keep.txt"), "the user's\n");
    Files.createDirectories(dir.resolve("empty"));
    Files.createDirectories(dir.resolve("leftovers/_temporary/0"));
    Files.writeString(dir.resolve("leftovers/_temporary/0/part-r-00000"), "a b\n");
    Files.writeString(dir.resolve("leftovers/_SUCCESS"), "");
    Files.createDirectories(dir.resolve("nested/sub"));
    Files.writeString(dir.resolve("nested/a.txt"), "a\n");
    Files.writeString(dir.resolve("nested/sub/b.txt"), "b\n");
    Files.createDirectories(dir.resolve("zero"));
    Files.write(dir.resolve("zero/part-00000"), new byte[0]);
    Files.writeString(dir.resolve("a-file"), "x");
    Configuration quiet = new Configuration(conf);
    quiet.unset(HibenchConfigKeys.REPORT_DIR);
    quiet.setLong("mapreduce.randomtextwriter.totalbytes", 100_000);
    ok(quiet, "randomtextwriter", p("seq"));
    ok(quiet, "hsgen", "-rows", "1000", "-maps", "1", "-replication", "1", p("hs"));
    ok(quiet, "hssort", "-replication", "1", p("hs"), p("sorted"));
    ok(quiet, "dfsioe", "-write", "-nrFiles", "1", "-fileSize", "1");
    cut(dir.resolve("seq/part-m-00000"), dir.resolve("cut-seq/part-m-00000"), Files.size(dir.resolve("seq/part-m-00000")) / 2);
    cut(dir.resolve("hs/part-m-00000"), dir.resolve("cut-hs/part-m-00000"), 150);
    before = snapshot();
  }

  @AfterAll
  void unchanged() throws Exception {
    assertEquals(before, snapshot(), "no file the user had was changed or deleted");
    FileUtil.fullyDelete(dir.toFile());
    assertTrue(!Files.exists(dir.resolve("report").resolve(Results.JSON_FILE)), "no result was recorded");
  }

  static Stream<Object[]> cases() {
    return Stream.of(
        c(2, "does not exist", "wordcount", "{missing}", "{out}"),
        c(2, "-overwrite", "wordcount", "{text}", "{precious}"),
        c(2, "holds no files to read", "wordcount", "{empty}", "{out}"),
        c(2, "holds no files to read", "wordcount", "{leftovers}", "{out}"),
        c(2, "non-recursively", "wordcount", "{nested}", "{out}"),
        c(1, "read no records", "wordcount", "{zero}", "{out}"),
        c(2, "inside the input", "wordcount", "{text}", "{text}/out"),
        c(2, "holds the input", "wordcount", "-overwrite", "{text}", "{dir}"),
        c(2, "no such file", "wordcount", "-conf", "{missing}.xml", "{text}", "{out}"),
        c(2, "mapreduce.job.reduces=x: not a number", "wordcount", "-D", "mapreduce.job.reduces=x", "{text}", "{out}"),
        c(2, "-D needs key=value", "wordcount", "-Dnovalue", "{text}", "{out}"),
        c(2, "-bogus", "wordcount", "-bogus", "{text}", "{out}"),
        c(2, "(<path>) requires at least 2 values", "wordcount", "{text}"),
        c(1, "cannot reach hdfs://127.0.0.1:1/", "wordcount", "-fs", "hdfs://127.0.0.1:1", "/in", "/out"),
        c(1, "record", "sort", "{cut-seq}", "{out}"),
        c(2, "-r must be at least 1, was 0", "sort", "-r", "0", "{seq}", "{out}"),
        c(2, "cannot tell the record classes", "sort", "{text}", "{out}"),
        c(2, "inside the input", "sort", "{seq}", "{seq}/sorted"),
        c(2, "must not be negative", "randomtextwriter", "-D", "mapreduce.randomtextwriter.totalbytes=-5", "{out}"),
        c(2, "missing", "randomtextwriter", "-D", "mapreduce.randomtextwriter.totalbytes=" + (1L << 58),
            "-D", "mapreduce.randomtextwriter.bytespermap=" + (1L << 50), "{out}"),
        c(2, "must be positive", "randomtextwriter", "-D", "mapreduce.randomtextwriter.bytespermap=0", "{out}"),
        c(2, "totalbytes=1x: not a number", "randomtextwriter", "-D", "mapreduce.randomtextwriter.totalbytes=1x", "{out}"),
        c(2, "-overwrite", "randomtextwriter", "-D", "mapreduce.randomtextwriter.totalbytes=1000", "{precious}"),
        c(2, "unknown scale factor '7TB'", "hsgen", "-sf", "7TB", "{out}"),
        c(2, "-rows must be positive, was 0", "hsgen", "-rows", "0", "{out}"),
        c(2, "missing", "hsgen", "-rows", Long.toString(1L << 46), "-replication", "1", "{out}"),
        c(2, "-replication must be at least 1, was 0", "hsgen", "-rows", "10", "-replication", "0", "{out}"),
        c(2, "<rows> must be a row count", "hsgen", "12x", "{out}"),
        c(2, "-overwrite", "hsgen", "-rows", "10", "-replication", "1", "{precious}"),
        c(1, "holds 150 bytes, not whole 100-byte records", "hssort", "{cut-hs}", "{out}"),
        c(2, "holds no files to read", "hssort", "{empty}", "{out}"),
        c(2, "-replication and -samples must be at least 1", "hssort", "-samples", "0", "{hs}", "{out}"),
        c(2, "holds no files to read", "hsvalidate", "{empty}", "{out}"),
        c(2, "-rows must be at least 1", "hsvalidate", "-rows", "0", "{hs}", "{out}"),
        c(2, "-checksum", "hsvalidate", "-checksum", "zz", "{hs}", "{out}"),
        c(1, "out of order: part-m-00000 record ", "hsvalidate", "{hs}", "{out}"),
        c(1, "holds 1000 records, expected 5", "hsvalidate", "-rows", "5", "{sorted}", "{out}"),
        c(1, "expected 1234", "hsvalidate", "-checksum", "1234", "{sorted}", "{out}"),
        c(1, "holds 150 bytes", "hsvalidate", "{cut-hs}", "{out}"),
        c(1, "expected 999", "hsdatacheck", "-rows", "999", "-replication", "1", "{hs}"),
        c(1, "expected 3", "hsdatacheck", "-rows", "1000", "-replication", "3", "{hs}"),
        c(2, "missing", "tpcxhs", "-rows", Long.toString(1L << 46), "-replication", "1", "-root", "{out}"),
        c(2, "-systemCost and -watts must be positive", "tpcxhs", "-rows", "10", "-systemCost", "-1", "-root", "{out}"),
        c(2, "-write, -read are mutually exclusive", "dfsioe", "-write", "-read"),
        c(2, "Missing required argument (specify one of these): (-write | -read | -clean)", "dfsioe", "-nrFiles", "2"),
        c(2, "test_io_1", "dfsioe", "-read", "-nrFiles", "2"),
        c(2, "less than -fileSize 2 MB", "dfsioe", "-read", "-nrFiles", "1", "-fileSize", "2"),
        c(2, "-sumThreshold", "dfsioe", "-write", "-sumThreshold", "1.5"),
        c(2, "-sampleUnit", "dfsioe", "-write", "-sampleUnit", "t"),
        c(2, "must be positive", "dfsioe", "-write", "-plotInterval", "0"),
        c(2, "must be positive", "dfsioe", "-write", "-fileSize", "0"),
        c(2, "missing", "dfsioe", "-write", "-nrFiles", "1000", "-fileSize", "100000000"),
        c(2, "-m and -r must be at least 1", "HiBench.DataGen", "-t", "hive", "-b", "{dir}", "-n", "x", "-m", "0", "-p", "10", "-v", "10"),
        c(2, "-t pagerank: this jar generates only", "HiBench.DataGen", "-t", "pagerank", "-b", "{dir}", "-n", "x", "-p", "10", "-v", "10"),
        c(2, "-overwrite", "HiBench.DataGen", "-t", "hive", "-b", "{dir}", "-n", "precious", "-p", "10", "-v", "10"),
        c(2, "unknown workload 'wordcont'", "wordcont", "{text}", "{out}"));
  }

  @ParameterizedTest(name = "{2}")
  @MethodSource("cases")
  void oneLineAndTheRightStatus(int status, String fragment, String line, String[] args) {
    String[] resolved = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      resolved[i] = args[i].replace("{out}", p("out")).replace("{dir}", dir.toString())
          .replaceAll("\\{([a-z-]+)\\}", dir.toString().replace("\\", "\\\\") + "/$1");
    }
    TestData.Outcome o = TestData.run(ALL, conf, resolved);
    boolean outputLeft = Files.exists(dir.resolve("out"));
    FileUtil.fullyDelete(dir.resolve("out").toFile());
    assertEquals(status, o.status, line + ": " + o);
    assertEquals(1, o.errLines.size(), line + ": " + o);
    assertTrue(o.errLines.get(0).contains(fragment), line + ": '" + o.errLines.get(0) + "' should name '" + fragment + "'");
    assertTrue(o.result == null, line + ": no result");
    assertTrue(!outputLeft || resolved[0].equals("hsvalidate"),
        line + ": no partial output left (HSValidate's report of a failed check stays, as the evidence)");
  }

  private static Object[] c(int status, String fragment, String... args) {
    return new Object[] {status, fragment, String.join(" ", args), args};
  }

  private String p(String name) {
    return dir.resolve(name).toString();
  }

  private void ok(Configuration c, String... args) {
    TestData.Outcome o = TestData.run(ALL, c, args);
    assertEquals(0, o.status, o.toString());
  }

  /** The first {@code bytes} of a file: what a crashed copy or a full disk leaves. */
  private static void cut(Path from, Path to, long bytes) throws IOException {
    Files.createDirectories(to.getParent());
    Files.write(to, Arrays.copyOf(Files.readAllBytes(from), (int) bytes));
  }

  private Map<String, String> snapshot() throws IOException {
    Map<String, String> files = new TreeMap<>();
    List<Path> all = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.filter(Files::isRegularFile).filter(f -> SCRATCH.stream().noneMatch(d -> f.startsWith(dir.resolve(d))))
          .forEach(all::add);
    }
    for (Path f : all) {
      files.put(dir.relativize(f).toString(), MD5Hash.digest(Files.readAllBytes(f)).toString());
    }
    return files;
  }
}

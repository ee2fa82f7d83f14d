package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Command lines of the stock scripts, as the scripts write them (shell variables expanded the way
 * the script would), run through Hadoop's RunJar, which is what `hadoop jar` does, against the
 * built jars, with the cluster's configuration on the class path as HADOOP_CONF_DIR puts it.
 */
class StockScriptLinesTest extends EmbeddedHdfsTest {
  static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
  static File confDir;

  @BeforeAll
  static void writeClusterConf() throws Exception {
    confDir = new File(dir, "hadoop-conf");
    confDir.mkdirs();
    try (OutputStream out = Files.newOutputStream(confDir.toPath().resolve("core-site.xml"))) {
      conf.writeXml(out);
    }
  }

  /** `hadoop jar JAR LINE`: the line split at blanks as the shell splits it. */
  static List<String> hadoopJar(String jar, String line) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        confDir + File.pathSeparator + Files.readString(HOME.resolve("hibench-launcher/target/runtime-classpath.txt")).trim(),
        "org.apache.hadoop.util.RunJar", HOME.resolve(jar).toString()));
    command.addAll(Arrays.asList(line.trim().split("\\s+")));
    File out = new File(dir, "out.txt");
    Process p = new ProcessBuilder(command).directory(dir).redirectErrorStream(true).redirectOutput(out).start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished in time: " + line);
    List<String> lines = Files.readAllLines(out.toPath());
    assertEquals(0, p.exitValue(), line + "\n" + String.join("\n", lines));
    return lines;
  }

  static String expand(String line, Map<String, String> vars) {
    for (Map.Entry<String, String> v : vars.entrySet()) {
      line = line.replace("$" + v.getKey(), v.getValue()).replace("${" + v.getKey() + "}", v.getValue());
    }
    return line;
  }

  @Test
  void tpcxHsKitRunsHsGenHsSortHsValidate() throws Exception {
    // TPCx-HS-master.sh (MapReduce), after `hadoop jar $HSSORT_JAR`
    Map<String, String> vars = Map.of("NUM_MAPS", "2", "NUM_REDUCERS", "2", "hssize", "20000", "FILE_BASE", "tpcx");
    List<String> gen = hadoopJar("tpcx-hs/target/tpcx-hs.jar", expand("HSGen -Dmapreduce.job.maps=$NUM_MAPS -Dmapreduce.job.reduces=$NUM_REDUCERS "
        + "-Dmapred.map.tasks=$NUM_MAPS -Dmapred.reduce.tasks=$NUM_REDUCERS $hssize /${FILE_BASE}/input", vars));
    // the counters at completion, as Job.waitForCompletion(true) prints them (HiBench 7 greps
    // "Bytes Written"; the local runner's file system counters add up a JVM-wide statistic, so only
    // the record count is exact here)
    String log = String.join("\n", gen);
    int at = log.indexOf("\nCounters: ");
    assertTrue(at >= 0, "no counters printed:\n" + log);
    String counters = log.substring(at);
    assertTrue(counters.contains("\t\tMap output records=20000\n"), counters);
    assertTrue(counters.contains("\t\tBytes Written="), counters);
    hadoopJar("tpcx-hs/target/tpcx-hs.jar", expand("HSSort -Dmapreduce.job.maps=$NUM_MAPS -Dmapreduce.job.reduces=$NUM_REDUCERS "
        + "-Dmapred.map.tasks=$NUM_MAPS -Dmapred.reduce.tasks=$NUM_REDUCERS  /${FILE_BASE}/input /${FILE_BASE}/output", vars));
    hadoopJar("tpcx-hs/target/tpcx-hs.jar", expand("HSValidate /${FILE_BASE}/output  /${FILE_BASE}/validate", vars));

    FileSystem fs = FileSystem.get(conf);
    assertEquals(20000L * 100, fs.getContentSummary(new org.apache.hadoop.fs.Path("/tpcx/input")).getLength());
    assertEquals(20000L * 100, fs.getContentSummary(new org.apache.hadoop.fs.Path("/tpcx/output")).getLength());
    // the kit's HSDataCheck.sh lists the validate directory; TeraValidate's report holds the checksum
    List<String> report = new ArrayList<>();
    for (org.apache.hadoop.fs.Path part : TestData.parts(conf, new org.apache.hadoop.fs.Path("/tpcx/validate"))) {
      try (var in = fs.open(part)) {
        report.addAll(Arrays.asList(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")));
      }
    }
    assertTrue(report.stream().anyMatch(l -> l.startsWith("checksum\t")), report.toString());
    assertTrue(report.stream().noneMatch(l -> l.startsWith("error")), report.toString());
  }

  @Test
  void hiBenchHivePrepareRunsDataGen() throws Exception {
    // HiBench 7 sql/*/prepare/prepare.sh: run_hadoop_job ${DATATOOLS} HiBench.DataGen ${OPTION}
    Map<String, String> vars = Map.of("HIVE_BASE_HDFS", "/HiBench/Aggregation", "HIVE_INPUT", "Input",
        "NUM_MAPS", "2", "NUM_REDS", "2", "PAGES", "120", "USERVISITS", "1000");
    hadoopJar("hive-queries/hive-datagen/target/hive-datagen.jar", expand("HiBench.DataGen -t hive -b ${HIVE_BASE_HDFS} "
        + "-n ${HIVE_INPUT} -m ${NUM_MAPS} -r ${NUM_REDS} -p ${PAGES} -v ${USERVISITS} -o sequence", vars));
    FileSystem fs = FileSystem.get(conf);
    assertEquals(1000, io.hibenchdse.hive.GeneratedTables.rows(conf, new org.apache.hadoop.fs.Path("/HiBench/Aggregation/Input/uservisits")).size());
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/HiBench/Aggregation/Input/rankings")));
    assertTrue(!new File(dir, "report").exists(), "`hadoop jar` writes no result files of its own");
  }
}

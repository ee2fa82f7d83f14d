package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.hibenchdse.it.StockScriptLines.*;

import io.hibenchdse.it.StockScriptLines.Hadoop;

import io.hibenchdse.core.TestData;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Command lines of the stock scripts, as the scripts write them (shell variables expanded the way
 * the script would), run through Hadoop's RunJar, which is what `hadoop jar` does, against the
 * built jars, with the cluster's configuration on the class path as HADOOP_CONF_DIR puts it.
 */
@FullTier
class StockScriptLinesTest extends EmbeddedHdfsTest {
  static File confDir;
  /** `hadoop` on this build's Hadoop (3.4) with the cluster's configuration. */
  static Hadoop hadoop;

  @BeforeAll
  static void writeClusterConf() throws Exception {
    confDir = new File(dir, "hadoop-conf");
    confDir.mkdirs();
    try (OutputStream out = Files.newOutputStream(confDir.toPath().resolve("core-site.xml"))) {
      conf.writeXml(out);
    }
    hadoop = hadoop(confDir);
  }

  static Hadoop hadoop(File confDir) throws Exception {
    return new Hadoop(confDir + File.pathSeparator
        + Files.readString(HOME.resolve("hibench-launcher/target/runtime-classpath.txt")).trim(), dir);
  }

  static List<String> scriptArgs(String script, Map<String, String> vars, boolean terminal) throws Exception {
    return StockScriptLines.scriptArgs(script, vars, confDir, terminal);
  }

  @Test
  void tpcxHsKitRunsHsGenHsSortHsValidate() throws Exception {
    // TPCx-HS-master.sh (MapReduce), after `hadoop jar $HSSORT_JAR`
    Map<String, String> vars = Map.of("NUM_MAPS", "2", "NUM_REDUCERS", "2", "hssize", "20000", "FILE_BASE", "tpcx");
    List<String> gen = hadoop.jar(TPCX_HS, expand(KIT_HSGEN, vars));
    // the counters at completion, as Job.waitForCompletion(true) prints them (HiBench 7 greps
    // "Bytes Written"; the local runner's file system counters add up a JVM-wide statistic, so only
    // the record count is exact here)
    String log = String.join("\n", gen);
    int at = log.indexOf("\nCounters: ");
    assertTrue(at >= 0, "no counters printed:\n" + log);
    String counters = log.substring(at);
    assertTrue(counters.contains("\t\tMap output records=20000\n"), counters);
    assertTrue(counters.contains("\t\tBytes Written="), counters);
    hadoop.jar(TPCX_HS, expand(KIT_HSSORT, vars));
    hadoop.jar(TPCX_HS, expand(KIT_HSVALIDATE, vars));

    FileSystem fs = FileSystem.get(conf);
    assertTpcxHsData("/tpcx/input", 20000);
    assertTpcxHsData("/tpcx/output", 20000);
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
    hadoop.jar(DATATOOLS, expand(HIBENCH7_HIVE_PREPARE, vars));
    FileSystem fs = FileSystem.get(conf);
    assertEquals(1000, io.hibenchdse.hive.GeneratedTables.rows(conf, new org.apache.hadoop.fs.Path("/HiBench/Aggregation/Input/uservisits")).size());
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/HiBench/Aggregation/Input/rankings")));
    assertTrue(!new File(dir, "report").exists(), "`hadoop jar` writes no result files of its own");
  }

  /**
   * HiBench 7's dfsioe: prepare.sh writes the read data, run_read.sh reads it, run_write.sh
   * writes over it (without anything deleting io_data between), each as the scripts write them;
   * prepare with its output piped (its escaped quotes survive as stray words), the runs on a
   * terminal and piped.
   */
  @Test
  void hiBench7DfsioePrepareReadWrite() throws Exception {
    File results = new File(dir, "hibench7-dfsioe");
    results.mkdirs();
    Map<String, String> vars = Map.of("DATATOOLS", DATATOOLS, "INPUT_HDFS", "/HiBench/Dfsioe/Input",
        "MAP_JAVA_OPTS", "", "RED_JAVA_OPTS", "", "RD_NUM_OF_FILES", "4", "RD_FILE_SIZE", "1",
        "WT_NUM_OF_FILES", "2", "WT_FILE_SIZE", "2", "WORKLOAD_RESULT_FOLDER", results.toString());
    String prepare = HIBENCH7_DFSIOE_PREPARE;
    List<String> piped = scriptArgs(prepare, vars, false);
    assertTrue(piped.contains("\""), "piped, HiBench's escaped quotes stay words of their own: " + piped);
    hadoop.runJar(piped, List.of());
    assertDataFiles("/HiBench/Dfsioe/Input", 4, 1);
    hadoop.runJar(scriptArgs(prepare, vars, true), List.of());

    // run_read.sh also exports HADOOP_OPTS="... -Dtest.build.data=${INPUT_HDFS} "
    List<String> hadoopOpts = List.of("-Dtest.build.data=/HiBench/Dfsioe/Input");
    hadoop.runJar(scriptArgs(HIBENCH7_RUN_READ, vars, true), hadoopOpts);
    assertStockResultFiles(results, "read", 4);

    // run_write.sh: io_data holds prepare's 4 files
    hadoop.runJar(scriptArgs(HIBENCH7_RUN_WRITE, vars, false), hadoopOpts);
    assertStockResultFiles(results, "write", 2);
    assertDataFiles("/HiBench/Dfsioe/Input", 2, 2);
  }

  /**
   * Once on YARN (the YARN mini cluster over this class's HDFS, task JVMs of their own): HiBench
   * 7's run_write.sh, its definitions reaching the tasks through the job configuration.
   */
  @Test
  void hiBench7DfsioeWriteOnYarn() throws Exception {
    try (org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster yarn = FastYarn.start("stock-lines", conf)) {
      Configuration client = new Configuration(yarn.getConfig());
      client.set("mapreduce.framework.name", "yarn"); // the class's configuration says local
      client.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
      File yarnConf = new File(dir, "yarn-conf");
      yarnConf.mkdirs();
      // mapred-default.xml and yarn-default.xml load after core-site.xml: the settings go in all three
      for (String site : new String[] {"core-site.xml", "mapred-site.xml", "yarn-site.xml"}) {
        try (OutputStream out = Files.newOutputStream(yarnConf.toPath().resolve(site))) {
          client.writeXml(out);
        }
      }
      File results = new File(dir, "hibench7-yarn");
      results.mkdirs();
      Map<String, String> vars = Map.of("DATATOOLS", DATATOOLS, "INPUT_HDFS", "/HiBench/DfsioeYarn/Input",
          "MAP_JAVA_OPTS", "-Xmx256m", "RED_JAVA_OPTS", "-Xmx256m", "WT_NUM_OF_FILES", "2", "WT_FILE_SIZE", "1",
          "WORKLOAD_RESULT_FOLDER", results.toString());
      List<String> log = hadoop(yarnConf).runJar(StockScriptLines.scriptArgs(HIBENCH7_RUN_WRITE, vars, yarnConf, true), List.of("-Dtest.build.data=/HiBench/DfsioeYarn/Input"));
      assertTrue(log.stream().anyMatch(l -> l.contains("job_") && !l.contains("job_local")), "ran on YARN:\n" + String.join("\n", log));
      assertStockResultFiles(results, "write", 2);
      assertDataFiles("/HiBench/DfsioeYarn/Input", 2, 1);
    }
  }

  /** HiBench 2.2's dfsioe/bin scripts: the stock root, no test.build.data anywhere. */
  @Test
  void hiBench22DfsioePrepareReadWrite() throws Exception {
    File results = new File(dir, "hibench22-dfsioe");
    results.mkdirs();
    Map<String, String> vars = Map.of("DATATOOLS", DATATOOLS, "DIR", results.toString(),
        "RD_NUM_OF_FILES", "2", "RD_FILE_SIZE", "1", "WT_NUM_OF_FILES", "3", "WT_FILE_SIZE", "1");
    String hadoopExecutable = "HADOOP_EXECUTABLE=hadoop\n";
    // dfsioe/bin/prepare-read.sh
    hadoop.runJar(scriptArgs(hadoopExecutable + """
        ${HADOOP_EXECUTABLE} jar ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh -write -skipAnalyze -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 4096
        """, vars, false), List.of());
    assertDataFiles("/benchmarks/TestDFSIO-Enh", 2, 1);
    // dfsioe/bin/run-read.sh
    hadoop.runJar(scriptArgs(hadoopExecutable + """
        OPTION="-read -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 131072 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal"
        ${HADOOP_EXECUTABLE} jar ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh ${OPTION} -resFile ${DIR}/result_read.txt -tputFile ${DIR}/throughput_read.csv
        """, vars, false), List.of());
    assertStockResultFiles(results, "read", 2);
    // dfsioe/bin/run-write.sh
    hadoop.runJar(scriptArgs(hadoopExecutable + """
        OPTION="-write -nrFiles ${WT_NUM_OF_FILES} -fileSize ${WT_FILE_SIZE} -bufferSize 4096 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal"
        ${HADOOP_EXECUTABLE} jar ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh ${OPTION} -resFile ${DIR}/result_write.txt -tputFile ${DIR}/throughput_write.csv
        """, vars, false), List.of());
    assertStockResultFiles(results, "write", 3);
    assertDataFiles("/benchmarks/TestDFSIO-Enh", 3, 1);
  }

  /** HiBench 7's and 2.2's (Hadoop 2 branch) wordcount prepare and run lines, with examples.jar as HADOOP_EXAMPLES_JAR. */
  @Test
  void hiBenchWordcountPrepareAndRun() throws Exception {
    String jar = EXAMPLES;
    Map<String, String> vars = Map.of("HADOOP_EXAMPLES_JAR", jar, "DATASIZE", "200000", "NUM_MAPS", "2", "NUM_REDS", "2",
        "INPUT_HDFS", "/HiBench/Wordcount/Input", "OUTPUT_HDFS", "/HiBench/Wordcount/Output", "COMPRESS_OPT", "",
        "CONFIG_REDUCER_NUMBER", "mapreduce.job.reduces", "HADOOP_EXECUTABLE", "hadoop", "DIR", dir.toString());
    hadoop.runJar(scriptArgs(HIBENCH7_WORDCOUNT_PREPARE, vars, true), List.of());
    FileSystem fs = FileSystem.get(conf);
    long input = fs.getContentSummary(new org.apache.hadoop.fs.Path("/HiBench/Wordcount/Input")).getLength();
    assertTrue(input >= 200000, "DATASIZE bytes of text at least: " + input);
    List<String> log = hadoop.runJar(scriptArgs(HIBENCH7_WORDCOUNT_RUN, vars, false), List.of());
    assertEquals(2, TestData.parts(conf, new org.apache.hadoop.fs.Path("/HiBench/Wordcount/Output")).size());
    assertJobCounter(log, "Bytes Read");

    // HiBench 2.2 wordcount/bin/prepare.sh and run.sh, Hadoop 2 branch; run.sh takes SIZE from
    // `grep "Bytes Read"` of the tee'd client output
    fs.delete(new org.apache.hadoop.fs.Path("/HiBench/Wordcount"), true);
    hadoop.runJar(scriptArgs("""
          $HADOOP_EXECUTABLE jar $HADOOP_EXAMPLES_JAR randomtextwriter \\
            -D mapreduce.randomtextwriter.bytespermap=$((${DATASIZE} / ${NUM_MAPS})) \\
            -D mapreduce.randomtextwriter.mapsperhost=${NUM_MAPS} \\
            $COMPRESS_OPT \\
            $INPUT_HDFS
        """, vars, false), List.of());
    List<String> run22 = hadoop.runJar(scriptArgs("""
        $HADOOP_EXECUTABLE jar $HADOOP_EXAMPLES_JAR wordcount \\
            $COMPRESS_OPT \\
            -D $CONFIG_REDUCER_NUMBER=${NUM_REDS} \\
            -D mapreduce.inputformat.class=org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat \\
            -D mapreduce.outputformat.class=org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat \\
            -D mapreduce.job.inputformat.class=org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat \\
            -D mapreduce.job.outputformat.class=org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat \\
            $INPUT_HDFS $OUTPUT_HDFS \\
            2>&1 | tee ${DIR}/wordcount.log
        """, vars, false), List.of());
    assertEquals(2, TestData.parts(conf, new org.apache.hadoop.fs.Path("/HiBench/Wordcount/Output")).size());
    assertJobCounter(run22, "Bytes Read");
  }

  /** HiBench 7's terasort prepare and run lines: teragen and terasort from the same HADOOP_EXAMPLES_JAR. */
  @Test
  void hiBench7TerasortPrepareAndRun() throws Exception {
    Map<String, String> vars = Map.of("HADOOP_EXAMPLES_JAR", EXAMPLES, "DATASIZE", "30000", "NUM_MAPS", "2",
        "NUM_REDS", "2", "REDUCER_CONFIG_NAME", "mapreduce.job.reduces",
        "INPUT_HDFS", "/HiBench/Terasort/Input", "OUTPUT_HDFS", "/HiBench/Terasort/Output");
    hadoop.runJar(scriptArgs(HIBENCH7_TERASORT_PREPARE, vars, true), List.of());
    hadoop.runJar(scriptArgs(HIBENCH7_TERASORT_RUN, vars, false), List.of());
    FileSystem fs = FileSystem.get(conf);
    assertTpcxHsData("/HiBench/Terasort/Input", 30000);
    assertTpcxHsData("/HiBench/Terasort/Output", 30000);
    assertEquals(2, TestData.parts(conf, new org.apache.hadoop.fs.Path("/HiBench/Terasort/Output")).size());
  }

  /** {@code rows} records in the data files, and HSGen's summary of them beside them (as the kit's -du sees: 100 x rows and the summary). */
  static void assertTpcxHsData(String dir, long rows) throws Exception {
    FileSystem fs = FileSystem.get(conf);
    long data = 0;
    for (org.apache.hadoop.fs.Path part : TestData.parts(conf, new org.apache.hadoop.fs.Path(dir))) {
      data += fs.getFileStatus(part).getLen();
    }
    assertEquals(rows * 100, data, dir);
    org.apache.hadoop.fs.Path summary = new org.apache.hadoop.fs.Path(dir, io.hibenchdse.tpcxhs.Records.SUMMARY);
    try (var in = fs.open(summary)) {
      assertTrue(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).startsWith("records\t" + rows + "\nchecksum\t"), dir);
    }
    assertEquals(rows * 100 + fs.getFileStatus(summary).getLen(), fs.getContentSummary(new org.apache.hadoop.fs.Path(dir)).getLength(), dir);
  }

  static void assertDataFiles(String root, int files, int mb) throws Exception {
    FileSystem fs = FileSystem.get(conf);
    org.apache.hadoop.fs.FileStatus[] data = fs.listStatus(new org.apache.hadoop.fs.Path(root, "io_data"));
    assertEquals(files, data.length, Arrays.toString(data));
    for (org.apache.hadoop.fs.FileStatus f : data) {
      assertEquals((long) mb << 20, f.getLen(), f.getPath().toString());
    }
  }
}

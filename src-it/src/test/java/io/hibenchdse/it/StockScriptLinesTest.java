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
    List<String> args = new ArrayList<>(List.of(HOME.resolve(jar).toString()));
    args.addAll(Arrays.asList(line.trim().split("\\s+")));
    return runJar(args, List.of());
  }

  /**
   * What `hadoop jar` does with {@code jarAndArgs}: RunJar in a fresh JVM with the cluster's
   * configuration on the class path, {@code jvmFlags} as HADOOP_OPTS adds them.
   */
  static List<String> runJar(List<String> jarAndArgs, List<String> jvmFlags) throws Exception {
    return runJar(confDir, jarAndArgs, jvmFlags);
  }

  static List<String> runJar(File confDir, List<String> jarAndArgs, List<String> jvmFlags) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp",
        confDir + File.pathSeparator + Files.readString(HOME.resolve("hibench-launcher/target/runtime-classpath.txt")).trim(),
        "org.apache.hadoop.util.RunJar"));
    command.addAll(jarAndArgs);
    File out = new File(dir, "out.txt");
    Process p = new ProcessBuilder(command).directory(dir).redirectErrorStream(true).redirectOutput(out).start();
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished in time: " + jarAndArgs);
    List<String> lines = Files.readAllLines(out.toPath());
    assertEquals(0, p.exitValue(), jarAndArgs + "\n" + String.join("\n", lines));
    return lines;
  }

  /**
   * Runs a script's lines, verbatim, in bash with {@code vars} set, where `hadoop` only reports
   * its arguments, and returns what `hadoop jar` was given: the jar and the arguments exactly as
   * the script's quoting and word splitting made them. HiBench 7's run_hadoop_job is modelled on
   * its workload_functions.sh: it flattens its arguments into one command string, which
   * execute_withlog runs as `$CMD` (output piped: split at blanks, quotes kept) or, on a
   * terminal, through execute_with_log.py's shell (quotes parsed again).
   */
  static List<String> scriptArgs(String script, Map<String, String> vars, boolean terminal) throws Exception {
    String prelude = String.join("\n",
        "hadoop() { if [ \"$1\" = --config ]; then shift 2; fi; shift; printf '%s\\0' \"$@\"; }",
        "export -f hadoop",
        "run_hadoop_job() {",
        "  local job_jar=$1; shift; local job_name=$1; shift; local tail_arguments=$@",
        "  local CMD=\"${HADOOP_EXECUTABLE} --config ${HADOOP_CONF_DIR} jar $job_jar $job_name $tail_arguments\"",
        "  if [ \"$TERMINAL\" = 1 ]; then bash -c \"$CMD\"; else $CMD; fi",
        "}",
        "");
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", prelude + script);
    pb.environment().putAll(vars);
    pb.environment().put("HADOOP_EXECUTABLE", "hadoop");
    pb.environment().put("HADOOP_CONF_DIR", confDir.toString());
    pb.environment().put("TERMINAL", terminal ? "1" : "0");
    Process p = pb.redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), script);
    return Arrays.asList(out.substring(0, out.length() - 1).split("\0", -1));
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
    hadoopJar("datatools/target/datatools.jar", expand("HiBench.DataGen -t hive -b ${HIVE_BASE_HDFS} "
        + "-n ${HIVE_INPUT} -m ${NUM_MAPS} -r ${NUM_REDS} -p ${PAGES} -v ${USERVISITS} -o sequence", vars));
    FileSystem fs = FileSystem.get(conf);
    assertEquals(1000, io.hibenchdse.hive.GeneratedTables.rows(conf, new org.apache.hadoop.fs.Path("/HiBench/Aggregation/Input/uservisits")).size());
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/HiBench/Aggregation/Input/rankings")));
    assertTrue(!new File(dir, "report").exists(), "`hadoop jar` writes no result files of its own");
  }

  static final String DATATOOLS = HOME.resolve("datatools/target/datatools.jar").toString();

  /** HiBench 7's bin/workloads/micro/dfsioe/hadoop/run_write.sh, its OPTION and run_hadoop_job lines. */
  static final String HIBENCH7_RUN_WRITE = """
        OPTION="-write -nrFiles ${WT_NUM_OF_FILES} -fileSize ${WT_FILE_SIZE} -bufferSize 4096 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal -Dtest.build.data=${INPUT_HDFS}"
        run_hadoop_job ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh              \\
            -Dmapreduce.map.java.opts=" -Dtest.build.data=${INPUT_HDFS} $MAP_JAVA_OPTS "    \\
            -Dmapreduce.reduce.java.opts=" -Dtest.build.data=${INPUT_HDFS} $RED_JAVA_OPTS " \\
            ${OPTION} -resFile ${WORKLOAD_RESULT_FOLDER}/result_write.txt                 \\
            -tputFile ${WORKLOAD_RESULT_FOLDER}/throughput_write.csv
        """;

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
    // bin/workloads/micro/dfsioe/prepare/prepare.sh
    String prepare = """
        run_hadoop_job ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh                \\
            -Dmapreduce.map.java.opts=\\"-Dtest.build.data=${INPUT_HDFS} ${MAP_JAVA_OPTS}\\"    \\
            -Dmapreduce.reduce.java.opts=\\"-Dtest.build.data=${INPUT_HDFS} ${RED_JAVA_OPTS}\\" \\
            -Dtest.build.data=${INPUT_HDFS}                                                 \\
            -write -skipAnalyze -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 4096
        """;
    List<String> piped = scriptArgs(prepare, vars, false);
    assertTrue(piped.contains("\""), "piped, HiBench's escaped quotes stay words of their own: " + piped);
    runJar(piped, List.of());
    assertDataFiles("/HiBench/Dfsioe/Input", 4, 1);
    runJar(scriptArgs(prepare, vars, true), List.of());

    // bin/workloads/micro/dfsioe/hadoop/run_read.sh; it also exports HADOOP_OPTS="... -Dtest.build.data=${INPUT_HDFS} "
    List<String> hadoopOpts = List.of("-Dtest.build.data=/HiBench/Dfsioe/Input");
    String read = """
        OPTION="-read -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 131072 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal -Dtest.build.data=${INPUT_HDFS}"
        run_hadoop_job ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh              \\
            -Dmapreduce.map.java.opts="-Dtest.build.data=${INPUT_HDFS} $MAP_JAVA_OPTS"    \\
            -Dmapreduce.reduce.java.opts="-Dtest.build.data=${INPUT_HDFS} $RED_JAVA_OPTS" \\
            ${OPTION} -resFile ${WORKLOAD_RESULT_FOLDER}/result_read.txt                  \\
            -tputFile ${WORKLOAD_RESULT_FOLDER}/throughput_read.csv
        """;
    runJar(scriptArgs(read, vars, true), hadoopOpts);
    assertStockResultFiles(results, "read", 4);

    // bin/workloads/micro/dfsioe/hadoop/run_write.sh: io_data holds prepare's 4 files
    runJar(scriptArgs(HIBENCH7_RUN_WRITE, vars, false), hadoopOpts);
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
      List<String> log = runJar(yarnConf, scriptArgs(HIBENCH7_RUN_WRITE, vars, true), List.of("-Dtest.build.data=/HiBench/DfsioeYarn/Input"));
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
    runJar(scriptArgs(hadoopExecutable + """
        ${HADOOP_EXECUTABLE} jar ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh -write -skipAnalyze -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 4096
        """, vars, false), List.of());
    assertDataFiles("/benchmarks/TestDFSIO-Enh", 2, 1);
    // dfsioe/bin/run-read.sh
    runJar(scriptArgs(hadoopExecutable + """
        OPTION="-read -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 131072 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal"
        ${HADOOP_EXECUTABLE} jar ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh ${OPTION} -resFile ${DIR}/result_read.txt -tputFile ${DIR}/throughput_read.csv
        """, vars, false), List.of());
    assertStockResultFiles(results, "read", 2);
    // dfsioe/bin/run-write.sh
    runJar(scriptArgs(hadoopExecutable + """
        OPTION="-write -nrFiles ${WT_NUM_OF_FILES} -fileSize ${WT_FILE_SIZE} -bufferSize 4096 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal"
        ${HADOOP_EXECUTABLE} jar ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh ${OPTION} -resFile ${DIR}/result_write.txt -tputFile ${DIR}/throughput_write.csv
        """, vars, false), List.of());
    assertStockResultFiles(results, "write", 3);
    assertDataFiles("/benchmarks/TestDFSIO-Enh", 3, 1);
  }

  static final String EXAMPLES = HOME.resolve("examples/target/examples.jar").toString();

  /** HiBench 7's and 2.2's (Hadoop 2 branch) wordcount prepare and run lines, with examples.jar as HADOOP_EXAMPLES_JAR. */
  @Test
  void hiBenchWordcountPrepareAndRun() throws Exception {
    String jar = EXAMPLES;
    Map<String, String> vars = Map.of("HADOOP_EXAMPLES_JAR", jar, "DATASIZE", "200000", "NUM_MAPS", "2", "NUM_REDS", "2",
        "INPUT_HDFS", "/HiBench/Wordcount/Input", "OUTPUT_HDFS", "/HiBench/Wordcount/Output", "COMPRESS_OPT", "",
        "CONFIG_REDUCER_NUMBER", "mapreduce.job.reduces", "HADOOP_EXECUTABLE", "hadoop", "DIR", dir.toString());
    // bin/workloads/micro/wordcount/prepare/prepare.sh (run-hadoop-job: the function under its older name)
    runJar(scriptArgs("""
        run_hadoop_job ${HADOOP_EXAMPLES_JAR} randomtextwriter \\
            -D mapreduce.randomtextwriter.totalbytes=${DATASIZE} \\
            -D mapreduce.randomtextwriter.bytespermap=$(( ${DATASIZE} / ${NUM_MAPS} )) \\
            -D mapreduce.job.maps=${NUM_MAPS} \\
            -D mapreduce.job.reduces=${NUM_REDS} \\
            ${INPUT_HDFS}
        """, vars, true), List.of());
    FileSystem fs = FileSystem.get(conf);
    long input = fs.getContentSummary(new org.apache.hadoop.fs.Path("/HiBench/Wordcount/Input")).getLength();
    assertTrue(input >= 200000, "DATASIZE bytes of text at least: " + input);
    // bin/workloads/micro/wordcount/hadoop/run.sh
    List<String> log = runJar(scriptArgs("""
        run_hadoop_job ${HADOOP_EXAMPLES_JAR} wordcount \\
            -D mapreduce.job.maps=${NUM_MAPS} \\
            -D mapreduce.job.reduces=${NUM_REDS} \\
            -D mapreduce.inputformat.class=org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat \\
            -D mapreduce.outputformat.class=org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat \\
            -D mapreduce.job.inputformat.class=org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat \\
            -D mapreduce.job.outputformat.class=org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat \\
            ${INPUT_HDFS} ${OUTPUT_HDFS}
        """, vars, false), List.of());
    assertEquals(2, TestData.parts(conf, new org.apache.hadoop.fs.Path("/HiBench/Wordcount/Output")).size());
    assertJobCounter(log, "Bytes Read");

    // HiBench 2.2 wordcount/bin/prepare.sh and run.sh, Hadoop 2 branch; run.sh takes SIZE from
    // `grep "Bytes Read"` of the tee'd client output
    fs.delete(new org.apache.hadoop.fs.Path("/HiBench/Wordcount"), true);
    runJar(scriptArgs("""
          $HADOOP_EXECUTABLE jar $HADOOP_EXAMPLES_JAR randomtextwriter \\
            -D mapreduce.randomtextwriter.bytespermap=$((${DATASIZE} / ${NUM_MAPS})) \\
            -D mapreduce.randomtextwriter.mapsperhost=${NUM_MAPS} \\
            $COMPRESS_OPT \\
            $INPUT_HDFS
        """, vars, false), List.of());
    List<String> run22 = runJar(scriptArgs("""
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
    // bin/workloads/micro/terasort/prepare/prepare.sh: DATASIZE is a row count there
    runJar(scriptArgs("""
        run_hadoop_job ${HADOOP_EXAMPLES_JAR} teragen \\
            -D mapreduce.job.maps=${NUM_MAPS} \\
            -D mapreduce.job.reduces=${NUM_REDS} \\
            ${DATASIZE} ${INPUT_HDFS}
        """, vars, true), List.of());
    // bin/workloads/micro/terasort/hadoop/run.sh
    runJar(scriptArgs("""
        run_hadoop_job ${HADOOP_EXAMPLES_JAR} terasort \\
            -D ${REDUCER_CONFIG_NAME}=${NUM_REDS} \\
            ${INPUT_HDFS} ${OUTPUT_HDFS}
        """, vars, false), List.of());
    FileSystem fs = FileSystem.get(conf);
    assertEquals(30000L * 100, fs.getContentSummary(new org.apache.hadoop.fs.Path("/HiBench/Terasort/Input")).getLength());
    assertEquals(30000L * 100, fs.getContentSummary(new org.apache.hadoop.fs.Path("/HiBench/Terasort/Output")).getLength());
    assertEquals(2, TestData.parts(conf, new org.apache.hadoop.fs.Path("/HiBench/Terasort/Output")).size());
  }

  /** The job's counters block, as Job.waitForCompletion(true) prints it, holds {@code name=<n>}, n > 0. */
  static void assertJobCounter(List<String> log, String name) {
    String all = String.join("\n", log);
    int at = all.lastIndexOf("\nCounters: ");
    assertTrue(at >= 0, "no counters printed:\n" + all);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\n\\s+" + name + "=(\\d+)\n").matcher(all.substring(at) + "\n");
    assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, name + " in\n" + all.substring(at));
  }

  static void assertDataFiles(String root, int files, int mb) throws Exception {
    FileSystem fs = FileSystem.get(conf);
    org.apache.hadoop.fs.FileStatus[] data = fs.listStatus(new org.apache.hadoop.fs.Path(root, "io_data"));
    assertEquals(files, data.length, Arrays.toString(data));
    for (org.apache.hadoop.fs.FileStatus f : data) {
      assertEquals((long) mb << 20, f.getLen(), f.getPath().toString());
    }
  }

  /** The stock tool's result block and headerless slot,bytesTotal,bytesChanged CSV, as scripts parse them. */
  static void assertStockResultFiles(File results, String mode, int files) throws Exception {
    String res = Files.readString(results.toPath().resolve("result_" + mode + ".txt"));
    assertTrue(res.contains("----- TestDFSIO ----- : " + mode) && res.contains("Number of files: " + files)
        && res.contains("Throughput mb/sec: ") && res.contains("-- Extended Metrics --   : " + mode), res);
    // 1000 ms slots on maps of milliseconds: unavailable, as the stock tool says, and no failure
    assertTrue(res.contains("Average of Aggregated Throughput : "), res);
    List<String> csv = Files.readAllLines(results.toPath().resolve("throughput_" + mode + ".csv"));
    assertTrue(!csv.isEmpty());
    for (int k = 0; k < csv.size(); k++) {
      String[] row = csv.get(k).split(",");
      assertEquals(3, row.length, csv.get(k));
      assertEquals(k, Integer.parseInt(row[0]));
      Double.parseDouble(row[1]);
      Double.parseDouble(row[2]);
    }
  }
}

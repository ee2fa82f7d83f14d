package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Command lines of the stock scripts, as the scripts write them, and `hadoop jar` to run them:
 * Hadoop's RunJar in a fresh JVM on a given Hadoop class path, with a configuration directory first
 * on it as HADOOP_CONF_DIR puts it. StockScriptLinesTest runs them on HDFS, HadoopLinesTest on
 * every Hadoop line.
 */
final class StockScriptLines {
  static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
  static final String DATATOOLS = HOME.resolve("datatools/target/datatools.jar").toString();
  static final String EXAMPLES = HOME.resolve("examples/target/examples.jar").toString();
  static final String TPCX_HS = HOME.resolve("tpcx-hs/target/tpcx-hs.jar").toString();

  // TPCx-HS-master.sh (MapReduce), after `hadoop jar $HSSORT_JAR`; split at blanks, as the shell does
  static final String KIT_HSGEN = "HSGen -Dmapreduce.job.maps=$NUM_MAPS -Dmapreduce.job.reduces=$NUM_REDUCERS "
      + "-Dmapred.map.tasks=$NUM_MAPS -Dmapred.reduce.tasks=$NUM_REDUCERS $hssize /${FILE_BASE}/input";
  static final String KIT_HSSORT = "HSSort -Dmapreduce.job.maps=$NUM_MAPS -Dmapreduce.job.reduces=$NUM_REDUCERS "
      + "-Dmapred.map.tasks=$NUM_MAPS -Dmapred.reduce.tasks=$NUM_REDUCERS  /${FILE_BASE}/input /${FILE_BASE}/output";
  static final String KIT_HSVALIDATE = "HSValidate /${FILE_BASE}/output  /${FILE_BASE}/validate";

  /** HiBench 7 sql/*\/prepare/prepare.sh: run_hadoop_job ${DATATOOLS} HiBench.DataGen ${OPTION}. */
  static final String HIBENCH7_HIVE_PREPARE = "HiBench.DataGen -t hive -b ${HIVE_BASE_HDFS} "
      + "-n ${HIVE_INPUT} -m ${NUM_MAPS} -r ${NUM_REDS} -p ${PAGES} -v ${USERVISITS} -o sequence";

  /** HiBench 7's bin/workloads/micro/dfsioe/prepare/prepare.sh. */
  static final String HIBENCH7_DFSIOE_PREPARE = """
      run_hadoop_job ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh                \\
          -Dmapreduce.map.java.opts=\\"-Dtest.build.data=${INPUT_HDFS} ${MAP_JAVA_OPTS}\\"    \\
          -Dmapreduce.reduce.java.opts=\\"-Dtest.build.data=${INPUT_HDFS} ${RED_JAVA_OPTS}\\" \\
          -Dtest.build.data=${INPUT_HDFS}                                                 \\
          -write -skipAnalyze -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 4096
      """;

  /** HiBench 7's bin/workloads/micro/dfsioe/hadoop/run_read.sh (it also exports HADOOP_OPTS with test.build.data). */
  static final String HIBENCH7_RUN_READ = """
      OPTION="-read -nrFiles ${RD_NUM_OF_FILES} -fileSize ${RD_FILE_SIZE} -bufferSize 131072 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal -Dtest.build.data=${INPUT_HDFS}"
      run_hadoop_job ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh              \\
          -Dmapreduce.map.java.opts="-Dtest.build.data=${INPUT_HDFS} $MAP_JAVA_OPTS"    \\
          -Dmapreduce.reduce.java.opts="-Dtest.build.data=${INPUT_HDFS} $RED_JAVA_OPTS" \\
          ${OPTION} -resFile ${WORKLOAD_RESULT_FOLDER}/result_read.txt                  \\
          -tputFile ${WORKLOAD_RESULT_FOLDER}/throughput_read.csv
      """;

  /** HiBench 7's bin/workloads/micro/dfsioe/hadoop/run_write.sh, its OPTION and run_hadoop_job lines. */
  static final String HIBENCH7_RUN_WRITE = """
      OPTION="-write -nrFiles ${WT_NUM_OF_FILES} -fileSize ${WT_FILE_SIZE} -bufferSize 4096 -plotInteval 1000 -sampleUnit m -sampleInteval 200 -sumThreshold 0.5 -tputReportTotal -Dtest.build.data=${INPUT_HDFS}"
      run_hadoop_job ${DATATOOLS} org.apache.hadoop.fs.dfsioe.TestDFSIOEnh              \\
          -Dmapreduce.map.java.opts=" -Dtest.build.data=${INPUT_HDFS} $MAP_JAVA_OPTS "    \\
          -Dmapreduce.reduce.java.opts=" -Dtest.build.data=${INPUT_HDFS} $RED_JAVA_OPTS " \\
          ${OPTION} -resFile ${WORKLOAD_RESULT_FOLDER}/result_write.txt                 \\
          -tputFile ${WORKLOAD_RESULT_FOLDER}/throughput_write.csv
      """;

  /** HiBench 7's bin/workloads/micro/wordcount/prepare/prepare.sh (run-hadoop-job: the function under its older name). */
  static final String HIBENCH7_WORDCOUNT_PREPARE = """
      run_hadoop_job ${HADOOP_EXAMPLES_JAR} randomtextwriter \\
          -D mapreduce.randomtextwriter.totalbytes=${DATASIZE} \\
          -D mapreduce.randomtextwriter.bytespermap=$(( ${DATASIZE} / ${NUM_MAPS} )) \\
          -D mapreduce.job.maps=${NUM_MAPS} \\
          -D mapreduce.job.reduces=${NUM_REDS} \\
          ${INPUT_HDFS}
      """;

  /** HiBench 7's bin/workloads/micro/wordcount/hadoop/run.sh. */
  static final String HIBENCH7_WORDCOUNT_RUN = """
      run_hadoop_job ${HADOOP_EXAMPLES_JAR} wordcount \\
          -D mapreduce.job.maps=${NUM_MAPS} \\
          -D mapreduce.job.reduces=${NUM_REDS} \\
          -D mapreduce.inputformat.class=org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat \\
          -D mapreduce.outputformat.class=org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat \\
          -D mapreduce.job.inputformat.class=org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat \\
          -D mapreduce.job.outputformat.class=org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat \\
          ${INPUT_HDFS} ${OUTPUT_HDFS}
      """;

  /** HiBench 7's bin/workloads/micro/terasort/prepare/prepare.sh: DATASIZE is a row count there. */
  static final String HIBENCH7_TERASORT_PREPARE = """
      run_hadoop_job ${HADOOP_EXAMPLES_JAR} teragen \\
          -D mapreduce.job.maps=${NUM_MAPS} \\
          -D mapreduce.job.reduces=${NUM_REDS} \\
          ${DATASIZE} ${INPUT_HDFS}
      """;

  /** HiBench 7's bin/workloads/micro/terasort/hadoop/run.sh. */
  static final String HIBENCH7_TERASORT_RUN = """
      run_hadoop_job ${HADOOP_EXAMPLES_JAR} terasort \\
          -D ${REDUCER_CONFIG_NAME}=${NUM_REDS} \\
          ${INPUT_HDFS} ${OUTPUT_HDFS}
      """;

  private StockScriptLines() {}

  /** A `hadoop` command: its class path (configuration directory first) and where it runs. */
  record Hadoop(String classPath, File workDir) {
    /** `hadoop jar JAR LINE`: the line split at blanks as the shell splits it. */
    List<String> jar(String jar, String line) throws Exception {
      List<String> args = new ArrayList<>(List.of(jar));
      args.addAll(Arrays.asList(line.trim().split("\\s+")));
      return runJar(args, List.of());
    }

    /** What `hadoop jar` does with {@code jarAndArgs}: RunJar in a fresh JVM, {@code jvmFlags} as HADOOP_OPTS adds them. */
    List<String> runJar(List<String> jarAndArgs, List<String> jvmFlags) throws Exception {
      return java("org.apache.hadoop.util.RunJar", jarAndArgs, jvmFlags, 0);
    }

    /** {@code main} of a class on this class path in a fresh JVM; returns its output, checking its exit status. */
    List<String> java(String main, List<String> args, List<String> jvmFlags, int expectedStatus) throws Exception {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
      command.addAll(io.hibenchdse.node.ChildJvm.extraOptions()); // the tests' quicker JIT, as for every child
      command.addAll(jvmFlags);
      command.addAll(List.of("-cp", classPath, main));
      command.addAll(args);
      File out = File.createTempFile("hadoop-", ".out", workDir);
      Process p = new ProcessBuilder(command).directory(workDir).redirectErrorStream(true).redirectOutput(out).start();
      assertTrue(p.waitFor(180, TimeUnit.SECONDS), "finished in time: " + args);
      List<String> lines = Files.readAllLines(out.toPath());
      assertEquals(expectedStatus, p.exitValue(), main + " " + args + "\n" + String.join("\n", lines));
      return lines;
    }
  }

  /**
   * Runs a script's lines, verbatim, in bash with {@code vars} set, where `hadoop` only reports
   * its arguments, and returns what `hadoop jar` was given: the jar and the arguments exactly as
   * the script's quoting and word splitting made them. HiBench 7's run_hadoop_job is modelled on
   * its workload_functions.sh: it flattens its arguments into one command string, which
   * execute_withlog runs as `$CMD` (output piped: split at blanks, quotes kept) or, on a
   * terminal, through execute_with_log.py's shell (quotes parsed again).
   */
  static List<String> scriptArgs(String script, Map<String, String> vars, File confDir, boolean terminal) throws Exception {
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
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), script);
    return Arrays.asList(out.substring(0, out.length() - 1).split("\0", -1));
  }

  static String expand(String line, Map<String, String> vars) {
    for (Map.Entry<String, String> v : vars.entrySet()) {
      line = line.replace("$" + v.getKey(), v.getValue()).replace("${" + v.getKey() + "}", v.getValue());
    }
    return line;
  }

  /** The job's counters block, as Job.waitForCompletion(true) prints it, holds {@code name=<n>}, n > 0. */
  static void assertJobCounter(List<String> log, String name) {
    String all = String.join("\n", log);
    int at = all.lastIndexOf("\nCounters: ");
    assertTrue(at >= 0, "no counters printed:\n" + all);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\n\\s+" + name + "=(\\d+)\n").matcher(all.substring(at) + "\n");
    assertTrue(m.find() && Long.parseLong(m.group(1)) > 0, name + " in\n" + all.substring(at));
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

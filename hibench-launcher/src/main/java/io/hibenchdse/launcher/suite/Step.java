package io.hibenchdse.launcher.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * One command of a suite run: a workload of one of the suite's jars with its arguments, exactly as
 * {@code hadoop jar <jar> <args>} takes them (for YCSB, as {@code bin/hibench ycsb} does), and what
 * runs it. Preparation steps generate data, warm-ups ready the storage unmeasured; measured ones are
 * what the report is about.
 */
public record Step(String suiteWorkload, SuiteJar jar, List<String> args, Role role) {
  /** What a step is for. */
  public enum Role { PREPARE, WARMUP, MEASURE }

  /** A Hadoop tool of the suite's jar {@code jar}. */
  static Step tool(String suiteWorkload, SuiteJar jar, List<String> args, Role role) {
    return new Step(suiteWorkload, jar, args, role);
  }

  /** A HiveBench query, run by the Hive JVM (the plan's {@code hive-runner}). */
  static Step hiveQuery(String suiteWorkload, List<String> args, Role role) {
    return new Step(suiteWorkload, SuiteJar.HIVE_RUNNER, args, role);
  }

  /** A Spark workload, run by a Spark JVM of its own (the plan's {@code spark-runner}). */
  static Step sparkJob(String suiteWorkload, List<String> args, Role role) {
    return new Step(suiteWorkload, SuiteJar.SPARK_RUNNER, args, role);
  }

  /** A YCSB phase ({@code load|run binding ...}), run as {@code bin/hibench ycsb} runs it. */
  static Step ycsbPhase(String suiteWorkload, List<String> args, Role role) {
    return new Step(suiteWorkload, SuiteJar.YCSB, args, role);
  }

  public String workload() {
    return args.get(0);
  }

  /** What runs it: a Hadoop tool in this JVM (or the user's client), Hive's JVM, a Spark JVM or a YCSB JVM. */
  public SuiteJar.Runner runner() {
    return jar.runner();
  }

  public boolean measured() {
    return role == Role.MEASURE;
  }

  /**
   * The step with a setting added where its tool reads one: for a Hadoop tool or a Hive query a
   * generic option after the workload name (ToolRunner's), for YCSB a property at the end ({@code -p}).
   */
  public Step withOption(String key, String value) {
    List<String> all = new ArrayList<>(args);
    if (runner() == SuiteJar.Runner.YCSB) {
      all.addAll(List.of("-p", key + "=" + value));
    } else {
      all.addAll(1, List.of("-D", key + "=" + value));
    }
    return new Step(suiteWorkload, jar, List.copyOf(all), role);
  }
}

package io.hibenchdse.launcher.suite;

import java.util.ArrayList;
import java.util.List;

/**
 * One command of a suite run: a workload of one of the suite's jars with its arguments, exactly as
 * {@code hadoop jar <jar> <args>} takes them (for YCSB, as {@code bin/hibench ycsb} does).
 * Preparation steps generate data, warm-ups ready the storage unmeasured; measured ones are what
 * the report is about.
 */
public record Step(String suiteWorkload, String jar, List<String> args, Role role) {
  /** What a step is for. */
  public enum Role { PREPARE, WARMUP, MEASURE }

  public String workload() {
    return args.get(0);
  }

  public boolean measured() {
    return role == Role.MEASURE;
  }

  /**
   * The step with a setting added where its tool reads one: for a Hadoop tool a generic option
   * after the workload name (ToolRunner's), for YCSB a property at the end ({@code -p}).
   */
  public Step withOption(String key, String value) {
    List<String> all = new ArrayList<>(args);
    if (jar.equals(YcsbWorkload.JAR)) {
      all.addAll(List.of("-p", key + "=" + value));
    } else {
      all.addAll(1, List.of("-D", key + "=" + value));
    }
    return new Step(suiteWorkload, jar, List.copyOf(all), role);
  }
}

package io.hibenchdse.launcher.suite;

import java.util.List;

/**
 * One command of a suite run: a workload of one of the suite's jars with its arguments, exactly as
 * {@code hadoop jar <jar> <args>} takes them. Preparation steps generate data; measured ones are
 * what the report is about.
 */
public record Step(String suiteWorkload, String jar, List<String> args, boolean measured) {
  public String workload() {
    return args.get(0);
  }

  /** The step with a generic option inserted after the workload name, where ToolRunner reads it. */
  public Step withOption(String key, String value) {
    List<String> all = new java.util.ArrayList<>(args);
    all.addAll(1, List.of("-D", key + "=" + value));
    return new Step(suiteWorkload, jar, List.copyOf(all), measured);
  }
}

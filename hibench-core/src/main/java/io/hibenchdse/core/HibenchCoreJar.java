package io.hibenchdse.core;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** Main-Class of hibench-core.jar: {@code hadoop jar hibench-core.jar wordcount IN OUT}. */
public final class HibenchCoreJar {
  public static final List<Workload> WORKLOADS = Arrays.asList(
      new Workload(RandomTextWriter.NAME,
          "A map-only job that writes random text records (the WordCount and Sort input).",
          RandomTextWriter::new),
      new Workload(WordCount.NAME, "Counts the words of the input files.", WordCount::new),
      new Workload(Sort.NAME, "Sorts SequenceFile records by key.", Sort::new));

  public static final WorkloadDriver DRIVER = new WorkloadDriver("hibench-core", WORKLOADS);

  private HibenchCoreJar() {}

  public static void main(String[] args) {
    System.exit(DRIVER.run(new Configuration(), args, System.err));
  }
}

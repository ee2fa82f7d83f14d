package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.UsageException;
import io.hibenchdse.core.Workload;
import io.hibenchdse.core.WorkloadDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** What the suite is made of: its jars with their workloads, and the workloads benchmarks.lst names. */
public final class Suite {
  static final List<SuiteWorkload> WORKLOADS = Stream.concat(Stream.of(MicroWorkload.WORDCOUNT,
      MicroWorkload.SORT, DfsioeWorkload.WRITE, DfsioeWorkload.READ, new TpcxHsWorkload(), HiveBenchWorkload.SCAN,
      HiveBenchWorkload.AGGREGATION, HiveBenchWorkload.JOIN), Stream.concat(Stream.of(SparkBenchWorkload.values()),
      Stream.of(YcsbWorkload.values()))).toList();

  private Suite() {}

  /** Every runnable workload of every jar, for {@code bin/hibench <workload>}. */
  public static WorkloadDriver allWorkloads() {
    Map<String, Workload> all = new LinkedHashMap<>();
    for (SuiteJar jar : SuiteJar.values()) {
      if (jar.runner() != SuiteJar.Runner.HADOOP) {
        continue;
      }
      for (Workload w : jar.driver().workloads()) {
        all.putIfAbsent(w.name(), w);
      }
    }
    return new WorkloadDriver("hibench", List.copyOf(all.values()));
  }

  static SuiteWorkload workload(String name) {
    for (SuiteWorkload w : WORKLOADS) {
      if (w.suiteName().equals(name)) {
        return w;
      }
    }
    throw new UsageException("unknown workload '" + name + "' in the benchmark list; known: "
        + String.join(", ", WORKLOADS.stream().map(SuiteWorkload::suiteName).toList()));
  }

  /** The workloads of a HiBench-style list: one name a line, '#' starts a comment. */
  static List<SuiteWorkload> readList(Path list) throws IOException {
    if (!Files.isReadable(list) || Files.isDirectory(list)) {
      throw new UsageException("benchmark list " + list + " does not exist");
    }
    List<SuiteWorkload> workloads = new ArrayList<>();
    for (String line : Files.readAllLines(list)) {
      String name = line.replaceFirst("#.*", "").trim();
      if (!name.isEmpty()) {
        workloads.add(workload(name));
      }
    }
    if (workloads.isEmpty()) {
      throw new UsageException("benchmark list " + list + " names no workload");
    }
    return workloads;
  }
}

package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.HibenchCoreJar;
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
  /** Each jar's driver by jar name, as the plan names them. */
  public static final Map<String, WorkloadDriver> JARS = Map.of("hibench-core", HibenchCoreJar.DRIVER,
      "dfsio-enhanced", io.hibenchdse.dfsio.DfsioEnhancedJar.DRIVER, "tpcx-hs", io.hibenchdse.tpcxhs.TpcxHsJar.DRIVER,
      "hive-datagen", io.hibenchdse.hive.HiveDataGenJar.DRIVER);

  static final List<SuiteWorkload> WORKLOADS = Stream.concat(Stream.of(MicroWorkload.WORDCOUNT,
      MicroWorkload.SORT, DfsioeWorkload.WRITE, DfsioeWorkload.READ, new TpcxHsWorkload(), HiveBenchWorkload.SCAN,
      HiveBenchWorkload.AGGREGATION, HiveBenchWorkload.JOIN), Stream.of(YcsbWorkload.values())).toList();

  private Suite() {}

  /** Every runnable workload of every jar, for {@code bin/hibench <workload>}. */
  public static WorkloadDriver allWorkloads() {
    Map<String, Workload> all = new LinkedHashMap<>();
    for (WorkloadDriver d : List.of(JARS.get("hibench-core"), JARS.get("dfsio-enhanced"), JARS.get("tpcx-hs"),
        JARS.get("hive-datagen"))) {
      for (Workload w : d.workloads()) {
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

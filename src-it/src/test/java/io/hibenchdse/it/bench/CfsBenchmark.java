package io.hibenchdse.it.bench;

import io.hibenchdse.cassandra.CassandraSettings;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.TestData;
import io.hibenchdse.launcher.storage.EmbeddedCfs;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import io.hibenchdse.launcher.storage.EmbeddedStorage;
import java.io.File;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * DFSIOE write and read on cfs:// (a Cassandra node in a child JVM) and on HDFS with one DataNode
 * twice: in a JVM of its own, as deployed (the fair comparison), and in the client's JVM, as the
 * earlier figures were measured; and the same bytes through plain CQL on cfs://'s node, the limit
 * of what cfs:// can get from it ({@link PlainCqlTransfer}); all on the same disk, same files and
 * sizes, rotating which goes first. Run it with scripts/bench/cfs.sh.
 */
@Command(name = "cfs.sh", mixinStandardHelpOptions = true)
public final class CfsBenchmark implements Callable<Integer> {
  private static final double MB = 1 << 20;

  @Option(names = "--runs", defaultValue = "7",
      description = "Measured rounds; 3 proved too few, two runs of 3 gave write ratios 0.57 and 0.33 (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(names = "--warmup", defaultValue = "2",
      description = "Unmeasured rounds first: a fresh Cassandra node compiles its hot paths for minutes (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--files", defaultValue = "4", description = "Files, one map each (default: ${DEFAULT-VALUE}).")
  int files;

  @Option(names = "--mb", defaultValue = "256", description = "MB per file (default: ${DEFAULT-VALUE}).")
  int mb;

  @Option(names = "--dir", defaultValue = "target/bench-cfs", description = "Where both keep their data: the disk to measure (default: ${DEFAULT-VALUE}).")
  File dir;

  @Option(names = "--cfs", paramLabel = "KEY=VALUE",
      description = "A cfs:// client setting for this run, e.g. cfs.durable.writes=false or fs.local.subblock.size=8m; repeatable.")
  Map<String, String> cfsSettings = new LinkedHashMap<>();

  @Option(names = "--json", description = "Also write the figures to this JSON file.")
  File json;

  @Option(names = "--drop-caches",
      description = "Empty the page cache (sync; /proc/sys/vm/drop_caches, needs root) before each read, so both read from disk.")
  boolean dropCaches;

  private static final List<ProcessHandle> CLIENT = List.of(ProcessHandle.current());
  /** The same bytes through plain CQL on cfs://'s node: its limit (PlainCqlTransfer). */
  private static final String CQL = "cql";

  private final PrintStream out = System.out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new CfsBenchmark()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    EmbeddedCfs.check(cfsSettings);
    FileUtil.fullyDelete(dir);
    dir.mkdirs();
    Map<String, List<Double>> figures = new LinkedHashMap<>();
    Map<String, String> durability = new LinkedHashMap<>();
    Map<String, Double> wholeRun = new LinkedHashMap<>();
    try (EmbeddedStorage hdfs = EmbeddedHdfs.start(new File(dir, "hdfs"), 1, true);
        EmbeddedStorage inJvm = EmbeddedHdfs.start(new File(dir, "hdfs-in-jvm"), 1, false);
        EmbeddedStorage cfs = EmbeddedCfs.start(new File(dir, "cassandra"), CassandraSettings.BENCHMARK, 1, 1)
            .with(cfsSettings)) {
      Map<String, EmbeddedStorage> storages = new LinkedHashMap<>();
      storages.put("hdfs", hdfs);
      storages.put("hdfs-in-jvm", inJvm);
      storages.put("cfs", cfs);
      Map<String, Configuration> targets = new LinkedHashMap<>();
      storages.forEach((name, storage) -> {
        targets.put(name, TestData.localConf(storage.conf(), new File(dir, "mr-" + name)));
        durability.put(name, storage.describe());
      });
      out.printf("cfs benchmark: DFSIOE, %d rounds after %d warm-up rounds, %d files x %d MB, local job runner (%s maps at once), reads from %s, %s%n",
          runs, warmup, files, mb, targets.get("hdfs").get("mapreduce.local.map.tasks.maximum"),
          dropCaches ? "disk (page cache dropped)" : "the page cache", dir.getAbsolutePath());
      durability.forEach((k, v) -> out.printf("  %-11s %s%n", k, v));
      Map<String, ProcessCost> atStart = new LinkedHashMap<>();
      storages.forEach((name, storage) -> atStart.put(name, ProcessCost.of(storage.serverProcesses())));
      // the first cfs:// client creates the tables that plain CQL writes into
      java.net.URI cfsUri = FileSystem.getDefaultUri(targets.get("cfs"));
      FileSystem.get(cfsUri, targets.get("cfs")).getFileStatus(new Path("/"));
      try (PlainCqlTransfer cql = new PlainCqlTransfer(cfsUri, targets.get("cfs"),
          targets.get("cfs").getInt("mapreduce.local.map.tasks.maximum", 1))) {
        for (int round = 1 - warmup; round <= runs; round++) {
          boolean warm = round <= 0;
          List<String> order = new ArrayList<>(targets.keySet());
          order.add(CQL);
          java.util.Collections.rotate(order, Math.floorMod(round, order.size()));
          for (String target : order) {
            for (String mode : new String[] {"write", "read"}) {
              if (mode.equals("read") && dropCaches) {
                dropPageCache();
              }
              List<ProcessHandle> servers = storages.get(target.equals(CQL) ? "cfs" : target).serverProcesses();
              ProcessCost server0 = ProcessCost.of(servers);
              ProcessCost client0 = ProcessCost.of(CLIENT);
              double perMap;
              double aggregated;
              double seconds;
              if (target.equals(CQL)) {
                PlainCqlTransfer.Result r = mode.equals("write") ? cql.write(files, mb) : cql.read();
                perMap = r.perMapMbSec;
                aggregated = r.aggregatedMbSec;
                seconds = r.seconds;
              } else {
                RunResult r = dfsioe(targets.get(target), mode);
                perMap = (Double) r.metrics().get("throughputMbSec");
                aggregated = ((Number) r.metrics().get("aggregatedThroughputBytesPerSec")).doubleValue() / MB;
                seconds = r.durationSec();
              }
              ProcessCost server = ProcessCost.of(servers).minus(server0);
              ProcessCost client = ProcessCost.of(CLIENT).minus(client0);
              double gib = files * (double) mb / 1024;
              String cost = servers.isEmpty()
                  ? String.format(Locale.ROOT, "CPU: client and DataNode %5.1f s/GiB", client.cpuSec / gib)
                  : String.format(Locale.ROOT, "CPU: node %5.1f s/GiB, client %5.1f s/GiB%s", server.cpuSec / gib, client.cpuSec / gib,
                      mode.equals("write") && server.diskWriteBytes >= 0
                          ? String.format(Locale.ROOT, "; node's disk writes %.2f x the data", server.diskWriteBytes / (gib * (1 << 30))) : "");
              out.printf(Locale.ROOT, "%-8s %-11s %-5s aggregated %8.1f MB/s  per map %8.1f MB/s  (%.1f s)  %s%n",
                  warm ? "warm-up" : "round " + round, target, mode, aggregated, perMap, seconds, cost);
              if (!warm) {
                figures.computeIfAbsent(target + " " + mode + " aggregated", k -> new ArrayList<>()).add(aggregated);
                figures.computeIfAbsent(target + " " + mode + " per map", k -> new ArrayList<>()).add(perMap);
                String who = servers.isEmpty() ? " client+datanode" : " node";
                figures.computeIfAbsent(target + " " + mode + who + " cpu s/GiB", k -> new ArrayList<>())
                    .add((servers.isEmpty() ? client.cpuSec : server.cpuSec) / gib);
                if (!servers.isEmpty()) {
                  figures.computeIfAbsent(target + " " + mode + " client cpu s/GiB", k -> new ArrayList<>()).add(client.cpuSec / gib);
                }
              }
            }
          }
        }
        // Over the whole run, flushes and compactions that came after a write included
        double written = (warmup + runs) * files * (double) mb * MB;
        storages.forEach((name, storage) -> {
          ProcessCost total = ProcessCost.of(storage.serverProcesses()).minus(atStart.get(name));
          if (!storage.serverProcesses().isEmpty() && total.diskWriteBytes >= 0) {
            wholeRun.put(name + " disk writes / data written", total.diskWriteBytes / written);
            out.printf(Locale.ROOT, "whole run: %-11s servers wrote %.2f x the data to disk, %.1f CPU s%n", name,
                total.diskWriteBytes / written, total.cpuSec);
          }
        });
      } finally {
        // Close the cached cfs:// clients while their node still runs.
        FileSystem.closeAll();
      }
    }
    out.println();
    Map<String, Double> ratios = new LinkedHashMap<>();
    for (String mode : new String[] {"write", "read"}) {
      double target = mode.equals("write") ? 0.5 : 0.7;
      for (String storage : new String[] {"hdfs", "cfs", CQL}) {
        out.printf(Locale.ROOT, "%-5s %-4s median CPU: node %5.1f s/GiB, client %5.1f s/GiB%n", mode, storage,
            Figures.median(figures.get(storage + " " + mode + " node cpu s/GiB")),
            Figures.median(figures.get(storage + " " + mode + " client cpu s/GiB")));
      }
      for (String metric : new String[] {"aggregated", "per map"}) {
        double h = Figures.median(figures.get("hdfs " + mode + " " + metric));
        double j = Figures.median(figures.get("hdfs-in-jvm " + mode + " " + metric));
        double c = Figures.median(figures.get("cfs " + mode + " " + metric));
        double q = Figures.median(figures.get(CQL + " " + mode + " " + metric));
        ratios.put(mode + " " + metric + " cfs/hdfs", c / h);
        ratios.put(mode + " " + metric + " cfs/hdfs-in-jvm", c / j);
        ratios.put(mode + " " + metric + " cfs/" + CQL, c / q);
        out.printf(Locale.ROOT, "%-5s %-10s median: hdfs %8.1f MB/s  cfs %8.1f MB/s  cfs/hdfs %.3f (target >= %.2f);"
            + " hdfs-in-jvm %8.1f MB/s, cfs/hdfs-in-jvm %.3f; plain CQL %8.1f MB/s, cfs/cql %.3f%n",
            mode, metric, h, c, c / h, target, j, c / j, q, c / q);
      }
    }
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("runs", runs);
    all.put("warmup", warmup);
    all.put("files", files);
    all.put("mbPerFile", mb);
    all.put("pageCacheDropped", dropCaches);
    all.put("durability", durability);
    all.put("figures", figures);
    all.put("ratios", ratios);
    all.put("wholeRun", wholeRun);
    Figures.write(json, all);
    FileUtil.fullyDelete(dir);
    return 0;
  }

  private static void dropPageCache() throws Exception {
    if (new ProcessBuilder("sync").inheritIO().start().waitFor() != 0) {
      throw new IllegalStateException("sync failed");
    }
    try {
      java.nio.file.Files.writeString(java.nio.file.Path.of("/proc/sys/vm/drop_caches"), "3");
    } catch (java.io.IOException e) {
      throw new IllegalStateException("--drop-caches needs root: cannot write /proc/sys/vm/drop_caches (" + e.getMessage() + ")");
    }
  }

  private RunResult dfsioe(Configuration conf, String mode) {
    Configuration c = new Configuration(conf);
    c.set("test.build.data", "/bench/dfsioe");
    return Figures.dfsioe(c, mode, files, mb, dir, "-plotInterval", "50");
  }

}

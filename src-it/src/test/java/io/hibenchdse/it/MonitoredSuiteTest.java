package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.launcher.Hibench;
import io.hibenchdse.monitor.HostFigures;
import io.hibenchdse.monitor.Hosts;
import io.hibenchdse.monitor.LocalHost;
import io.hibenchdse.monitor.Monitor;
import io.hibenchdse.monitor.Series;
import io.hibenchdse.monitor.Utilization;
import io.hibenchdse.tiers.FullTier;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite run sampled by the monitor, and beside it by sysstat's sar: every measured record says
 * what each host and named server process used, the samples are in report/monitor/, the page shows
 * them; and over the same seconds the monitor's CPU, loopback and disk figures are sar's, within 10%.
 * A steady synced write runs beside the suite: the suite's own writes mostly stay in the page
 * cache, and the few writeback bursts that reach the disk in a short run decide a 10% comparison
 * by which side of a window's edge they fall on.
 */
@FullTier
class MonitoredSuiteTest {
  @TempDir Path dir;

  @Test
  void aSuiteRunSampledBesideSar() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/sar")), "no sar: apt-get install sysstat (.ci/run does)");
    // sar's figures are the machine's: no case of the other fork beside the suite
    MachineShare.alone(() -> {
      sampledBesideSar();
      return null;
    });
  }

  private void sampledBesideSar() throws Exception {
    Path list = dir.resolve("benchmarks.lst");
    Files.writeString(list, "wordcount\ndfsioe-write\n");
    Path report = dir.resolve("report");
    ProcessBuilder sarCommand = new ProcessBuilder("sar", "-u", "-n", "DEV", "-d", "-p", "1")
        .redirectOutput(dir.resolve("sar.txt").toFile()).redirectErrorStream(true);
    sarCommand.environment().putAll(Map.of("LC_ALL", "C", "S_TIME_FORMAT", "ISO"));
    // sar reads its counters at its start and every second after: its rows are the seconds from
    // here, to within its start-up, where its printed times would be up to a second off (a
    // writeback burst at an edge then falls on one side only)
    long sarStart = System.currentTimeMillis();
    Process sar = sarCommand.start();
    Monitor beside = Monitor.start(1000, Hosts.of(List.of(), new HashMap<>()), List::of, System.err, Map.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status;
    Series series;
    SteadyWrites load = null;
    try {
      load = new SteadyWrites(dir.resolve("steady-writes"));
      // eight runs of each: sar's one-second rows need the suite busy for more than ten seconds, on
      // a machine twice as fast as this project's too (about 3 s a round here, 4 s to start)
      status = Hibench.run(new String[] {"run", "--benchmarks", list.toString(), "--runs", "8", "--warmup", "0", "--report-dir",
          report.toString(), "--work-dir", dir.resolve("work").toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    } finally {
      series = beside.stop();
      new ProcessBuilder("kill", "-INT", Long.toString(sar.pid())).start().waitFor(); // sar prints its averages and ends
      if (!sar.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        sar.destroyForcibly().waitFor();
      }
      if (load != null) {
        load.close(); // last: both instruments have stopped, and a failed load still ends them
      }
    }
    assertEquals(0, status, out.toString(StandardCharsets.UTF_8));

    List<RunResult> records = new ArrayList<>();
    for (String line : Files.readAllLines(report.resolve(Results.JSON_FILE))) {
      records.add(JsonLinesExporter.fromJson(line));
    }
    assertEquals(16, records.size());
    for (RunResult r : records) {
      Utilization u = r.utilization(Utilization.class);
      assertEquals(1, u.hosts().size(), r.type() + ": " + u);
      HostFigures h = u.hosts().values().iterator().next();
      assertTrue(h.cpuUserPct() > 0 && h.memoryUsedPct() > 0 && h.durationSec() > 0.9 * r.durationSec(), r.type() + ": " + h);
      assertTrue(u.processes().containsKey("launcher") && u.processes().containsKey("DataNode 1"), r.type() + ": " + u.processes().keySet());
      assertTrue(u.processes().get("launcher").cpuPct() > 0, r.type() + ": " + u.processes());
      String series1 = r.configuration().get(HibenchConfigKeys.MONITOR_SERIES);
      assertTrue(Files.exists(report.resolve("monitor").resolve(series1 + "-hosts.csv")), series1);
      assertTrue(Files.exists(report.resolve("monitor").resolve(series1 + "-processes.csv")), series1);
    }
    String page = Files.readString(report.resolve("index.html"));
    assertTrue(page.contains("What each host used") && page.contains("What each server process used"), "the page's tables");
    assertTrue(Files.exists(report.resolve("charts").resolve("dfsioe-write-CPU-utilization.svg")), "the CPU chart");

    // sar's per-second rows: CPU 'all', the loopback, the disks the monitor counts
    Map<String, List<double[]>> sarRows = new HashMap<>();
    List<LocalTime> times = new ArrayList<>();
    List<String> disks = LocalHost.physicalDisks();
    for (String line : Files.readAllLines(dir.resolve("sar.txt"))) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 5 || !f[0].matches("\\d\\d:\\d\\d:\\d\\d") || !f[1].matches("all|[0-9.]+")) {
        continue;
      }
      if (f[1].equals("all")) {
        times.add(LocalTime.parse(f[0]));
        sarRows.computeIfAbsent("cpu", k -> new ArrayList<>()).add(new double[] {Double.parseDouble(f[2]), Double.parseDouble(f[4])});
      } else if (f[f.length - 1].equals("lo")) {
        sarRows.computeIfAbsent("lo", k -> new ArrayList<>()).add(new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4])});
      } else if (f.length >= 10 && f[f.length - 1].matches("[a-z]+") && !f[f.length - 1].startsWith("loop")) {
        sarRows.computeIfAbsent("disk:" + f[f.length - 1], k -> new ArrayList<>()).add(new double[] {Double.parseDouble(f[2]),
            Double.parseDouble(f[3])});
      }
    }
    assertTrue(times.size() > 10, "sar sampled: " + times.size() + " s");
    HostFigures ours = series.over(sarStart, sarStart + 1000L * times.size()).hosts().values().iterator().next();
    double[] cpu = mean(sarRows.get("cpu"));
    double[] lo = mean(sarRows.get("lo"));
    double[] disk = new double[2];
    sarRows.forEach((k, rows) -> {
      if (k.startsWith("disk:") && disks.contains(k.substring(5))) {
        double[] m = mean(rows);
        disk[0] += m[0];
        disk[1] += m[1];
      }
    });
    String both = "ours " + ours + "; sar's cpu " + List.of(cpu[0], cpu[1]) + ", lo " + List.of(lo[0], lo[1]) + ", disk "
        + List.of(disk[0], disk[1]);
    assertEquals(cpu[0], ours.cpuUserPct(), 0.10 * cpu[0], "CPU user: " + both);
    assertEquals(cpu[1], ours.cpuSystemPct(), 0.10 * cpu[1], "CPU system: " + both);
    assertEquals(lo[0], ours.loRxKBps(), 0.10 * lo[0], "loopback received: " + both);
    assertEquals(disk[1], ours.diskWriteKBps(), 0.10 * disk[1], "disk written: " + both);
    System.out.println("monitor against sar over " + times.size() + " s: " + both);
  }

  /** 256 KB written and synced every 50 ms (about 5 MB/s) over the same 8 MB, until closed, which throws what stopped it. */
  private static final class SteadyWrites implements AutoCloseable {
    private final Thread thread;
    private volatile boolean stopped;
    private volatile Exception failed;

    SteadyWrites(Path file) throws IOException {
      FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
          StandardOpenOption.WRITE);
      thread = new Thread(() -> {
        ByteBuffer block = ByteBuffer.allocate(256 * 1024);
        try (channel) {
          for (long position = 0; !stopped; position = (position + block.capacity()) % (8L << 20)) {
            block.clear();
            channel.write(block, position);
            channel.force(false);
            Thread.sleep(50);
          }
        } catch (IOException | InterruptedException e) {
          failed = e;
        }
      }, "steady-writes");
      thread.setDaemon(true);
      thread.start();
    }

    @Override
    public void close() throws Exception {
      stopped = true;
      thread.join();
      if (failed != null) {
        throw new IllegalStateException("the steady writes beside the suite stopped: " + failed, failed);
      }
    }
  }

  private static double[] mean(List<double[]> rows) {
    double[] m = new double[rows.get(0).length];
    for (double[] r : rows) {
      for (int i = 0; i < m.length; i++) {
        m[i] += r[i] / rows.size();
      }
    }
    return m;
  }
}

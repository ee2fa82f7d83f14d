package io.hibenchdse.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link Series} as CSV, a line per sample: {@code NAME-hosts.csv} (a host's figures per
 * interval, with the interval's end in epoch milliseconds) and {@code NAME-processes.csv}.
 */
public final class SeriesCsv {
  /** Where a report directory keeps its runs' samples. */
  public static final String DIR = "monitor";

  private SeriesCsv() {}

  public static void write(Series series, Path dir, String name) throws IOException {
    Files.createDirectories(dir);
    StringBuilder hosts = new StringBuilder("end_ms,host,seconds,cpu_user_pct,cpu_system_pct,cpu_iowait_pct,context_switches_per_s,"
        + "memory_used_pct,net_rx_kbps,net_tx_kbps,lo_rx_kbps,lo_tx_kbps,disk_read_kbps,disk_write_kbps,disk_reads_per_s,"
        + "disk_writes_per_s,io_await_ms\n");
    for (Series.HostSample s : series.hostSamples()) {
      HostFigures f = s.figures();
      hosts.append(String.format(Locale.ROOT, "%d,%s,%.3f,%.2f,%.2f,%.2f,%.1f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.3f%n",
          s.endMs(), s.host(), f.durationSec(), f.cpuUserPct(), f.cpuSystemPct(), f.cpuIowaitPct(), f.contextSwitchesPerSec(),
          f.memoryUsedPct(), f.netRxKBps(), f.netTxKBps(), f.loRxKBps(), f.loTxKBps(), f.diskReadKBps(), f.diskWriteKBps(),
          f.diskReadsPerSec(), f.diskWritesPerSec(), f.ioAwaitMs()));
    }
    Files.writeString(dir.resolve(name + "-hosts.csv"), hosts);
    StringBuilder processes = new StringBuilder("end_ms,process,pid,seconds,cpu_pct,rss_mb,read_kbps,write_kbps\n");
    for (Series.ProcessSample s : series.processSamples()) {
      ProcessFigures f = s.figures();
      processes.append(String.format(Locale.ROOT, "%d,%s,%d,%.3f,%.2f,%.1f,%.2f,%.2f%n", s.endMs(), s.name(), f.pid(),
          f.durationSec(), f.cpuPct(), f.rssMB(), f.readKBps(), f.writeKBps()));
    }
    Files.writeString(dir.resolve(name + "-processes.csv"), processes);
  }

  /** The host samples of {@code name} in {@code dir}, as {@link #write} wrote them; none if there is no such file. */
  public static List<Series.HostSample> readHosts(Path dir, String name) throws IOException {
    Path file = dir.resolve(name + "-hosts.csv");
    if (!Files.exists(file)) {
      return List.of();
    }
    List<Series.HostSample> samples = new ArrayList<>();
    List<String> lines = Files.readAllLines(file);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      double[] v = new double[f.length];
      for (int i = 2; i < f.length; i++) {
        v[i] = Double.parseDouble(f[i]);
      }
      samples.add(new Series.HostSample(f[1], Long.parseLong(f[0]), new HostFigures(v[3], v[4], v[5], v[6], v[7], v[8], v[9],
          v[10], v[11], v[12], v[13], v[14], v[15], v[16], v[2])));
    }
    return samples;
  }
}

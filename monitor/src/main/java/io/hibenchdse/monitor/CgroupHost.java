package io.hibenchdse.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A host that shares this machine's kernel: its processes in cgroups of their own (v1: cpuacct,
 * memory, blkio) and in a network namespace of their own, as {@code bin/hibench run --hosts} makes
 * them. Its readings are in {@code /proc}'s own form, from what the kernel counts for those groups:
 * CPU time as a share of the whole machine's (its cores, the interval), memory as its processes'
 * resident size against the machine's, the namespace's own interfaces (through a process in it),
 * and the disk I/O the blkio controller charges to the group: direct and synchronous I/O, not the
 * page cache's writeback, which cgroup v1 charges to no group.
 */
public final class CgroupHost extends PolledHost {
  private final String name;
  private final Path cpuacct;
  private final Path memory;
  private final Path blkio;
  private final long inNamespace;
  private final List<String> disks;
  /** The machine's memory, read once: it does not change while a host runs. */
  private final long totalKb;
  private final long startNanos = System.nanoTime();
  private final int cores = Runtime.getRuntime().availableProcessors();

  /**
   * The host {@code name}, whose cgroups are these directories and whose network namespace holds
   * process {@code inNamespace}; an IOException names what cannot be read.
   */
  public CgroupHost(String name, Path cpuacct, Path memory, Path blkio, long inNamespace) throws IOException {
    for (Path p : List.of(cpuacct.resolve("cpuacct.usage"), memory.resolve("memory.stat"),
        blkio.resolve("blkio.throttle.io_service_bytes_recursive"), Path.of("/proc", Long.toString(inNamespace), "net/dev"))) {
      if (!Files.isReadable(p)) {
        throw new IOException("not sampled: cannot read " + p);
      }
    }
    this.name = name;
    this.cpuacct = cpuacct;
    this.memory = memory;
    this.blkio = blkio;
    this.inNamespace = inNamespace;
    this.disks = LocalHost.physicalDisks();
    long memTotal = 0;
    for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
      if (line.startsWith("MemTotal:")) {
        memTotal = Long.parseLong(line.replaceAll("\\D", ""));
      }
    }
    this.totalKb = memTotal;
  }

  @Override
  public String host() {
    return name;
  }

  @Override
  protected ProcReading readFiles() throws IOException {
    // cpuacct.usage counts every nanosecond; its user and system parts come from the scheduler's
    // ticks, so they only split it. The columns are microseconds: HostCounters needs only their ratios.
    long used = number(cpuacct.resolve("cpuacct.usage")) / 1000;
    double userTicks = number(cpuacct.resolve("cpuacct.usage_user"));
    double systemTicks = number(cpuacct.resolve("cpuacct.usage_sys"));
    long user = userTicks + systemTicks == 0 ? used : Math.round(used * userTicks / (userTicks + systemTicks));
    // what the host did not use of the machine's cores since it was first read
    // (not clamped to the last reading's: the samples must add up to the groups' whole CPU time; a
    // sample may show a percent or two above the machine, as the counter lags the clock by a tick)
    long idle = Math.max(0, (System.nanoTime() - startNanos) / 1000 * cores - used);
    String stat = "cpu  " + user + " 0 " + (used - user) + " " + idle + " 0 0 0 0 0 0\nctxt 0\n";
    long rssKb = stat(memory.resolve("memory.stat"), "total_rss") / 1024;
    String meminfo = "MemTotal: " + totalKb + " kB\nMemFree: " + Math.max(0, totalKb - rssKb) + " kB\n";
    String netDev = Files.readString(Path.of("/proc", Long.toString(inNamespace), "net/dev"));
    return new ProcReading(name, 0, stat, meminfo, netDev, diskstats(), Files.readString(Path.of("/proc/loadavg")), disks,
        List.of("eth0"));
  }

  /** The group's I/O per device in {@code /proc/diskstats}' columns: reads, sectors read, writes, sectors written. */
  private String diskstats() throws IOException {
    Map<String, long[]> byDevice = new TreeMap<>();
    charge(byDevice, blkio.resolve("blkio.throttle.io_serviced_recursive"), 0);
    charge(byDevice, blkio.resolve("blkio.throttle.io_service_bytes_recursive"), 512);
    Map<String, String> names = new TreeMap<>();
    for (String line : Files.readAllLines(Path.of("/proc/diskstats"))) {
      String[] f = line.trim().split("\\s+");
      names.put(f[0] + ":" + f[1], f[2]);
    }
    StringBuilder text = new StringBuilder();
    byDevice.forEach((dev, c) -> text.append(dev.replace(':', ' ')).append(' ').append(names.getOrDefault(dev, dev))
        .append(' ').append(c[0]).append(" 0 ").append(c[1]).append(" 0 ").append(c[2]).append(" 0 ").append(c[3])
        .append(" 0 0 0 0\n"));
    return text.toString();
  }

  /**
   * Adds a blkio file's {@code MAJ:MIN Read N} and {@code MAJ:MIN Write N} lines to each device's
   * counters: counts (divisor 0) to reads and writes, bytes in sectors of {@code divisor} to sectors.
   */
  private static void charge(Map<String, long[]> byDevice, Path file, int divisor) throws IOException {
    for (String line : Files.readAllLines(file)) {
      String[] f = line.trim().split("\\s+");
      if (f.length == 3 && (f[1].equals("Read") || f[1].equals("Write"))) {
        long[] c = byDevice.computeIfAbsent(f[0], d -> new long[4]);
        long n = Long.parseLong(f[2]);
        int column = (f[1].equals("Read") ? 0 : 2) + (divisor == 0 ? 0 : 1);
        c[column] += divisor == 0 ? n : n / divisor;
      }
    }
  }

  private static long number(Path file) throws IOException {
    return Long.parseLong(Files.readString(file).trim());
  }

  private static long stat(Path file, String key) throws IOException {
    for (String line : Files.readAllLines(file)) {
      if (line.startsWith(key + " ")) {
        return Long.parseLong(line.substring(key.length() + 1).trim());
      }
    }
    return 0;
  }
}

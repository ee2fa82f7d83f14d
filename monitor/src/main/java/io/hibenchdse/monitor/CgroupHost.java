package io.hibenchdse.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * A host that shares this machine's kernel: its processes in cgroups of their own and in a network
 * namespace of their own, as {@code bin/hibench run --hosts} makes them, on cgroup v1 (a group
 * under each of cpuacct, memory and blkio) or v2 (one group of the unified hierarchy). Its
 * readings are in {@code /proc}'s own form, from what the kernel counts for those groups: CPU time
 * as a share of the whole machine's (its cores, the interval), memory as its processes' resident
 * anonymous memory against the machine's, the namespace's own interfaces (through a process in
 * it), and the disk I/O the groups are charged: on v1 direct and synchronous I/O only, as v1
 * charges the page cache's writeback to no group; on v2 the writeback too.
 *
 * <p>A v2 group has the memory and io controllers' files only where its hierarchy enables them
 * for it; without them its memory and disk figures are NaN (not sampled, not zero), and
 * {@link #unread} says why.
 */
public final class CgroupHost extends PolledHost {
  private final String name;
  private final boolean unified;
  private final Path cpu;
  /** The memory controller's group, or null where it cannot be read. */
  private final Path memory;
  /** The block I/O controller's group, or null where it cannot be read. */
  private final Path io;
  private final String unread;
  private final long inNamespace;
  private final Path proc;
  private final List<String> disks;
  /** The machine's memory, read once: it does not change while a host runs. */
  private final long totalKb;
  private final LongSupplier nanoTime;
  private final long startNanos;
  /** The groups' CPU time when the host was made, microseconds: a run's groups have counted since its hosts started. */
  private final long startUsed;
  private final int cores = Runtime.getRuntime().availableProcessors();

  /**
   * The host {@code name} of cgroup v1, whose groups are these directories and whose network
   * namespace holds process {@code inNamespace}; an IOException names what cannot be read.
   */
  public static CgroupHost v1(String name, Path cpuacct, Path memory, Path blkio, long inNamespace) throws IOException {
    return new CgroupHost(name, false, cpuacct, memory, blkio, inNamespace, Path.of("/proc"), Path.of("/sys/block"), System::nanoTime);
  }

  /**
   * The host {@code name} of cgroup v2, whose group is {@code group} and whose network namespace
   * holds process {@code inNamespace}; an IOException names what cannot be read.
   */
  public static CgroupHost v2(String name, Path group, long inNamespace) throws IOException {
    return new CgroupHost(name, true, group, group, group, inNamespace, Path.of("/proc"), Path.of("/sys/block"), System::nanoTime);
  }

  /** A host whose {@code /proc} and {@code /sys/block} are these directories, its clock {@code nanoTime}. */
  CgroupHost(String name, boolean unified, Path cpu, Path memory, Path io, long inNamespace, Path proc, Path sysBlock,
      LongSupplier nanoTime) throws IOException {
    Path memoryFile = memory.resolve("memory.stat");
    Path ioFile = io.resolve(unified ? "io.stat" : "blkio.throttle.io_service_bytes_recursive");
    List<Path> needed = new ArrayList<>(List.of(cpu.resolve(unified ? "cpu.stat" : "cpuacct.usage"),
        proc.resolve(Long.toString(inNamespace)).resolve("net/dev")));
    if (!unified) {
      needed.addAll(List.of(memoryFile, ioFile));
    }
    for (Path p : needed) {
      if (!Files.isReadable(p)) {
        throw new IOException("not sampled: cannot read " + p);
      }
    }
    this.name = name;
    this.unified = unified;
    this.cpu = cpu;
    this.memory = Files.isReadable(memoryFile) ? memory : null;
    this.io = Files.isReadable(ioFile) ? io : null;
    List<String> figures = new ArrayList<>();
    List<String> controllers = new ArrayList<>();
    if (this.memory == null) {
      figures.add("memory");
      controllers.add("memory");
    }
    if (this.io == null) {
      figures.add("disk I/O");
      controllers.add("io");
    }
    this.unread = figures.isEmpty() ? "" : String.join(" and ", figures) + " not sampled: " + cpu + " has no "
        + String.join(" or ", controllers.stream().map(c -> c + ".stat").toList()) + ": its hierarchy does not enable the "
        + String.join(" and ", controllers) + " controller" + (controllers.size() > 1 ? "s" : "") + " for it";
    this.inNamespace = inNamespace;
    this.proc = proc;
    this.disks = LocalHost.physicalDisks(sysBlock);
    long memTotal = 0;
    for (String line : Files.readAllLines(proc.resolve("meminfo"))) {
      if (line.startsWith("MemTotal:")) {
        memTotal = Long.parseLong(line.replaceAll("\\D", ""));
      }
    }
    this.totalKb = memTotal;
    this.nanoTime = nanoTime;
    this.startNanos = nanoTime.getAsLong();
    this.startUsed = cpuTime()[0];
  }

  @Override
  public String host() {
    return name;
  }

  /** What of the host's figures cannot be read, and why, in one line; empty where every one can. */
  public String unread() {
    return unread;
  }

  /**
   * The groups' CPU time and its user part, microseconds. v1's cpuacct.usage counts every
   * nanosecond, v2's usage_usec every microsecond; their user and system parts come from the
   * scheduler's ticks, so they only split it.
   */
  private long[] cpuTime() throws IOException {
    long used;
    double userPart;
    double systemPart;
    if (unified) {
      Path stat = cpu.resolve("cpu.stat");
      used = stat(stat, "usage_usec");
      userPart = stat(stat, "user_usec");
      systemPart = stat(stat, "system_usec");
    } else {
      used = number(cpu.resolve("cpuacct.usage")) / 1000;
      userPart = number(cpu.resolve("cpuacct.usage_user"));
      systemPart = number(cpu.resolve("cpuacct.usage_sys"));
    }
    return new long[] {used, userPart + systemPart == 0 ? used : Math.round(used * userPart / (userPart + systemPart))};
  }

  @Override
  protected ProcReading readFiles() throws IOException {
    long[] time = cpuTime();
    long used = time[0];
    long user = time[1];
    // what the host did not use of the machine's cores since it was made, of the CPU time it used
    // since then (not clamped to the last reading's: the samples must add up to the groups' whole
    // CPU time; a sample may show a percent or two above the machine, as the counter lags the
    // clock by a tick). The columns are microseconds: HostCounters needs only their ratios.
    long idle = Math.max(0, (nanoTime.getAsLong() - startNanos) / 1000 * cores - (used - startUsed));
    String stat = "cpu  " + user + " 0 " + (used - user) + " " + idle + " 0 0 0 0 0 0\nctxt 0\n";
    String meminfo = null;
    if (memory != null) {
      // the resident anonymous memory: v1's total_rss, v2's anon (not v2's memory.current, which
      // also holds the page cache and kernel memory the host's files and sockets took, and which the
      // machine's own figure leaves out)
      long rssKb = stat(memory.resolve("memory.stat"), unified ? "anon" : "total_rss") / 1024;
      meminfo = "MemTotal: " + totalKb + " kB\nMemFree: " + Math.max(0, totalKb - rssKb) + " kB\n";
    }
    String netDev = Files.readString(proc.resolve(Long.toString(inNamespace)).resolve("net/dev"));
    return new ProcReading(name, 0, stat, meminfo, netDev, io == null ? null : diskstats(), Files.readString(proc.resolve("loadavg")),
        disks, List.of("eth0"));
  }

  /** The groups' I/O per device in {@code /proc/diskstats}' columns: reads, sectors read, writes, sectors written. */
  private String diskstats() throws IOException {
    Map<String, long[]> byDevice = new TreeMap<>();
    if (unified) {
      chargeIoStat(byDevice, io.resolve("io.stat"));
    } else {
      charge(byDevice, io.resolve("blkio.throttle.io_serviced_recursive"), 0);
      charge(byDevice, io.resolve("blkio.throttle.io_service_bytes_recursive"), 512);
    }
    Map<String, String> names = new TreeMap<>();
    for (String line : Files.readAllLines(proc.resolve("diskstats"))) {
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

  /** Adds io.stat's {@code MAJ:MIN rbytes=.. wbytes=.. rios=.. wios=.. dbytes=.. dios=..} lines to each device's counters. */
  private static void chargeIoStat(Map<String, long[]> byDevice, Path file) throws IOException {
    for (String line : Files.readAllLines(file)) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 2) {
        continue;
      }
      long[] c = byDevice.computeIfAbsent(f[0], d -> new long[4]);
      for (int i = 1; i < f.length; i++) {
        String[] kv = f[i].split("=", 2);
        switch (kv[0]) {
          case "rios" -> c[0] += Long.parseLong(kv[1]);
          case "rbytes" -> c[1] += Long.parseLong(kv[1]) / 512;
          case "wios" -> c[2] += Long.parseLong(kv[1]);
          case "wbytes" -> c[3] += Long.parseLong(kv[1]) / 512;
          default -> { } // discards, and the io.latency controller's figures
        }
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

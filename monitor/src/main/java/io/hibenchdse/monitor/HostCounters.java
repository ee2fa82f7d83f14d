package io.hibenchdse.monitor;

import java.util.HashSet;
import java.util.Set;

/**
 * A host's counters parsed from one {@link ProcReading}; two of them give its figures between them.
 * {@code memoryRead} and {@code disksRead} say whether the reading had its memory and disk files.
 */
record HostCounters(long epochNanos, long[] cpu, long contextSwitches, boolean memoryRead, long memTotalKb, long memUsedKb,
    long netRx, long netTx, long loRx, long loTx, boolean disksRead, long reads, long sectorsRead, long writes, long sectorsWritten,
    long ioMillis) {
  /** Bytes a {@code /proc/diskstats} sector counts, whatever the device's own sector size. */
  private static final double SECTOR = 512;
  private static final double KB = 1024;
  // the columns of /proc/stat's cpu line: user nice system idle iowait irq softirq steal guest guest_nice
  private static final int USER = 0;
  private static final int SYSTEM = 2;
  private static final int IOWAIT = 4;
  private static final int IRQ = 5;
  private static final int SOFTIRQ = 6;
  private static final int STEAL = 7;
  private static final int GUEST = 8;

  static HostCounters parse(ProcReading r) {
    long[] cpu = new long[10];
    long ctxt = 0;
    for (String line : r.stat().split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals("cpu")) {
        for (int i = 1; i < f.length && i <= cpu.length; i++) {
          cpu[i - 1] = Long.parseLong(f[i]);
        }
      } else if (f[0].equals("ctxt")) {
        ctxt = Long.parseLong(f[1]);
      }
    }
    long total = 0;
    long unused = 0;
    for (String line : r.meminfo() == null ? new String[0] : r.meminfo().split("\n")) {
      String[] f = line.trim().split("\\s+");
      switch (f[0]) {
        case "MemTotal:" -> total = Long.parseLong(f[1]);
        case "MemFree:", "Buffers:", "Cached:", "Slab:" -> unused += Long.parseLong(f[1]);
        default -> { }
      }
    }
    long[] net = new long[4];
    Set<String> interfaces = new HashSet<>(r.interfaces());
    for (String line : r.netDev().split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0 || line.contains("|")) {
        continue;
      }
      String name = line.substring(0, colon).trim();
      boolean loopback = name.equals("lo");
      if (!loopback && !interfaces.contains(name)) {
        continue;
      }
      String[] f = line.substring(colon + 1).trim().split("\\s+");
      net[loopback ? 2 : 0] += Long.parseLong(f[0]); // bytes received
      net[loopback ? 3 : 1] += Long.parseLong(f[8]); // bytes sent
    }
    Set<String> disks = new HashSet<>(r.disks());
    long[] disk = new long[5];
    for (String line : r.diskstats() == null ? new String[0] : r.diskstats().split("\n")) {
      // major minor name reads merged sectors ms-reading writes merged sectors ms-writing ...
      String[] f = line.trim().split("\\s+");
      if (f.length > 10 && disks.contains(f[2])) {
        disk[0] += Long.parseLong(f[3]);
        disk[1] += Long.parseLong(f[5]);
        disk[2] += Long.parseLong(f[7]);
        disk[3] += Long.parseLong(f[9]);
        disk[4] += Long.parseLong(f[6]) + Long.parseLong(f[10]);
      }
    }
    return new HostCounters(r.epochNanos(), cpu, ctxt, r.meminfo() != null, total, total - unused, net[0], net[1], net[2], net[3],
        r.diskstats() != null, disk[0], disk[1], disk[2], disk[3], disk[4]);
  }

  /** What the host used from {@code earlier} to these counters. */
  HostFigures since(HostCounters earlier) {
    double sec = (epochNanos - earlier.epochNanos) / 1e9;
    long[] d = new long[cpu.length];
    for (int i = 0; i < cpu.length; i++) {
      d[i] = cpu[i] - earlier.cpu[i];
    }
    // user includes guest time, and the total counts it once, in user
    double ticks = Math.max(1, d[USER] + d[1] + d[SYSTEM] + d[3] + d[IOWAIT] + d[IRQ] + d[SOFTIRQ] + d[STEAL]);
    long ios = reads - earlier.reads + writes - earlier.writes;
    // a figure the host could not read is NaN, as a report's missing figure, not a zero it did not measure
    boolean disk = disksRead && earlier.disksRead;
    return new HostFigures(
        100 * (d[USER] - d[GUEST]) / ticks,
        100 * (d[SYSTEM] + d[IRQ] + d[SOFTIRQ]) / ticks,
        100 * d[IOWAIT] / ticks,
        (contextSwitches - earlier.contextSwitches) / sec,
        !memoryRead ? Double.NaN : memTotalKb == 0 ? 0 : 100.0 * memUsedKb / memTotalKb,
        (netRx - earlier.netRx) / KB / sec,
        (netTx - earlier.netTx) / KB / sec,
        (loRx - earlier.loRx) / KB / sec,
        (loTx - earlier.loTx) / KB / sec,
        disk ? (sectorsRead - earlier.sectorsRead) * SECTOR / KB / sec : Double.NaN,
        disk ? (sectorsWritten - earlier.sectorsWritten) * SECTOR / KB / sec : Double.NaN,
        disk ? (reads - earlier.reads) / sec : Double.NaN,
        disk ? (writes - earlier.writes) / sec : Double.NaN,
        !disk ? Double.NaN : ios == 0 ? 0 : (double) (ioMillis - earlier.ioMillis) / ios,
        sec);
  }
}

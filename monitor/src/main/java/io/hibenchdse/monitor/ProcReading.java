package io.hibenchdse.monitor;

import java.util.List;

/**
 * The text of a host's {@code /proc} files at one instant, as the host gave it: {@code stat},
 * {@code meminfo}, {@code net/dev}, {@code diskstats} and {@code loadavg}, with the host's clock
 * (epoch nanoseconds), the whole physical disks it has (devices under {@code /sys/block} with a
 * {@code device} link: not loop, ram, zram or device-mapper devices, whose I/O a disk counts again)
 * and the network interfaces whose traffic counts (not loopback, counted apart, nor bridges, bonds,
 * VLANs or ifb devices, whose traffic another interface carries too). {@code meminfo} and
 * {@code diskstats} are null where the host cannot read them (a cgroup v2 host without its memory
 * or io controller): its memory or disk figures are then NaN, not sampled, rather than zero.
 */
public record ProcReading(String host, long epochNanos, String stat, String meminfo, String netDev, String diskstats,
    String loadavg, List<String> disks, List<String> interfaces) {
  /** The same files, stamped at {@code epochNanos}. */
  ProcReading at(long epochNanos) {
    return new ProcReading(host, epochNanos, stat, meminfo, netDev, diskstats, loadavg, disks, interfaces);
  }
}

package io.hibenchdse.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** This machine, its {@code /proc} files read in place. */
public final class LocalHost extends PolledHost {
  private final Path proc;
  private final String name;
  private final List<String> disks;
  private final List<String> interfaces;

  /** This machine, or an IOException saying why it cannot be sampled (no {@code /proc}: not Linux). */
  public LocalHost() throws IOException {
    this(Path.of("/proc"), Path.of("/sys/block"));
  }

  /** The machine whose proc and sysfs block directories these are. */
  LocalHost(Path proc, Path sysBlock) throws IOException {
    this(proc, sysBlock, Path.of("/sys/class/net"));
  }

  /** The machine whose proc, sysfs block and sysfs network directories these are. */
  LocalHost(Path proc, Path sysBlock, Path sysNet) throws IOException {
    if (!Files.isReadable(proc.resolve("stat"))) {
      throw new IOException("not sampled: no " + proc.resolve("stat") + " (not Linux)");
    }
    this.proc = proc;
    Path hostname = proc.resolve("sys/kernel/hostname");
    name = Files.isReadable(hostname) ? Files.readString(hostname).trim() : "localhost";
    disks = physicalDisks(sysBlock);
    interfaces = countedInterfaces(sysNet, proc.resolve("net/vlan"));
  }

  /**
   * The interfaces whose traffic counts: not loopback (counted apart), bridges, bonds, VLANs or ifb
   * devices (traffic shaping's), each of which carries what another interface counts already.
   */
  static List<String> countedInterfaces(Path sysNet, Path vlans) throws IOException {
    if (!Files.isDirectory(sysNet)) {
      return List.of();
    }
    try (Stream<Path> all = Files.list(sysNet)) {
      return all.filter(i -> !Files.exists(i.resolve("bridge")) && !Files.exists(i.resolve("bonding")))
          .map(i -> i.getFileName().toString())
          .filter(n -> !n.equals("lo") && !n.startsWith("ifb") && !Files.exists(vlans.resolve(n))).sorted().toList();
    }
  }

  /** This machine's whole physical disks, whose I/O the monitor counts. */
  public static List<String> physicalDisks() throws IOException {
    return physicalDisks(Path.of("/sys/block"));
  }

  /** Whole physical disks: devices with a {@code device} link (not loop, ram, zram or device-mapper ones). */
  static List<String> physicalDisks(Path sysBlock) throws IOException {
    if (!Files.isDirectory(sysBlock)) {
      return List.of();
    }
    try (Stream<Path> devices = Files.list(sysBlock)) {
      return devices.filter(d -> Files.exists(d.resolve("device"))).map(d -> d.getFileName().toString()).sorted().toList();
    }
  }

  @Override
  public String host() {
    return name;
  }

  @Override
  protected ProcReading readFiles() throws IOException {
    return new ProcReading(name, 0, Files.readString(proc.resolve("stat")), Files.readString(proc.resolve("meminfo")),
        Files.readString(proc.resolve("net/dev")), Files.readString(proc.resolve("diskstats")),
        Files.readString(proc.resolve("loadavg")), disks, interfaces);
  }
}

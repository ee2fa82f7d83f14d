package io.hibenchdse.monitor;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** This machine, its {@code /proc} files read in place. */
public final class LocalHost implements HostSource {
  private final Path proc;
  private final String name;
  private final List<String> disks;
  private volatile boolean closed;

  /** This machine, or an IOException saying why it cannot be sampled (no {@code /proc}: not Linux). */
  public LocalHost() throws IOException {
    this(Path.of("/proc"), Path.of("/sys/block"));
  }

  /** The machine whose proc and sysfs block directories these are. */
  LocalHost(Path proc, Path sysBlock) throws IOException {
    if (!Files.isReadable(proc.resolve("stat"))) {
      throw new IOException("not sampled: no " + proc.resolve("stat") + " (not Linux)");
    }
    this.proc = proc;
    Path hostname = proc.resolve("sys/kernel/hostname");
    name = Files.isReadable(hostname) ? Files.readString(hostname).trim() : "localhost";
    disks = physicalDisks(sysBlock);
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

  /** A reading now. */
  public ProcReading read() throws IOException {
    long now = EpochClock.nanos();
    return new ProcReading(name, now, Files.readString(proc.resolve("stat")), Files.readString(proc.resolve("meminfo")),
        Files.readString(proc.resolve("net/dev")), Files.readString(proc.resolve("diskstats")),
        Files.readString(proc.resolve("loadavg")), disks);
  }

  @Override
  public void stream(long intervalMs, Consumer<ProcReading> sink) throws IOException {
    long next = System.nanoTime();
    while (!closed) {
      sink.accept(read());
      next += intervalMs * 1_000_000L;
      long waitNanos = next - System.nanoTime();
      if (waitNanos > 0) {
        try {
          Thread.sleep(waitNanos / 1_000_000L, (int) (waitNanos % 1_000_000L));
        } catch (InterruptedException e) {
          if (closed) {
            return;
          }
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("monitor: interrupted");
        }
      }
    }
  }

  @Override
  public void close() {
    closed = true;
  }
}

package io.hibenchdse.it.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a set of processes has spent so far, as the OS counts it: CPU time (user and system) and
 * bytes sent to the disk ({@code write_bytes} of /proc/PID/io: page-cache writes included when
 * they happen, so a later flush is not counted twice). The difference of two snapshots is what
 * the processes spent between them.
 */
final class ProcessCost {
  final double cpuSec;
  /** Negative where /proc/PID/io cannot be read (not Linux, another user's process). */
  final long diskWriteBytes;

  private ProcessCost(double cpuSec, long diskWriteBytes) {
    this.cpuSec = cpuSec;
    this.diskWriteBytes = diskWriteBytes;
  }

  static ProcessCost of(List<ProcessHandle> processes) {
    double cpu = 0;
    long written = 0;
    for (ProcessHandle p : processes) {
      cpu += p.info().totalCpuDuration().orElseThrow(() -> new IllegalStateException("no CPU time for process " + p.pid()))
          .toNanos() / 1e9;
      long w = writeBytes(p.pid());
      written = written < 0 || w < 0 ? -1 : written + w;
    }
    return new ProcessCost(cpu, written);
  }

  ProcessCost minus(ProcessCost before) {
    return new ProcessCost(cpuSec - before.cpuSec,
        diskWriteBytes < 0 || before.diskWriteBytes < 0 ? -1 : diskWriteBytes - before.diskWriteBytes);
  }

  private static long writeBytes(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "io"))) {
        if (line.startsWith("write_bytes:")) {
          return Long.parseLong(line.substring("write_bytes:".length()).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // unreadable: reported as unknown
    }
    return -1;
  }
}

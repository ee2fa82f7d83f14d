package io.hibenchdse.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A process's counters with every live descendant's, read from {@code /proc/PID/stat} (CPU ticks),
 * {@code /proc/PID/io} (bytes from and to storage) and {@code /proc/PID/status} (resident memory).
 * Between two readings a process that was not there in the first counts from zero: it started
 * in between. One that ended in between takes its last interval with it.
 */
record ProcessCounters(long epochNanos, Map<Long, long[]> perPid, long rssKb) {
  // after the command name's closing parenthesis, /proc/PID/stat's fields 3, 4, ...: utime is 14, stime 15
  private static final int UTIME = 14 - 3;
  private static final int STIME = 15 - 3;

  /** The counters of {@code root} (with its descendants if {@code withDescendants}) now, or null when it has ended. */
  static ProcessCounters read(ProcessHandle root, boolean withDescendants) {
    Map<Long, long[]> perPid = new HashMap<>();
    long rss = 0;
    long now = EpochClock.nanos();
    for (ProcessHandle p : (Iterable<ProcessHandle>) Stream.concat(Stream.of(root), withDescendants ? root.descendants() : Stream.empty())::iterator) {
      Path dir = Path.of("/proc", Long.toString(p.pid()));
      try {
        String stat = Files.readString(dir.resolve("stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(f[UTIME]) + Long.parseLong(f[STIME]);
        long[] io = {0, 0};
        for (String line : Files.readAllLines(dir.resolve("io"))) {
          if (line.startsWith("read_bytes:")) {
            io[0] = Long.parseLong(line.substring(11).trim());
          } else if (line.startsWith("write_bytes:")) {
            io[1] = Long.parseLong(line.substring(12).trim());
          }
        }
        for (String line : Files.readAllLines(dir.resolve("status"))) {
          if (line.startsWith("VmRSS:")) {
            rss += Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
          }
        }
        perPid.put(p.pid(), new long[] {ticks, io[0], io[1]});
      } catch (IOException | RuntimeException e) {
        // ended while read: its last interval goes with it
      }
    }
    return perPid.isEmpty() ? null : new ProcessCounters(now, perPid, rss);
  }

  /** The counters of a process at its start: nothing used yet. */
  static ProcessCounters zero(long epochNanos) {
    return new ProcessCounters(epochNanos, Map.of(), 0);
  }

  /** What the process and its descendants used from {@code earlier} to these counters. */
  ProcessFigures since(ProcessCounters earlier, String name, long pid, double ticksPerSec, int cores) {
    double sec = (epochNanos - earlier.epochNanos) / 1e9;
    long[] d = new long[3];
    perPid.forEach((p, now) -> {
      long[] before = earlier.perPid.getOrDefault(p, new long[3]);
      for (int i = 0; i < 3; i++) {
        d[i] += Math.max(0, now[i] - before[i]);
      }
    });
    return new ProcessFigures(name, pid, 100 * d[0] / ticksPerSec / sec / cores, rssKb / 1024.0, d[1] / 1024.0 / sec,
        d[2] / 1024.0 / sec, sec);
  }
}

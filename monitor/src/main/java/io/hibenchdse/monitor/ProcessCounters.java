package io.hibenchdse.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A process's counters with every live descendant's, read from {@code /proc/PID/stat} (CPU ticks
 * and the start, in ticks since boot), {@code /proc/PID/io} (bytes from and to storage) and
 * {@code /proc/PID/status} (resident memory), with {@code /proc/uptime} then. Between two readings a
 * process that started in between counts from zero; one that was there but not read (it was being
 * read as it ended) counts from its next reading; one that ended takes its last interval with it.
 */
record ProcessCounters(long epochNanos, long uptimeTicks, long rootStartTicks, Map<Long, long[]> perPid, long rssKb) {
  // after the command name's closing parenthesis, /proc/PID/stat's fields 3, 4, ...: utime 14, stime 15, starttime 22
  private static final int UTIME = 14 - 3;
  private static final int STIME = 15 - 3;
  private static final int STARTTIME = 22 - 3;
  private static final int TICKS = 0;
  private static final int READ = 1;
  private static final int WRITTEN = 2;
  private static final int START = 3;

  /** The counters of {@code root} (with its descendants if {@code withDescendants}) now, or null when it has ended. */
  static ProcessCounters read(ProcessHandle root, boolean withDescendants, double ticksPerSec) {
    Map<Long, long[]> perPid = new HashMap<>();
    long rss = 0;
    long now = EpochClock.nanos();
    long uptime;
    try {
      uptime = Math.round(Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]) * ticksPerSec);
    } catch (IOException | RuntimeException e) {
      return null;
    }
    for (ProcessHandle p : (Iterable<ProcessHandle>) Stream.concat(Stream.of(root), withDescendants ? root.descendants() : Stream.empty())::iterator) {
      Path dir = Path.of("/proc", Long.toString(p.pid()));
      try {
        String stat = Files.readString(dir.resolve("stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long[] c = {Long.parseLong(f[UTIME]) + Long.parseLong(f[STIME]), 0, 0, Long.parseLong(f[STARTTIME])};
        for (String line : Files.readAllLines(dir.resolve("io"))) {
          if (line.startsWith("read_bytes:")) {
            c[READ] = Long.parseLong(line.substring(11).trim());
          } else if (line.startsWith("write_bytes:")) {
            c[WRITTEN] = Long.parseLong(line.substring(12).trim());
          }
        }
        for (String line : Files.readAllLines(dir.resolve("status"))) {
          if (line.startsWith("VmRSS:")) {
            rss += Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
          }
        }
        perPid.put(p.pid(), c);
      } catch (IOException | RuntimeException e) {
        // ended while read
      }
    }
    long[] rootCounters = perPid.get(root.pid());
    return rootCounters == null ? null : new ProcessCounters(now, uptime, rootCounters[START], perPid, rss);
  }

  /** The counters of the root process at its start (nothing used yet), as its first reading's clock tells it. */
  ProcessCounters atStart(double ticksPerSec) {
    long sinceStart = Math.round((uptimeTicks - rootStartTicks) / ticksPerSec * 1e9);
    return new ProcessCounters(epochNanos - sinceStart, rootStartTicks, rootStartTicks, Map.of(), 0);
  }

  /** What the process and its descendants used from {@code earlier} to these counters. */
  ProcessFigures since(ProcessCounters earlier, String name, long pid, double ticksPerSec, int cores) {
    double sec = (epochNanos - earlier.epochNanos) / 1e9;
    long[] d = new long[3];
    perPid.forEach((p, now) -> {
      long[] before = earlier.perPid.get(p);
      if (before == null) {
        // new since then: from zero; there then but not read: from now on
        before = now[START] >= earlier.uptimeTicks ? new long[4] : now;
      }
      for (int i = 0; i < 3; i++) {
        d[i] += Math.max(0, now[i] - before[i]);
      }
    });
    return new ProcessFigures(name, pid, 100 * d[TICKS] / ticksPerSec / sec / cores, rssKb / 1024.0, d[READ] / 1024.0 / sec,
        d[WRITTEN] / 1024.0 / sec, sec);
  }
}

package io.hibenchdse.monitor;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/** A {@link Utilization} on the console: a line per host and the total, then a line per process, then the hosts not sampled. */
public final class UtilizationTable {
  private static final String HOST_ROW = "%-16s %6.1f %6.1f %6.1f %9.0f %6.1f %10.1f %10.1f %10.1f %10.1f %10.1f %10.1f %8.1f %8.1f %8.2f%n";
  private static final String PROCESS_ROW = "%-28s %8d %7.1f %9.1f %10.1f %10.1f%n";

  private UtilizationTable() {}

  public static void print(Utilization u, PrintStream out) {
    out.printf(Locale.ROOT, "utilization over %.1f s (CPU %% of all cores; KB = 1024 bytes)%n", u.durationSec());
    out.printf(Locale.ROOT, "%-16s %6s %6s %6s %9s %6s %10s %10s %10s %10s %10s %10s %8s %8s %8s%n", "host", "usr%", "sys%",
        "iowt%", "cswch/s", "mem%", "rxKB/s", "txKB/s", "lo-rxKB/s", "lo-txKB/s", "rdKB/s", "wrKB/s", "r/s", "w/s", "await");
    for (Map.Entry<String, HostFigures> h : u.hosts().entrySet()) {
      row(out, h.getKey(), h.getValue());
    }
    if (u.hosts().size() > 1) {
      row(out, "total", u.total());
    }
    if (!u.processes().isEmpty()) {
      out.printf(Locale.ROOT, "%-28s %8s %7s %9s %10s %10s%n", "process", "pid", "cpu%", "rssMB", "rdKB/s", "wrKB/s");
      for (ProcessFigures p : u.processes().values()) {
        out.printf(Locale.ROOT, PROCESS_ROW, p.name(), p.pid(), p.cpuPct(), p.rssMB(), p.readKBps(), p.writeKBps());
      }
    }
    u.notSampled().forEach((host, why) -> out.println(host + ": not sampled: " + why));
  }

  private static void row(PrintStream out, String name, HostFigures f) {
    out.printf(Locale.ROOT, HOST_ROW, name, f.cpuUserPct(), f.cpuSystemPct(), f.cpuIowaitPct(), f.contextSwitchesPerSec(),
        f.memoryUsedPct(), f.netRxKBps(), f.netTxKBps(), f.loRxKBps(), f.loTxKBps(), f.diskReadKBps(), f.diskWriteKBps(),
        f.diskReadsPerSec(), f.diskWritesPerSec(), f.ioAwaitMs());
  }
}

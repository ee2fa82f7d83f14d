package io.hibenchdse.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reading's stamp is the instant its files were read, within a known bound, even when the reading
 * thread was held up between the clock and the files: a rate's interval is then the counters' own.
 */
class ReadingStampTest {
  /** Its counters' instants, as the clock gave them, each read after {@code delaysMs} of it held up. */
  private static final class HeldUpHost extends PolledHost {
    final List<Long> instants = new ArrayList<>();
    private final long[] delaysMs;

    HeldUpHost(long... delaysMs) {
      this.delaysMs = delaysMs;
    }

    @Override
    public String host() {
      return "held-up";
    }

    @Override
    protected ProcReading readFiles() {
      try {
        Thread.sleep(delaysMs[Math.min(instants.size(), delaysMs.length - 1)]);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      instants.add(EpochClock.nanos());
      return new ProcReading("held-up", 0, "", "", "", "", "", List.of(), List.of());
    }
  }

  @Test
  void aReadingHeldUpIsReadAgainAndStampedAtItsFiles() throws Exception {
    HeldUpHost host = new HeldUpHost(30, 40, 0);
    ProcReading r = host.read();
    assertEquals(3, host.instants.size(), "read again after each hold-up, until read at once");
    long instant = host.instants.get(2);
    assertTrue(Math.abs(r.epochNanos() - instant) <= PolledHost.MAX_SPAN_NANOS / 2,
        "stamped " + (r.epochNanos() - instant) / 1e6 + " ms from its files");
  }

  @Test
  void aHostAlwaysHeldUpIsStillRead() throws Exception {
    HeldUpHost host = new HeldUpHost(20);
    ProcReading r = host.read();
    assertEquals(5, host.instants.size());
    // the last attempt began after the fourth reading's files and ended after its own
    assertTrue(r.epochNanos() > host.instants.get(3) && r.epochNanos() < host.instants.get(4), "stamped within the last attempt");
  }

  /**
   * A worker's shell held up between its clock and its files reads them again, as a local reading
   * does: the loop run here by {@code sh}, with a {@code date} that sleeps 30 ms on its second call
   * (the first attempt's end) and is this machine's {@code date} otherwise.
   */
  @Test
  void aWorkersShellHeldUpReadsItsFilesAgain(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path calls = dir.resolve("calls");
    java.nio.file.Path date = dir.resolve("date");
    // the second reading of the clock, the end of the first attempt, comes 30 ms late; each reading is logged
    java.nio.file.Files.writeString(date, "#!/bin/sh\n[ \"$(cat " + calls + " 2>/dev/null | wc -l)\" -eq 1 ] && sleep 0.03\n"
        + "v=$(/bin/date \"$@\")\necho \"$v\" >> " + calls + "\necho \"$v\"\n");
    assertTrue(date.toFile().setExecutable(true));
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", SshHost.script(60_000)).redirectErrorStream(true);
    pb.environment().put("PATH", dir + ":" + System.getenv("PATH"));
    Process p = pb.start();
    List<String> lines = new ArrayList<>();
    try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
        java.nio.charset.StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
        if (line.startsWith("@@end ")) {
          break;
        }
      }
    } finally {
      p.destroy();
    }
    long start = stamp(lines, "@@reading ");
    long end = stamp(lines, "@@end ");
    List<Long> clock = java.nio.file.Files.readAllLines(calls).stream().map(Long::parseLong).collect(java.util.stream.Collectors.toList());
    assertTrue(clock.size() >= 4, "read again: the clock read twice for each attempt: " + clock);
    int at = clock.indexOf(start);
    // the reading went out with a later attempt's pair of clock readings, not the held-up first one's
    assertTrue(at >= 2 && at % 2 == 0 && clock.get(at + 1) == end, "stamps " + start + ", " + end + " against the clock's " + clock);
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("/proc/net/dev:")) && lines.stream().anyMatch(l -> l.startsWith("/proc/stat:cpu ")),
        "the files, each line named by its file: " + lines);
  }

  private static long stamp(List<String> lines, String mark) {
    return lines.stream().filter(l -> l.startsWith(mark)).mapToLong(l -> Long.parseLong(l.substring(mark.length()).trim()))
        .findFirst().orElseThrow(() -> new AssertionError("no " + mark + "in " + lines));
  }
}

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
}

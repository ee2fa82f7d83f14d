package io.hibenchdse.dfsio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-made sample sets whose slots, concurrency and throughput are worked out by hand below. */
class SteadyPhaseTest {
  /** A map from samples {t0, b0, t1, b1, ...}: the first is its start, the last its end. */
  static AttemptSamples map(String file, long... tb) {
    AttemptSamples m = new AttemptSamples();
    m.file = file;
    m.attempt = "attempt_" + file;
    m.succeeded = true;
    m.times = new long[tb.length / 2];
    m.cumulativeBytes = new long[tb.length / 2];
    for (int i = 0; i < tb.length / 2; i++) {
      m.times[i] = tb[2 * i];
      m.cumulativeBytes[i] = tb[2 * i + 1];
    }
    m.startMs = m.times[0];
    m.endMs = m.times[m.times.length - 1];
    m.bytes = m.cumulativeBytes[m.times.length - 1];
    return m;
  }

  private static double[] d(double... v) {
    return v;
  }

  @Test
  void staggeredStarts() {
    // A: 0..4000 ms at 1 byte/ms; B: 1000..5000 ms at 2 bytes/ms, only start and end sampled.
    List<AttemptSamples> maps = Arrays.asList(map("a", 0, 0, 2000, 2000, 4000, 4000), map("b", 1000, 0, 5000, 8000));
    SteadyPhase p = SteadyPhase.analyze(maps, 1000, 0.75);
    assertArrayEquals(new int[] {1, 2, 2, 2, 1}, p.concurrency);
    assertArrayEquals(d(1000, 3000, 3000, 3000, 2000), p.throughput, 1e-9);
    assertEquals(2, p.peakConcurrency);
    assertEquals(".111.", p.mask());
    assertEquals(3000, p.aggregatedThroughput(), 1e-9);
    assertEquals(0, p.aggregatedThroughputStdDev(), 1e-9);
    // at 0.5 of the peak a single map is enough: every slot, (1000 + 3 x 3000 + 2000) / 5
    SteadyPhase half = SteadyPhase.analyze(maps, 1000, 0.5);
    assertEquals("11111", half.mask());
    assertEquals(2400, half.aggregatedThroughput(), 1e-9);
  }

  @Test
  void oneStragglerDoesNotDragTheSteadyPhase() {
    // two maps of 2000 bytes in 2 s, one of 3000 bytes in 6 s
    List<AttemptSamples> maps = Arrays.asList(map("a", 0, 0, 2000, 2000), map("b", 0, 0, 2000, 2000),
        map("c", 0, 0, 6000, 3000));
    SteadyPhase p = SteadyPhase.analyze(maps, 1000, 0.5);
    assertArrayEquals(new int[] {3, 3, 1, 1, 1, 1}, p.concurrency);
    assertArrayEquals(d(2500, 2500, 500, 500, 500, 500), p.throughput, 1e-9);
    assertEquals("11....", p.mask());
    assertEquals(2500, p.aggregatedThroughput(), 1e-9);
    // classic TestDFSIO: 7000 bytes over 2 + 2 + 6 map seconds; rates 1000, 1000, 500 bytes/s
    ClassicMetrics c = ClassicMetrics.of(maps, 6.5);
    double mb = ClassicMetrics.MB;
    assertEquals(700 / mb, c.throughputMbSec, 1e-12);
    assertEquals(2500.0 / 3 / mb, c.averageIoRateMbSec, 1e-12);
    assertEquals(Math.sqrt((2 * 1000.0 * 1000 + 500 * 500) / 3 - Math.pow(2500.0 / 3, 2)) / mb, c.ioRateStdDev, 1e-9);
    assertEquals(7000 / mb, c.totalMb, 1e-12);
    assertEquals(3, c.files);
  }

  @Test
  void slotsOnlyPartlyCoveredCountBytesButNotConcurrency() {
    // A: 0..3000 at 1 byte/ms; B: 500..2500 at 2 bytes/ms
    List<AttemptSamples> maps = Arrays.asList(map("a", 0, 0, 3000, 3000), map("b", 500, 0, 2500, 4000));
    SteadyPhase p = SteadyPhase.analyze(maps, 1000, 1.0);
    assertArrayEquals(new int[] {1, 2, 1}, p.concurrency);
    assertArrayEquals(d(2000, 3000, 2000), p.throughput, 1e-9);
    assertEquals(".1.", p.mask());
    assertEquals(3000, p.aggregatedThroughput(), 1e-9);
  }

  @Test
  void unequalSizesAndUnevenSamplesInterpolate() {
    // A moves 100 bytes by 500 ms, 2000 more by 1500 ms, then nothing; B 400 bytes evenly in 2 s.
    // At 1000 ms A has 100 + 2000 x 500/1000 = 1100 bytes.
    List<AttemptSamples> maps = Arrays.asList(map("a", 0, 0, 500, 100, 1500, 2100, 2000, 2100),
        map("b", 0, 0, 2000, 400));
    SteadyPhase p = SteadyPhase.analyze(maps, 1000, 0.5);
    assertArrayEquals(new int[] {2, 2}, p.concurrency);
    assertArrayEquals(d(1300, 1200), p.throughput, 1e-9);
    assertEquals(1250, p.aggregatedThroughput(), 1e-9);
    assertEquals(50, p.aggregatedThroughputStdDev(), 1e-9);
    // a 500 ms slot: [0,500) A 100 + B 100; [500,1000) A 1000 + B 100; ...; in bytes/s
    SteadyPhase fine = SteadyPhase.analyze(maps, 500, 0.5);
    assertArrayEquals(d(400, 2200, 2200, 200), fine.throughput, 1e-9);
  }

  @Test
  void aMapWithOnlyItsStartAndEndSamplesAndNoSteadySlot() {
    // shorter than a slot: it moves bytes but never runs through a whole slot
    List<AttemptSamples> maps = Arrays.asList(map("a", 1000, 0, 1400, 4000));
    SteadyPhase p = SteadyPhase.analyze(maps, 1000, 0.5);
    assertArrayEquals(new int[] {0}, p.concurrency);
    assertArrayEquals(d(4000), p.throughput, 1e-9);
    assertEquals(0, p.steadySlots());
    assertTrue(Double.isNaN(p.aggregatedThroughput()));
    String why = p.whyNoSteadySlot(400);
    assertTrue(why.contains("1000 ms slot") && why.contains("400 ms") && why.contains("-plotInterval"), why);
    assertNull(SteadyPhase.analyze(maps, 100, 0.5).whyNoSteadySlot(400));
    // without -plotInterval the 400 ms run is cut into 50 slots of 8 ms, all steady
    assertEquals(8, SteadyPhase.autoSlotMs(maps));
    assertEquals(50, SteadyPhase.analyze(maps, SteadyPhase.autoSlotMs(maps), 0.5).steadySlots());
  }

  @Test
  void cumulativeBytesAtTheSlotBoundsAsTheStockCsvHasThem() {
    List<AttemptSamples> maps = Arrays.asList(map("a", 0, 0, 2000, 2000, 4000, 4000), map("b", 1000, 0, 5000, 8000));
    SteadyPhase p = SteadyPhase.analyze(maps, 1000, 0.75);
    // the throughputs of staggeredStarts, summed up: 1000, 3000, 3000, 3000, 2000 bytes a slot
    assertArrayEquals(d(0, 1000, 4000, 7000, 10000, 12000), p.cumulativeBytes(), 1e-9);
    assertEquals(1001, SteadyPhase.autoSlotMs(Arrays.asList(map("long", 0, 0, 50001, 1))), "rounded up: at most 50 slots");
  }

  @Test
  void recorderSamplesAtTheIntervalAndClosesWithTheTotal() throws Exception {
    long start = System.currentTimeMillis();
    SampleRecorder r = new SampleRecorder(1_000_000, start);
    r.moved(10);
    r.moved(20);
    AttemptSamples s = r.finish("attempt_1", "f", start + 1000, true, null);
    assertArrayEquals(new long[] {start, start + 1000}, s.times);
    assertArrayEquals(new long[] {0, 30}, s.cumulativeBytes);
    assertEquals(30, s.bytes);
    SampleRecorder every = new SampleRecorder(0, System.currentTimeMillis());
    every.moved(1);
    every.moved(1);
    AttemptSamples e = every.finish("attempt_2", "f", System.currentTimeMillis() + 1, true, null);
    assertEquals(4, e.times.length, Arrays.toString(e.times));
    assertEquals(2, e.cumulativeBytes[3]);
  }
}

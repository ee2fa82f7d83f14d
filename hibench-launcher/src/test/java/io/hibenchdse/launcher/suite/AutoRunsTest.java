package io.hibenchdse.launcher.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code --runs auto}'s stopping rule on workloads of a known spread: times drawn from a normal
 * distribution of a chosen relative sigma, judged against Student's t from a printed table.
 */
class AutoRunsTest {
  /** Student's t at 95% (two-sided) for 2 to 9 degrees of freedom, from a printed table. */
  private static final double[] T95 = {Double.NaN, Double.NaN, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624,
      2.306004, 2.262157};

  private static List<Double> draw(long seed, int n, double mean, double relativeSigma) {
    Random random = new Random(seed);
    List<Double> times = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      times.add(mean * (1 + relativeSigma * random.nextGaussian()));
    }
    return times;
  }

  /** The interval's half-width in percent of the mean of the first {@code n} times, computed here. */
  private static double halfWidthPct(List<Double> times, int n) {
    double mean = times.subList(0, n).stream().mapToDouble(Double::doubleValue).sum() / n;
    double squares = times.subList(0, n).stream().mapToDouble(t -> (t - mean) * (t - mean)).sum();
    return 100 * T95[n - 1] * Math.sqrt(squares / (n - 1)) / Math.sqrt(n) / mean;
  }

  @Test
  void aWorkloadOfSmallSpreadStopsAtTheFirstRunWhoseIntervalIsWithinThePrecision() {
    List<Double> times = draw(7, 10, 20.0, 0.04);
    int expected = 3;
    while (expected <= 10 && halfWidthPct(times, expected) > 5) {
      expected++;
    }
    // a stop after the third run, so the rule had to see the interval narrow
    assertTrue(expected > 3 && expected <= 10, "the draw settles at " + expected);
    AutoRuns runs = new AutoRuns(new Precision(10, 5));
    for (int n = 1; n <= expected; n++) {
      Optional<AutoRuns.Ended> settledAt = runs.add("wordcount tiny", "wordcount", times.get(n - 1));
      assertEquals(n == expected, settledAt.isPresent(), "run " + n);
      assertEquals(n == expected, runs.ended("wordcount tiny"), "run " + n);
      if (n == expected) {
        // the table gives t to seven digits
        assertEquals(halfWidthPct(times, n), settledAt.get().widestPct(), 1e-5);
        assertEquals(expected, settledAt.get().runs());
        assertTrue(settledAt.get().reached());
      }
    }
    // settled once: a time added after says nothing again
    assertFalse(runs.add("wordcount tiny", "wordcount", times.get(expected)).isPresent());
    assertTrue(runs.ended("wordcount tiny"));
  }

  /** Ended at the tenth run, the most, with the precision not reached and the interval it had then. */
  @Test
  void aWorkloadOfWideSpreadEndsAtTheMostRunsUnsettled() {
    List<Double> times = draw(11, 10, 20.0, 0.3);
    AutoRuns runs = new AutoRuns(new Precision(10, 5));
    for (int n = 1; n < 10; n++) {
      assertTrue(n < 3 || halfWidthPct(times, n) > 5, "the draw reaches 5% at run " + n);
      assertFalse(runs.add("tpcxhs tiny", "tpcxhs", times.get(n - 1)).isPresent(), "run " + n);
      assertFalse(runs.ended("tpcxhs tiny"));
    }
    AutoRuns.Ended ended = runs.add("tpcxhs tiny", "tpcxhs", times.get(9)).orElseThrow();
    assertEquals(10, ended.runs());
    assertFalse(ended.reached());
    assertTrue(halfWidthPct(times, 10) > 5);
    assertEquals(halfWidthPct(times, 10), ended.widestPct(), 1e-5);
  }

  @Test
  void noIntervalIsJudgedOnFewerThanThreeRuns() {
    AutoRuns runs = new AutoRuns(new Precision(10, 5));
    assertFalse(runs.add("sort tiny", "sort", 4.0).isPresent());
    assertFalse(runs.add("sort tiny", "sort", 4.0).isPresent());
    assertEquals(new AutoRuns.Ended(3, 0.0, true), runs.add("sort tiny", "sort", 4.0).orElseThrow());
  }

  /** A run of several measured steps (DFSIOE's write and read) settles once each of them is precise enough. */
  @Test
  void aRunOfSeveralStepsSettlesWhenEveryStepIsWithinThePrecision() {
    List<Double> narrow = draw(3, 10, 10.0, 0.001);
    List<Double> wide = draw(5, 10, 10.0, 0.3);
    AutoRuns runs = new AutoRuns(new Precision(10, 5));
    for (int n = 1; n <= 10; n++) {
      assertFalse(runs.add("dfsioe tiny", "dfsioe-write", narrow.get(n - 1)).isPresent(), "run " + n);
      // at the tenth run, the most, it ends unsettled
      assertEquals(n == 10, runs.add("dfsioe tiny", "dfsioe-read", wide.get(n - 1)).map(e -> !e.reached()).orElse(false), "run " + n);
      // another group's times are its own: the same narrow writes alone settle it at the third run
      if (n <= 3) {
        assertEquals(n == 3, runs.add("dfsioe small", "dfsioe-write", narrow.get(n - 1)).isPresent(), "run " + n);
      }
    }
    assertTrue(runs.ended("dfsioe small"));
  }

  /**
   * A run of two measured steps whose first becomes precise at the fourth run, its second precise
   * from the third: settled when the fourth run's second step ends, not at its first, which would
   * leave the run's second step a run short.
   */
  @Test
  void aRunOfSeveralStepsSettlesOnlyWhenTheRunHasEnded() {
    List<Double> write = List.of(10.0, 10.4, 10.0, 10.0);
    List<Double> read = List.of(5.0, 5.0, 5.0, 5.0);
    assertTrue(halfWidthPct(write, 3) > 5 && halfWidthPct(write, 4) <= 5, "the writes reach 5% at the fourth run");
    AutoRuns runs = new AutoRuns(new Precision(10, 5));
    for (int n = 1; n <= 4; n++) {
      assertFalse(runs.add("dfsioe tiny", "dfsioe-write", write.get(n - 1)).isPresent(), "run " + n);
      assertEquals(n == 4, runs.add("dfsioe tiny", "dfsioe-read", read.get(n - 1)).isPresent(), "run " + n);
    }
  }
}

package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Confidence;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * When {@code --runs auto[:MAX]} stops measuring a workload: once the 95% interval of each of its
 * mean times is within {@code percent} of the mean, after at least {@link #MIN_RUNS} runs and at
 * most {@code maxRuns}.
 */
public record Precision(int maxRuns, double percent) {
  /** The fewest runs an interval is judged on: two give t = 12.7, an interval of ±9 sigma. */
  public static final int MIN_RUNS = 3;
  /** The most runs where {@code --runs auto} gives none. */
  static final int DEFAULT_MAX_RUNS = 10;

  /** The interval's half-width as a percentage of the mean of {@code times}; NaN under {@link #MIN_RUNS}. */
  public static double halfWidthPct(List<Double> times) {
    if (times.size() < MIN_RUNS) {
      return Double.NaN;
    }
    DescriptiveStatistics s = new DescriptiveStatistics();
    times.forEach(s::addValue);
    return Confidence.ofMean(times.size(), s.getMean(), s.getStandardDeviation()).halfWidthPct(s.getMean());
  }

  /** Whether {@code times} are enough: at least {@link #MIN_RUNS} and an interval within the percentage. */
  public boolean reached(List<Double> times) {
    return halfWidthPct(times) <= percent;
  }
}

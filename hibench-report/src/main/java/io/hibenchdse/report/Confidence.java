package io.hibenchdse.report;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.StatisticalSummaryValues;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * How far a mean time of a few runs can be trusted, at 95%, as JMH gives every score: the
 * interval of a mean (Student's t over the runs), and for two suites' means the interval of their
 * ratio and Welch's t-test of the difference (unequal variances, as two clusters' runs have). One
 * run gives no interval and no test: their figures are NaN.
 */
public final class Confidence {
  /** The level of every interval, and one minus the p-value under which a difference counts. */
  public static final double LEVEL = 0.95;

  private Confidence() {}

  /** An interval {@code [low, high]}; NaN ends where the runs give none. */
  public record Interval(double low, double high) {
    static final Interval NONE = new Interval(Double.NaN, Double.NaN);

    public boolean known() {
      return !Double.isNaN(low);
    }

    /** Its half-width in percent of {@code mean}, the precision {@code --runs auto} judges; NaN where none is known. */
    public double halfWidthPct(double mean) {
      return 100 * (high - low) / 2 / mean;
    }
  }

  /** The 95% interval of the mean of {@code runs} values of mean {@code mean} and sample deviation {@code sigma}. */
  public static Interval ofMean(int runs, double mean, double sigma) {
    if (runs < 2) {
      return Interval.NONE;
    }
    double half = quantile(runs - 1) * sigma / Math.sqrt(runs);
    return new Interval(mean - half, mean + half);
  }

  /**
   * B's mean over A's with its 95% interval and the two-sided p-value of Welch's t-test that the
   * means are equal. The interval is the delta method's (the ratio's relative variance is the sum
   * of the two means' relative variances), on Welch-Satterthwaite's degrees of freedom.
   */
  public record Ratio(double ratio, Interval ci95, double pValue) {
    /** Whether the means differ at 95%; false where there is no test. */
    public boolean significant() {
      return pValue < 1 - LEVEL;
    }
  }

  public static Ratio ofRatio(int runsA, double meanA, double sigmaA, int runsB, double meanB, double sigmaB) {
    double ratio = meanB / meanA;
    if (runsA < 2 || runsB < 2) {
      return new Ratio(ratio, Interval.NONE, Double.NaN);
    }
    double va = sigmaA * sigmaA / (runsA * meanA * meanA);
    double vb = sigmaB * sigmaB / (runsB * meanB * meanB);
    Interval ci;
    double p;
    if (va + vb == 0) {
      // every run of each side took the same time: nothing varies, the difference is exact
      ci = new Interval(ratio, ratio);
      p = meanA == meanB ? 1 : 0;
    } else {
      double df = (va + vb) * (va + vb) / (va * va / (runsA - 1) + vb * vb / (runsB - 1));
      double half = quantile(df) * ratio * Math.sqrt(va + vb);
      ci = new Interval(ratio - half, ratio + half);
      p = new TTest().tTest(summary(runsA, meanA, sigmaA), summary(runsB, meanB, sigmaB));
    }
    return new Ratio(ratio, ci, p);
  }

  private static StatisticalSummaryValues summary(int runs, double mean, double sigma) {
    // the test reads only the count, mean and variance
    return new StatisticalSummaryValues(mean, sigma * sigma, runs, Double.NaN, Double.NaN, mean * runs);
  }

  /** Student's t at the upper end of the two-sided 95% interval. */
  private static double quantile(double degreesOfFreedom) {
    return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
  }
}

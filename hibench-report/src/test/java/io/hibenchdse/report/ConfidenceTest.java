package io.hibenchdse.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The intervals and the test against figures worked out apart: by hand where Student's t has a
 * closed form (two degrees of freedom: F(t) = 1/2 + t / (2 sqrt(2 + t^2)), t(0.975) = 4.302653),
 * else with SciPy 1.17 ({@code scipy.stats.t.ppf}, {@code ttest_ind(equal_var=False)}).
 */
class ConfidenceTest {
  @Test
  void theMeanOfThreeRunsLiesWithinStudentsTTimesItsStandardError() {
    // 10, 12 and 14 s: mean 12, sample deviation 2, two degrees of freedom
    Confidence.Interval ci = Confidence.ofMean(3, 12, 2);
    double half = 4.302653 * 2 / Math.sqrt(3);
    assertEquals(12 - half, ci.low(), 1e-5);
    assertEquals(12 + half, ci.high(), 1e-5);
    assertFalse(Confidence.ofMean(1, 12, 0).known(), "one run gives no interval");
  }

  @Test
  void welchsTestOfTwoRunsEachAgainstItsClosedForm() {
    // 10, 12 s against 15, 17 s: t = 5 / sqrt(2) on 2 degrees of freedom
    Confidence.Ratio r = Confidence.ofRatio(2, 11, Math.sqrt(2), 2, 16, Math.sqrt(2));
    double t = 5 / Math.sqrt(2);
    assertEquals(1 - t / Math.sqrt(2 + t * t), r.pValue(), 1e-9);
    assertEquals(0.0715233, r.pValue(), 1e-6, "SciPy's ttest_ind");
    assertFalse(r.significant(), "p 0.07: within the noise of two runs");
    // the ratio's interval on Welch-Satterthwaite's 1.77 degrees of freedom, by SciPy
    assertEquals(16.0 / 11, r.ratio(), 1e-12);
    assertEquals(0.6719290, r.ci95().low(), 1e-6);
    assertEquals(2.2371619, r.ci95().high(), 1e-6);
  }

  @Test
  void theRatiosIntervalOnTwoDegreesOfFreedomByHand() {
    // 10, 12 s against 20, 24 s: both means' relative variances 1/121, so 2 degrees of freedom and a
    // relative standard error of sqrt(2/121)
    Confidence.Ratio r = Confidence.ofRatio(2, 11, Math.sqrt(2), 2, 22, 2 * Math.sqrt(2));
    double half = 4.302653 * 2 * Math.sqrt(2.0 / 121);
    assertEquals(2, r.ratio(), 1e-12);
    assertEquals(2 - half, r.ci95().low(), 1e-5);
    assertEquals(2 + half, r.ci95().high(), 1e-5);
    assertEquals(0.0692862, r.pValue(), 1e-6, "SciPy's ttest_ind");
  }

  @Test
  void threeRunsEachAgainstTheClosedFormOnFourDegreesOfFreedom() {
    // 10, 12, 14 s against 14, 16, 18 s: equal variances, so Welch's degrees of freedom are 4, where
    // Student's t has F(x) = 1/2 + 3/8 * x / sqrt(1 + x^2/4) * (1 - x^2 / (12 (1 + x^2/4)))
    Confidence.Ratio r = Confidence.ofRatio(3, 12, 2, 3, 16, 2);
    double t = 4 / Math.sqrt(4.0 / 3 + 4.0 / 3);
    double u = 1 + t * t / 4;
    double f = 0.5 + 3.0 / 8 * t / Math.sqrt(u) * (1 - t * t / (12 * u));
    assertEquals(2 * (1 - f), r.pValue(), 1e-9);
    assertFalse(r.significant(), "p 0.07: three runs each, 33% apart, 17% spread");
    // 10, 12, 14 s against 20, 24, 28 s: both means' relative variances 1/108, so 4 degrees of
    // freedom for the ratio's interval, t(0.975) = 2.776445
    Confidence.Ratio doubled = Confidence.ofRatio(3, 12, 2, 3, 24, 4);
    double half = 2.776445 * 2 * Math.sqrt(2.0 / 108);
    assertEquals(2 - half, doubled.ci95().low(), 1e-5);
    assertEquals(2 + half, doubled.ci95().high(), 1e-5);
    assertTrue(doubled.significant() && doubled.ci95().low() > 1, "twice the time, beyond the noise: " + doubled);
  }

  @Test
  void fiveRunsEachAgainstSciPy() {
    // A 10.2, 11.0, 9.8, 10.5, 10.9 s; B 11.1, 12.4, 11.6, 12.9, 11.8 s: means and sample deviations
    // by numpy, the rest by SciPy 1.17 (t.ppf on 4 and on Welch-Satterthwaite's 7.661 degrees of
    // freedom, ttest_ind(equal_var=False))
    double sigmaA = 0.4969909456;
    double sigmaB = 0.7021395873;
    Confidence.Interval a = Confidence.ofMean(5, 10.48, sigmaA);
    assertEquals(9.8629042, a.low(), 1e-6);
    assertEquals(11.0970958, a.high(), 1e-6);
    Confidence.Interval b = Confidence.ofMean(5, 11.96, sigmaB);
    assertEquals(11.0881786, b.low(), 1e-6);
    assertEquals(12.8318214, b.high(), 1e-6);
    Confidence.Ratio r = Confidence.ofRatio(5, 10.48, sigmaA, 5, 11.96, sigmaB);
    assertEquals(0.0059790, r.pValue(), 1e-6);
    assertTrue(r.significant());
    assertEquals(1.0517133, r.ci95().low(), 1e-6);
    assertEquals(1.2307294, r.ci95().high(), 1e-6);
  }

  @Test
  void aClearDifferenceIsSignificantAndOneRunGivesNoTest() {
    // five runs each, 1% spread, 20% apart
    Confidence.Ratio clear = Confidence.ofRatio(5, 10, 0.1, 5, 12, 0.12);
    assertTrue(clear.significant(), "p " + clear.pValue());
    assertTrue(clear.ci95().low() > 1, "the interval excludes 1: " + clear.ci95());
    Confidence.Ratio single = Confidence.ofRatio(1, 10, 0, 3, 12, 1);
    assertTrue(Double.isNaN(single.pValue()) && !single.ci95().known() && !single.significant());
    Confidence.Ratio exact = Confidence.ofRatio(2, 10, 0, 2, 10, 0);
    assertEquals(1, exact.pValue(), "equal runs, nothing varies");
    assertEquals(1, exact.ci95().low());
  }
}

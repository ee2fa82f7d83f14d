package io.hibenchdse.tpcxhs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MetricTest {
  @Test
  void hsphMatchesTheReference() {
    // docs/methodology.md#tpcx-hs-metric: SF 0.1 in 2234.75 s is 0.16 HSph@0.1
    double hsph = TpcxHs.hsph(0.1, 2234.75);
    assertEquals(0.16, Math.round(hsph * 100) / 100.0);
    assertEquals(0.1 * 3600 / 2234.75, hsph, 1e-12);
    assertEquals(1.0, TpcxHs.hsph(1, 3600), 1e-12);
  }
}

package io.hibenchdse.tpcxhs;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.hibenchdse.core.Figure;
import io.hibenchdse.core.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a TPCx-HS benchmark measured: both runs with their phases, which of them is the performance
 * run (the lower HSph@SF) and its metric, and the price and power figures when their inputs were given.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class TpcxHsMetrics {
  @Figure(Unit.RATIO)
  public double scaleFactor;
  @Figure(Unit.COUNT)
  public long rows;
  public List<Run> runs = new ArrayList<>();
  @Figure(Unit.COUNT)
  public int performanceRun;
  @Figure(Unit.COUNT)
  public int repeatabilityRun;
  /** HSph@SF of the performance run. */
  @Figure(Unit.HSPH)
  public double hsph;
  /** The system's cost per HSph@SF. */
  @Figure(Unit.PRICE_PER_HSPH)
  public Double pricePerformance;
  @Figure(Unit.WATTS_PER_HSPH)
  public Double wattsPerHsph;

  /** One complete run: HSGen to the last HSDataCheck, timed as T. */
  public static class Run {
    @Figure(Unit.COUNT)
    public int run;
    /** T, the run's elapsed time. */
    @Figure(Unit.SECONDS)
    public double seconds;
    @Figure(Unit.HSPH)
    public double hsph;
    /** Seconds per phase, in the order they ran. */
    @Figure(Unit.SECONDS)
    public Map<String, Double> phases = new LinkedHashMap<>();
    /** HSGen's checksum of the generated data: both runs generate the same. */
    public String checksum;
    @JsonIgnore
    long nanos;

    Run() {}

    Run(int run, long nanos, double sf, Map<String, Double> phases, String checksum) {
      this.run = run;
      this.nanos = nanos;
      this.seconds = nanos / 1e9;
      this.hsph = TpcxHs.hsph(sf, seconds);
      this.phases = phases;
      this.checksum = checksum;
    }
  }

  TpcxHsMetrics() {}

  /** The two runs ranked: the one with the lower HSph@SF is the performance run (the first on a tie). */
  TpcxHsMetrics(double scaleFactor, long rows, Run first, Run second, Double systemCost, Double watts) {
    this.scaleFactor = scaleFactor;
    this.rows = rows;
    runs.add(first);
    runs.add(second);
    boolean secondLower = second.hsph < first.hsph;
    performanceRun = secondLower ? second.run : first.run;
    repeatabilityRun = secondLower ? first.run : second.run;
    hsph = performance().hsph;
    pricePerformance = systemCost == null ? null : systemCost / hsph;
    wattsPerHsph = watts == null ? null : watts / hsph;
  }

  @JsonIgnore
  public Run performance() {
    return runs.get(performanceRun - 1);
  }

  @JsonIgnore
  public Run repeatability() {
    return runs.get(repeatabilityRun - 1);
  }
}

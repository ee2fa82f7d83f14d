package io.hibenchdse.launcher.suite;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The measured times of {@code --runs auto}, by run group (a workload at a profile and series
 * point): a group is settled, its other runs left out, once a run of it has ended with the interval
 * of every measured step of it within the {@link Precision}; else it ends at the most runs.
 */
final class AutoRuns {
  /**
   * How a group's runs ended: after how many, the widest interval's half-width of its steps in
   * percent of the mean then, and whether that was within the precision.
   */
  record Ended(int runs, double widestPct, boolean reached) {}

  private final Precision precision;
  private final Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
  private final Set<String> ended = new HashSet<>();

  AutoRuns(Precision precision) {
    this.precision = precision;
  }

  /** Whether {@code group}'s runs have ended: its other runs are left out. */
  boolean ended(String group) {
    return ended.contains(group);
  }

  /**
   * Adds {@code step}'s measured time to {@code group}; where that ends the group's runs (settled,
   * or the most runs measured), how, else empty.
   */
  Optional<Ended> add(String group, String step, double seconds) {
    Map<String, List<Double>> steps = times.computeIfAbsent(group, k -> new LinkedHashMap<>());
    steps.computeIfAbsent(step, k -> new ArrayList<>()).add(seconds);
    // judged at the end of a run, when each of its steps has as many times: settling after a run's
    // first step would leave its later steps one run short
    boolean runEnded = steps.values().stream().mapToInt(List::size).distinct().count() == 1;
    if (ended.contains(group) || !runEnded) {
      return Optional.empty();
    }
    int runs = steps.values().iterator().next().size();
    boolean reached = steps.values().stream().allMatch(precision::reached);
    if (!reached && runs < precision.maxRuns()) {
      return Optional.empty();
    }
    ended.add(group);
    return Optional.of(new Ended(runs, steps.values().stream().mapToDouble(Precision::halfWidthPct).max().getAsDouble(), reached));
  }
}

package io.hibenchdse.launcher.suite;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The measured times of {@code --runs auto}, by run group (a workload at a profile and series
 * point): a group is settled, its other runs left out, once a run of it has ended with the interval
 * of every measured step of it within the {@link Precision}.
 */
final class AutoRuns {
  private final Precision precision;
  private final Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
  private final Set<String> settled = new HashSet<>();

  AutoRuns(Precision precision) {
    this.precision = precision;
  }

  boolean settled(String group) {
    return settled.contains(group);
  }

  /**
   * Adds {@code step}'s measured time to {@code group}; where that settles the group, the widest
   * interval's half-width of its steps in percent of the mean, else empty.
   */
  OptionalDouble add(String group, String step, double seconds) {
    Map<String, List<Double>> steps = times.computeIfAbsent(group, k -> new LinkedHashMap<>());
    steps.computeIfAbsent(step, k -> new ArrayList<>()).add(seconds);
    // judged at the end of a run, when each of its steps has as many times: settling after a run's
    // first step would leave its later steps one run short
    boolean runEnded = steps.values().stream().mapToInt(List::size).distinct().count() == 1;
    if (settled.contains(group) || !runEnded || !steps.values().stream().allMatch(precision::reached)) {
      return OptionalDouble.empty();
    }
    settled.add(group);
    return steps.values().stream().mapToDouble(Precision::halfWidthPct).max();
  }
}

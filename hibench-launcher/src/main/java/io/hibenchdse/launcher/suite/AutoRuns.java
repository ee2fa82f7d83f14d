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
 * point): a group is settled, its other runs left out, once the interval of every measured step of
 * it is within the {@link Precision}.
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
    if (settled.contains(group) || !steps.values().stream().allMatch(precision::reached)) {
      return OptionalDouble.empty();
    }
    settled.add(group);
    return steps.values().stream().mapToDouble(Precision::halfWidthPct).max();
  }
}

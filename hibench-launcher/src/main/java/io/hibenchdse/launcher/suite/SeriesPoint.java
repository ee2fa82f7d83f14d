package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.RecordedPoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One point of a series: its settings in the order {@code --vary} named them, its place in the
 * series (from 1; 0 for a run that is no series), and whether the series is a grid, whose rows are
 * the points that share every setting but the last.
 */
public record SeriesPoint(int index, Map<SeriesKey, String> settings, boolean grid) {
  /** A run that is no series. */
  public static final SeriesPoint NONE = new SeriesPoint(0, Map.of(), false);

  public SeriesPoint {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /** The point's value of {@code key}, or null where it does not set it. */
  public String get(SeriesKey key) {
    return settings.get(key);
  }

  /** The point's count for {@code key} ({@code maps}, {@code files}, ...), or null where it does not set it. */
  public Integer count(SeriesKey key) {
    return settings.containsKey(key) ? SeriesKey.count(settings.get(key)) : null;
  }

  /** {@code maps=4,reduces=2}; empty for a run that is no series. */
  public String label() {
    return label(new ArrayList<>(settings.entrySet()));
  }

  /** A grid's row this point is in (every setting but the last); null outside a grid. */
  public String row() {
    List<Map.Entry<SeriesKey, String>> all = new ArrayList<>(settings.entrySet());
    return grid && all.size() > 1 ? label(all.subList(0, all.size() - 1)) : null;
  }

  /** What the record of a run at this point says of it; null for a run that is no series'. */
  RecordedPoint recorded() {
    return settings.isEmpty() ? null
        : new RecordedPoint(label(), index, row(), settings.keySet().stream().anyMatch(SeriesKey::changesData));
  }

  /** The point as {@code workload} sees it: only the settings it takes. */
  SeriesPoint of(SuiteWorkload workload) {
    Map<SeriesKey, String> own = new LinkedHashMap<>();
    settings.forEach((k, v) -> {
      if (k.everyWorkload() || workload.takes().contains(k)) {
        own.put(k, v);
      }
    });
    return new SeriesPoint(index, own, grid);
  }

  /** The settings that decide the deployment: points that agree on them share one. */
  public Map<SeriesKey, String> deployment() {
    Map<SeriesKey, String> own = new LinkedHashMap<>();
    settings.forEach((k, v) -> {
      if (k.deployment()) {
        own.put(k, v);
      }
    });
    return own;
  }

  private static String label(List<Map.Entry<SeriesKey, String>> settings) {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<SeriesKey, String> e : settings) {
      b.append(b.length() == 0 ? "" : ",").append(e.getKey().label()).append('=').append(e.getValue());
    }
    return b.toString();
  }
}

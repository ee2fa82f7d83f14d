package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A series of runs ({@code --vary KEY=V1,V2,...}, repeatable): lists of equal length varied
 * together, point by point (the reference report's pairs of maps and reduces), or with
 * {@code --grid} every combination of them, the first key varying slowest. Checked whole when
 * made, before anything starts.
 */
public final class Series {
  /** More points than this is a mistake more often than an experiment. */
  public static final int MAX_POINTS = 64;

  private final Map<SeriesKey, List<String>> values;
  private final List<SeriesPoint> points;

  private Series(Map<SeriesKey, List<String>> values, List<SeriesPoint> points) {
    this.values = values;
    this.points = points;
  }

  /** The series {@code --vary} and {@code --grid} describe; none without {@code --vary}. */
  public static Series of(List<String> vary, boolean grid) {
    Map<SeriesKey, List<String>> values = new LinkedHashMap<>();
    for (String v : vary) {
      int eq = v.indexOf('=');
      if (eq < 1 || eq == v.length() - 1) {
        throw new UsageException("--vary " + v + ": give KEY=V1,V2,... (such as maps=3,4,6,12)");
      }
      SeriesKey key;
      try {
        key = SeriesKey.of(v.substring(0, eq).trim());
      } catch (IllegalArgumentException e) {
        throw new UsageException("--vary " + v + ": " + e.getMessage());
      }
      if (values.containsKey(key)) {
        throw new UsageException("--vary " + key.label() + " is given twice: list all its values in one");
      }
      List<String> list = split(key, v.substring(eq + 1));
      for (String value : list) {
        try {
          key.check(value);
        } catch (RuntimeException e) {
          throw new UsageException("--vary " + key.label() + ": " + e.getMessage());
        }
      }
      values.put(key, list);
    }
    if (grid && values.isEmpty()) {
      throw new UsageException("--grid combines the lists of --vary: give --vary KEY=V1,V2,...");
    }
    long count = 1;
    for (List<String> list : values.values()) {
      count = grid ? count * list.size() : list.size();
      if (count > MAX_POINTS) {
        break;
      }
    }
    if (!grid) {
      checkEqualLengths(values);
    }
    if (count > MAX_POINTS) {
      throw new UsageException("--vary makes " + (grid ? "more than " + MAX_POINTS : count) + " points; at most "
          + MAX_POINTS + " are run in one series");
    }
    return new Series(values, values.isEmpty() ? List.of(SeriesPoint.NONE) : points(values, grid));
  }

  private static void checkEqualLengths(Map<SeriesKey, List<String>> values) {
    int length = -1;
    for (Map.Entry<SeriesKey, List<String>> e : values.entrySet()) {
      if (length >= 0 && e.getValue().size() != length) {
        StringBuilder lengths = new StringBuilder();
        values.forEach((k, l) -> lengths.append(lengths.length() == 0 ? "" : ", ").append(k.label()).append(' ').append(l.size()));
        throw new UsageException("--vary lists vary together point by point and must be as long (" + lengths
            + "); --grid runs every combination instead");
      }
      length = e.getValue().size();
    }
  }

  /** The values of a list; a link's delay stays with its rate ({@code link=1gbit,100mbit,0.5ms}). */
  private static List<String> split(SeriesKey key, String text) {
    List<String> list = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String value = part.trim();
      if (key == SeriesKey.LINK && !list.isEmpty() && value.matches("\\d+(\\.\\d+)?(us|ms|s)")) {
        list.set(list.size() - 1, list.get(list.size() - 1) + "," + value);
      } else if (value.isEmpty()) {
        throw new UsageException("--vary " + key.label() + "=" + text + " has an empty value");
      } else {
        list.add(value);
      }
    }
    return list;
  }

  private static List<SeriesPoint> points(Map<SeriesKey, List<String>> values, boolean grid) {
    List<Map<SeriesKey, String>> settings = new ArrayList<>();
    if (grid) {
      settings.add(new LinkedHashMap<>());
      for (Map.Entry<SeriesKey, List<String>> e : values.entrySet()) {
        List<Map<SeriesKey, String>> next = new ArrayList<>();
        for (Map<SeriesKey, String> s : settings) {
          for (String v : e.getValue()) {
            Map<SeriesKey, String> more = new LinkedHashMap<>(s);
            more.put(e.getKey(), v);
            next.add(more);
          }
        }
        settings = next;
      }
    } else {
      int length = values.values().iterator().next().size();
      for (int i = 0; i < length; i++) {
        Map<SeriesKey, String> s = new LinkedHashMap<>();
        for (Map.Entry<SeriesKey, List<String>> e : values.entrySet()) {
          s.put(e.getKey(), e.getValue().get(i));
        }
        settings.add(s);
      }
    }
    List<SeriesPoint> points = new ArrayList<>();
    java.util.Set<String> labels = new java.util.HashSet<>();
    for (Map<SeriesKey, String> s : settings) {
      SeriesPoint p = new SeriesPoint(points.size() + 1, s, grid);
      if (!labels.add(p.label())) {
        throw new UsageException("--vary makes the point " + p.label() + " twice: a series measures each point once");
      }
      points.add(p);
    }
    return List.copyOf(points);
  }

  /** Its points in order; a run that is no series has the one {@link SeriesPoint#NONE}. */
  public List<SeriesPoint> points() {
    return points;
  }

  /** Whether it varies {@code key}. */
  public boolean varies(SeriesKey key) {
    return values.containsKey(key);
  }

  /**
   * What is said once for the varied keys that some of {@code workloads} do not take: those run
   * once for each value of the other keys.
   */
  List<String> skipped(List<SuiteWorkload> workloads) {
    List<String> notes = new ArrayList<>();
    for (SeriesKey key : values.keySet()) {
      List<String> not = new ArrayList<>();
      for (SuiteWorkload w : workloads) {
        if (!key.everyWorkload() && !w.takes().contains(key) && !not.contains(w.suiteName())) {
          not.add(w.suiteName());
        }
      }
      if (!not.isEmpty()) {
        notes.add("--vary " + key.label() + " does not apply to " + String.join(", ", not)
            + ": skipped for " + (not.size() == 1 ? "it" : "them") + ", run once for each value of the other keys");
      }
    }
    return notes;
  }
}

package io.hibenchdse.launcher.suite;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run's record says of its series point: its label ({@code maps=4,reduces=2}), its place in
 * the series (from 1) and, in a grid, its row. Written as the suite's labels and read back from a
 * record's configuration here, so no other class names or parses the keys.
 */
public record RecordedPoint(String label, int index, String row) {
  /** What the record of a run at {@code point} says; null for a run that is no series'. */
  static RecordedPoint of(SeriesPoint point) {
    return point.settings().isEmpty() ? null : new RecordedPoint(point.label(), point.index(), point.row());
  }

  /** The suite's labels that say it, as a step passes them to its job. */
  Map<String, String> labels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(HibenchConfigKeys.SERIES_POINT, label);
    labels.put(HibenchConfigKeys.SERIES_INDEX, Integer.toString(index));
    if (row != null) {
      labels.put(HibenchConfigKeys.SERIES_ROW, row);
    }
    return labels;
  }

  /**
   * The point a record's {@code configuration} names, or null where it names none; a record
   * without an index (written before the index was recorded) sorts first.
   */
  static RecordedPoint read(Map<String, String> configuration) {
    String label = configuration.get(HibenchConfigKeys.SERIES_POINT);
    if (label == null) {
      return null;
    }
    String index = configuration.get(HibenchConfigKeys.SERIES_INDEX);
    try {
      return new RecordedPoint(label, index == null ? 0 : Integer.parseInt(index), configuration.get(HibenchConfigKeys.SERIES_ROW));
    } catch (NumberFormatException e) {
      throw new UsageException(HibenchConfigKeys.SERIES_INDEX + " '" + index + "' is not a point's place in its series");
    }
  }
}

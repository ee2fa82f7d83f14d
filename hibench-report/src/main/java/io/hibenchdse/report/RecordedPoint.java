package io.hibenchdse.report;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run's record says of its series point: its label ({@code maps=4,reduces=2}), its place in
 * the series (from 1), in a grid its row, and whether it sets the data its runs move (a size, a
 * profile, a record count: a series of such points measures scaling, not tuning). The suite writes
 * it as labels and the report reads it back here, so no other class names or parses the keys.
 */
public record RecordedPoint(String label, int index, String row, boolean changesData) {
  /** The suite's labels that say it, as a step passes them to its job. */
  public Map<String, String> labels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(HibenchConfigKeys.SERIES_POINT, label);
    labels.put(HibenchConfigKeys.SERIES_INDEX, Integer.toString(index));
    if (row != null) {
      labels.put(HibenchConfigKeys.SERIES_ROW, row);
    }
    if (changesData) {
      labels.put(HibenchConfigKeys.SERIES_CHANGES_DATA, "true");
    }
    return labels;
  }

  /**
   * The point a record's {@code configuration} names, or null where it names none; a record
   * without an index (written before the index was recorded) sorts first.
   */
  public static RecordedPoint read(Map<String, String> configuration) {
    String label = configuration.get(HibenchConfigKeys.SERIES_POINT);
    if (label == null) {
      return null;
    }
    String index = configuration.get(HibenchConfigKeys.SERIES_INDEX);
    try {
      return new RecordedPoint(label, index == null ? 0 : Integer.parseInt(index), configuration.get(HibenchConfigKeys.SERIES_ROW),
          Boolean.parseBoolean(configuration.get(HibenchConfigKeys.SERIES_CHANGES_DATA)));
    } catch (NumberFormatException e) {
      throw new UsageException(HibenchConfigKeys.SERIES_INDEX + " '" + index + "' is not a point's place in its series");
    }
  }
}

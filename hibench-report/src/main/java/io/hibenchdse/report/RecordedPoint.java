package io.hibenchdse.report;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a run's record says of its series point: its label ({@code maps=4,reduces=2}), its place in
 * the series (from 1), in a grid its row, and whether it sets the data its runs move (a size, a
 * profile, a record count: a series of such points measures scaling, not tuning). The suite writes
 * it as labels and the report reads it back here, so no other class names or parses the keys.
 */
public record RecordedPoint(String label, int index, String row, boolean changesData) {
  /**
   * The settings that set the data, as records written before they said {@code changesData}
   * named them (through 2026-11): the fallback for those records only, a fixed fact of theirs.
   */
  private static final Set<String> DATA_SETTINGS_OF_EARLIER_RECORDS = Set.of("size", "profile", "records");

  /** The suite's labels that say it, as a step passes them to its job. */
  public Map<String, String> labels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(HibenchConfigKeys.SERIES_POINT, label);
    labels.put(HibenchConfigKeys.SERIES_INDEX, Integer.toString(index));
    if (row != null) {
      labels.put(HibenchConfigKeys.SERIES_ROW, row);
    }
    labels.put(HibenchConfigKeys.SERIES_CHANGES_DATA, Boolean.toString(changesData));
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
      String changesData = configuration.get(HibenchConfigKeys.SERIES_CHANGES_DATA);
      return new RecordedPoint(label, index == null ? 0 : Integer.parseInt(index), configuration.get(HibenchConfigKeys.SERIES_ROW),
          changesData != null ? Boolean.parseBoolean(changesData) : setsDataAsEarlierRecordsSay(label));
    } catch (NumberFormatException e) {
      throw new UsageException(HibenchConfigKeys.SERIES_INDEX + " '" + index + "' is not a point's place in its series");
    }
  }

  private static boolean setsDataAsEarlierRecordsSay(String label) {
    for (String setting : label.split(",")) {
      int eq = setting.indexOf('=');
      if (eq > 0 && DATA_SETTINGS_OF_EARLIER_RECORDS.contains(setting.substring(0, eq))) {
        return true;
      }
    }
    return false;
  }
}

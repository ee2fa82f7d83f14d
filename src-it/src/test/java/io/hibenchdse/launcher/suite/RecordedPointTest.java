package io.hibenchdse.launcher.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.report.RecordedPoint;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A grid's point as its run's record says it, and read back from the record as it was planned. */
class RecordedPointTest {
  @Test
  void aGridsPointReadsBackFromItsRecordsLabels() {
    Map<SeriesKey, String> settings = new LinkedHashMap<>();
    settings.put(SeriesKey.MAPS, "4");
    settings.put(SeriesKey.REDUCES, "2");
    RecordedPoint planned = new SeriesPoint(3, settings, true).recorded();
    Map<String, String> labels = planned.labels();
    assertEquals("maps=4,reduces=2", labels.get(HibenchConfigKeys.SERIES_POINT));
    assertEquals("3", labels.get(HibenchConfigKeys.SERIES_INDEX));
    assertEquals("maps=4", labels.get(HibenchConfigKeys.SERIES_ROW));
    assertEquals("false", labels.get(HibenchConfigKeys.SERIES_CHANGES_DATA), "a tuning point leaves the data as it is: " + labels);
    Map<String, String> record = new LinkedHashMap<>(labels);
    record.put(HibenchConfigKeys.PROFILE, "tiny");
    assertEquals(planned, RecordedPoint.read(record));
  }

  /** A size, a profile or a record count sets the data a point's runs move: that series measures scaling, with no best point. */
  @Test
  void aPointSettingTheDataSaysSoInItsRecord() {
    for (SeriesKey key : new SeriesKey[] {SeriesKey.SIZE, SeriesKey.PROFILE, SeriesKey.RECORDS}) {
      Map<SeriesKey, String> settings = new LinkedHashMap<>();
      settings.put(SeriesKey.MAPS, "4");
      settings.put(key, "1");
      RecordedPoint planned = new SeriesPoint(1, settings, false).recorded();
      assertEquals("true", planned.labels().get(HibenchConfigKeys.SERIES_CHANGES_DATA), key.label());
      assertTrue(RecordedPoint.read(planned.labels()).changesData(), key.label());
    }
    // records written before the suite said it: read from the point's settings as they named them
    assertTrue(RecordedPoint.read(Map.of(HibenchConfigKeys.SERIES_POINT, "maps=2,size=1g")).changesData());
    assertTrue(RecordedPoint.read(Map.of(HibenchConfigKeys.SERIES_POINT, "records=1000")).changesData());
    assertFalse(RecordedPoint.read(Map.of(HibenchConfigKeys.SERIES_POINT, "maps=2,reduces=4")).changesData());
    assertFalse(RecordedPoint.read(Map.of(HibenchConfigKeys.SERIES_POINT, "size=1g", HibenchConfigKeys.SERIES_CHANGES_DATA, "false"))
        .changesData(), "what a record says wins");
  }

  @Test
  void aRunOfNoSeriesRecordsNoPoint() {
    assertNull(SeriesPoint.NONE.recorded());
    assertNull(RecordedPoint.read(Map.of(HibenchConfigKeys.PROFILE, "tiny")));
  }

  @Test
  void anIndexThatIsNoNumberIsNamed() {
    UsageException e = assertThrows(UsageException.class,
        () -> RecordedPoint.read(Map.of(HibenchConfigKeys.SERIES_POINT, "maps=4", HibenchConfigKeys.SERIES_INDEX, "three")));
    assertTrue(e.getMessage().contains(HibenchConfigKeys.SERIES_INDEX) && e.getMessage().contains("'three'"), e.getMessage());
  }
}

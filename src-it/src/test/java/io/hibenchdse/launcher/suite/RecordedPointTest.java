package io.hibenchdse.launcher.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.HibenchConfigKeys;
import io.hibenchdse.core.UsageException;
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
    RecordedPoint planned = RecordedPoint.of(new SeriesPoint(3, settings, true));
    Map<String, String> labels = planned.labels();
    assertEquals("maps=4,reduces=2", labels.get(HibenchConfigKeys.SERIES_POINT));
    assertEquals("3", labels.get(HibenchConfigKeys.SERIES_INDEX));
    assertEquals("maps=4", labels.get(HibenchConfigKeys.SERIES_ROW));
    Map<String, String> record = new LinkedHashMap<>(labels);
    record.put(HibenchConfigKeys.PROFILE, "tiny");
    assertEquals(planned, RecordedPoint.read(record));
  }

  @Test
  void aRunOfNoSeriesRecordsNoPoint() {
    assertNull(RecordedPoint.of(SeriesPoint.NONE));
    assertNull(RecordedPoint.read(Map.of(HibenchConfigKeys.PROFILE, "tiny")));
  }

  @Test
  void anIndexThatIsNoNumberIsNamed() {
    UsageException e = assertThrows(UsageException.class,
        () -> RecordedPoint.read(Map.of(HibenchConfigKeys.SERIES_POINT, "maps=4", HibenchConfigKeys.SERIES_INDEX, "three")));
    assertTrue(e.getMessage().contains(HibenchConfigKeys.SERIES_INDEX) && e.getMessage().contains("'three'"), e.getMessage());
  }
}

package io.hibenchdse.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.Unit;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.monitor.Utilization;
import io.hibenchdse.tpcxhs.TpcxHsMetrics;
import io.hibenchdse.ycsb.YcsbMetrics;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The records the report reads name the units its tables and charts assume of their figures. */
class RecordUnitsTest {
  @Test
  void eachWorkloadsAndTheMonitorsFiguresCarryTheirUnitsIntoTheRecord() {
    RunResult r = new RunResult("w", "T");
    r.metrics(new DfsioeMetrics()).metrics(new RunResult("t", "T").metrics(TpcxHsMetrics.class)).metrics(new YcsbMetrics());
    r.utilization(new Utilization(1, Map.of(), null, Map.of(), Map.of()));
    Map<String, Unit> expected = Map.ofEntries(Map.entry("throughputMbSec", Unit.MEBIBYTES_PER_SECOND),
        Map.entry("totalMBytes", Unit.MEBIBYTES), Map.entry("aggregatedThroughputBytesPerSec", Unit.BYTES_PER_SECOND),
        Map.entry("slotThroughput", Unit.BYTES_PER_SECOND), Map.entry("samplingOverheadPct", Unit.PERCENT),
        Map.entry("hsph", Unit.HSPH), Map.entry("phases", Unit.SECONDS), Map.entry("scaleFactor", Unit.RATIO),
        Map.entry("throughputOpsPerSec", Unit.OPERATIONS_PER_SECOND), Map.entry("meanUs", Unit.MICROSECONDS),
        Map.entry("p999Us", Unit.MICROSECONDS), Map.entry("returns", Unit.COUNT), Map.entry("cpuUserPct", Unit.PERCENT),
        Map.entry("netRxKBps", Unit.KIBIBYTES_PER_SECOND), Map.entry("ioAwaitMs", Unit.MILLISECONDS),
        Map.entry("rssMB", Unit.MEBIBYTES), Map.entry("contextSwitchesPerSec", Unit.PER_SECOND));
    expected.forEach((figure, unit) -> assertEquals(unit, r.unit(figure), figure));
  }
}

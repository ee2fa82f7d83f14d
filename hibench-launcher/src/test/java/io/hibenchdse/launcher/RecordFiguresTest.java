package io.hibenchdse.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.Unit;
import io.hibenchdse.dfsio.DfsioeMetrics;
import io.hibenchdse.hive.runner.HiveQuery;
import io.hibenchdse.monitor.Utilization;
import io.hibenchdse.spark.SparkFigures;
import io.hibenchdse.tpcxhs.HsDataCheck;
import io.hibenchdse.tpcxhs.HsGen;
import io.hibenchdse.tpcxhs.HsValidate;
import io.hibenchdse.tpcxhs.TpcxHsMetrics;
import io.hibenchdse.ycsb.YcsbMetrics;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every workload's typed figures, and the monitor's, held by one record: each number has a unit
 * and a name has one unit across all of them. A figure added without one fails here, at the build,
 * not at the end of a user's run whose record it would refuse.
 */
class RecordFiguresTest {
  private static final List<Class<?>> FIGURES = List.of(DfsioeMetrics.class, TpcxHsMetrics.class, HsGen.Metrics.class,
      HsValidate.Metrics.class, HsDataCheck.Metrics.class, HiveQuery.Metrics.class, SparkFigures.class, YcsbMetrics.class);

  @Test
  void everyWorkloadsFiguresHaveUnitsAndANameHasOneUnitAcrossThem() {
    RunResult all = new RunResult("all", "All");
    for (Class<?> figures : FIGURES) {
      all.metrics(new RunResult("one", "One").metrics(figures)); // an instance as a record's JSON would give it
    }
    all.utilization(new Utilization(1, Map.of(), null, Map.of(), Map.of()));
    assertTrue(all.units().size() > 80, all.units().toString());
    assertEquals(Unit.SECONDS, all.unit("querySec"));
    assertEquals(Unit.SECONDS, all.unit("executorRunSec"));
    assertEquals(Unit.COUNT, all.unit("resultRows"));
    assertEquals(Unit.COUNT, all.unit("records"));
  }
}

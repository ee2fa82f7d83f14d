package io.hibenchdse.hive.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.RunResult;

/** What every HiveBench result record must hold. */
final class RunResultChecks {
  private RunResultChecks() {}

  static void check(RunResult r, String type) {
    assertEquals(type, r.type());
    HiveQuery.Metrics m = r.metrics(HiveQuery.Metrics.class);
    assertEquals(m.querySec(), r.durationSec(), 1e-9);
    assertTrue(m.querySec() > 0 && m.commandSec() > m.querySec(), "query " + m.querySec() + " s, command " + m.commandSec() + " s");
    assertTrue(m.mapReduceJobs() >= 1, r.metrics().toString());
    assertEquals("mr", r.configuration().get("hive.execution.engine"));
    assertEquals("1", r.configuration().get("mapreduce.local.map.tasks.maximum"));
    assertEquals("1", r.configuration().get("mapreduce.local.reduce.tasks.maximum"));
    assertEquals("org.apache.hadoop.hive.ql.io.HiveInputFormat", r.configuration().get("hive.input.format"));
    assertTrue(r.inputBytes() > 0 && r.throughputBytesPerSec() > 0);
  }
}

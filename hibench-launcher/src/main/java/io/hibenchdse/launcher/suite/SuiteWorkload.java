package io.hibenchdse.launcher.suite;

import java.util.List;

/** A workload of the suite as it appears in conf/benchmarks.lst, with the steps of one run. */
public interface SuiteWorkload {
  /** Map and reduce task counts a run asks for (HiBench's NUM_MAPS and NUM_REDS), and the replication of what it writes. */
  record Parallelism(int maps, int reduces, int replication) {}

  /** The name in benchmarks.lst. */
  String suiteName();

  /** Prepare and measured steps of one run under {@code root}, data drawn with {@code seed}. */
  List<Step> steps(Profile profile, String root, Parallelism par, long seed);
}

package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.launcher.deployment.WriteAck;
import io.hibenchdse.launcher.deployment.ServingStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** A workload of the suite as it appears in conf/benchmarks.lst, with the steps of one run. */
public interface SuiteWorkload {
  /**
   * What every workload's steps are made with: map and reduce task counts a run asks for
   * (HiBench's NUM_MAPS and NUM_REDS; YCSB's client threads are the maps), the replication of what
   * it writes, the directory of YCSB's workload files, YCSB's series of record counts (none: the
   * profile's), the store YCSB's steps run on and what its writes reach before they are acknowledged;
   * and a series point's own data size in bytes, DFSIOE file count, YCSB record count and client
   * threads, each null where the profile's (or the maps) hold.
   */
  record Context(int maps, int reduces, int replication, Path ycsbWorkloads, List<Long> ycsbRecords, ServingStore serving,
      WriteAck writeAck, Long size, Integer files, Long records, Integer threads) {}

  /** The name in benchmarks.lst. */
  String suiteName();

  /** The keys of a series it takes beside those every workload takes (the profile, the deployment's). */
  Set<SeriesKey> takes();

  /** Prepare, warm-up and measured steps of one run under {@code root}, data drawn with {@code seed}. */
  List<Step> steps(Profile profile, String root, Context par, long seed);

  /**
   * Whether each run warms up by itself (a YCSB run phase before the measured one): then the
   * suite's {@code --warmup} runs, which repeat a whole run unreported, are not made for it.
   */
  default boolean warmsUpEachRun() {
    return false;
  }

  /** Whether its steps run on a serving store (YCSB's) rather than on the storage and its jobs. */
  default boolean served() {
    return false;
  }

  /** The MapReduce workload it runs beside on the same data, which its records name for the report; null for none. */
  default SuiteWorkload counterpart() {
    return null;
  }
}

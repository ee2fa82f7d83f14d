package io.hibenchdse.launcher.suite;

import io.hibenchdse.hive.DataGen;
import java.util.List;
import java.util.Locale;

/**
 * HiveBench's queries as suite steps: HiBench.DataGen at the profile's pages and visits (HiBench's
 * hive workload configurations), then the query through Hive, each in its own directory as HiBench
 * lays them out ({@code /HiBench/Aggregation/Input}, {@code .../Output}).
 */
public enum HiveBenchWorkload implements SuiteWorkload {
  SCAN, AGGREGATION, JOIN;

  /** The jar name of the query steps: they run in the Hive JVM, not through `hadoop jar`. */
  public static final String JAR = "hive-runner";

  static long pages(Profile p) {
    switch (p) {
      case TINY: return 120;
      case SMALL: return 12_000;
      case LARGE: return 120_000;
      case HUGE: return 1_200_000;
      case GIGANTIC: return 12_000_000;
      default: return 120_000_000; // bigdata: gigantic's ratio, ten times over
    }
  }

  static long visits(Profile p) {
    switch (p) {
      case TINY: return 1_000;
      case SMALL: return 100_000;
      case LARGE: return 1_000_000;
      case HUGE: return 10_000_000;
      case GIGANTIC: return 100_000_000;
      default: return 1_000_000_000;
    }
  }

  @Override
  public String suiteName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @Override
  public List<Step> steps(Profile profile, String root, Parallelism par, long seed) {
    String dir = root + "/" + name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
    List<String> prepare = List.of("HiBench.DataGen", "-D", DataGen.SEED + "=" + seed, "-overwrite",
        "-t", "hive", "-b", dir, "-n", "Input", "-m", String.valueOf(par.maps()), "-r", String.valueOf(par.reduces()),
        "-p", String.valueOf(pages(profile)), "-v", String.valueOf(visits(profile)), "-o", "sequence");
    return List.of(new Step(suiteName(), "hive-datagen", prepare, false),
        new Step(suiteName(), JAR, List.of(suiteName(), "-overwrite", dir + "/Input", dir + "/Output"), true));
  }
}

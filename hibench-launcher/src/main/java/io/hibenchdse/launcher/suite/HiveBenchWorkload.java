package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.hive.DataGen;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * HiveBench's queries as suite steps: HiBench.DataGen at the profile's pages and visits (HiBench's
 * hive workload configurations), then the query through Hive, each in its own directory as HiBench
 * lays them out ({@code /HiBench/Aggregation/Input}, {@code .../Output}).
 */
public enum HiveBenchWorkload implements SuiteWorkload, WorkloadData {
  SCAN, AGGREGATION, JOIN;

  static long pages(Profile p) {
    return p.rows(120);
  }

  static long visits(Profile p) {
    return p.rows(1_000);
  }

  @Override
  public String suiteName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @Override
  public Set<SeriesKey> takes() {
    return Set.of(SeriesKey.MAPS, SeriesKey.REDUCES);
  }

  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    return List.of(prepare(suiteName(), profile, root, par, seed),
        Step.hiveQuery(suiteName(), List.of(suiteName(), "-overwrite", input(root), output(root)), Step.Role.MEASURE));
  }

  private String dir(String root) {
    return root + "/" + name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
  }

  @Override
  public String input(String root) {
    return dir(root) + "/Input";
  }

  @Override
  public String output(String root) {
    return dir(root) + "/Output";
  }

  @Override
  public Step prepare(String suiteWorkload, Profile profile, String root, Context par, long seed) {
    return Step.tool(suiteWorkload, SuiteJar.HIVE_DATAGEN, List.of("HiBench.DataGen", "-D", DataGen.SEED + "=" + seed, "-overwrite",
        "-t", "hive", "-b", dir(root), "-n", "Input", "-m", String.valueOf(par.maps()), "-r", String.valueOf(par.reduces()),
        "-p", String.valueOf(pages(profile)), "-v", String.valueOf(visits(profile)), "-o", "sequence"), Step.Role.PREPARE);
  }
}

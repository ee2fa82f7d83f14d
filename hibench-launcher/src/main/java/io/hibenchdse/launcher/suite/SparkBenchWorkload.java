package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.spark.SparkWorkload;
import io.hibenchdse.tpcxhs.HsGen;
import java.util.List;
import java.util.Set;

/**
 * HiBench's Spark workloads as suite steps, on the data of their MapReduce counterparts (Hive's for
 * the queries): the same generator with the same seed writes the same input in the same directory
 * (HiBench's layout), then Spark's job reads it with as many shuffle partitions as the MapReduce job
 * has reduces, so the two engines' rows compare on equal work.
 */
public enum SparkBenchWorkload implements SuiteWorkload {
  WORDCOUNT(SparkWorkload.WORDCOUNT, MicroWorkload.WORDCOUNT),
  SORT(SparkWorkload.SORT, MicroWorkload.SORT),
  TERASORT(SparkWorkload.TERASORT, new TeraSortData()),
  SCAN(SparkWorkload.SCAN, HiveBenchWorkload.SCAN),
  AGGREGATION(SparkWorkload.AGGREGATION, HiveBenchWorkload.AGGREGATION),
  JOIN(SparkWorkload.JOIN, HiveBenchWorkload.JOIN);

  private final SparkWorkload spark;
  /** The data it runs on: its MapReduce counterpart's, or HSGen's for TeraSort, which has none in the suite. */
  private final WorkloadData data;

  SparkBenchWorkload(SparkWorkload spark, WorkloadData data) {
    this.spark = spark;
    this.data = data;
  }

  /** HSGen's records at the profile's TPCx-HS rows, in HiBench's TeraSort directories. */
  private static final class TeraSortData implements WorkloadData {
    @Override
    public Step prepare(String suiteWorkload, Profile profile, String root, Context par, long seed) {
      long rows = par.size() != null ? Math.max(1, par.size() / TpcxHsWorkload.ROW_BYTES) : TpcxHsWorkload.rows(profile);
      return Step.tool(suiteWorkload, SuiteJar.TPCX_HS, List.of(HsGen.NAME, "-rows", String.valueOf(rows), "-maps",
          String.valueOf(par.maps()), "-replication", String.valueOf(par.replication()), "-overwrite", input(root)), Step.Role.PREPARE);
    }

    @Override
    public String input(String root) {
      return root + "/Terasort/Input";
    }

    @Override
    public String output(String root) {
      return root + "/Terasort/Output";
    }
  }

  /** Its data's MapReduce workload (none for TeraSort, whose HSGen data has no suite workload of its own). */
  @Override
  public SuiteWorkload counterpart() {
    return data instanceof SuiteWorkload counterpart ? counterpart : null;
  }

  @Override
  public String suiteName() {
    return spark.workloadName();
  }

  @Override
  public Set<SeriesKey> takes() {
    return counterpart() != null ? counterpart().takes() : Set.of(SeriesKey.MAPS, SeriesKey.REDUCES, SeriesKey.SIZE);
  }

  /** Its counterpart's generator, then Spark's job with as many shuffle partitions (RDD's and SQL's) as reduces. */
  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    String partitions = String.valueOf(par.reduces());
    return List.of(data.prepare(suiteName(), profile, root, par, seed), Step.sparkJob(suiteName(), List.of(suiteName(),
        "-D", "spark.default.parallelism=" + partitions, "-D", "spark.sql.shuffle.partitions=" + partitions,
        "-overwrite", data.input(root), data.output(root)), Step.Role.MEASURE));
  }
}

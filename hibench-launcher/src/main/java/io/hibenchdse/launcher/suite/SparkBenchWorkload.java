package io.hibenchdse.launcher.suite;

import io.hibenchdse.spark.SparkWorkload;
import io.hibenchdse.tpcxhs.HsGen;
import java.util.List;
import java.util.Set;

/**
 * HiBench's Spark workloads as suite steps, on the data of their MapReduce counterparts: the same
 * generator with the same seed writes the same input in the same directory (HiBench's layout), then
 * Spark's job reads it with as many shuffle partitions as the MapReduce job has reduces
 * ({@code spark.default.parallelism}), so the two engines' rows compare on equal work.
 */
public enum SparkBenchWorkload implements SuiteWorkload {
  WORDCOUNT(SparkWorkload.WORDCOUNT, MicroWorkload.WORDCOUNT),
  SORT(SparkWorkload.SORT, MicroWorkload.SORT),
  TERASORT(SparkWorkload.TERASORT, null);

  private final SparkWorkload spark;
  /** The MapReduce workload whose input it reads; null for TeraSort, whose input is HSGen's. */
  private final MicroWorkload micro;

  SparkBenchWorkload(SparkWorkload spark, MicroWorkload micro) {
    this.spark = spark;
    this.micro = micro;
  }

  /** The MapReduce workload a Spark workload runs beside on the same data, or null (none, or not Spark's). */
  public static String counterpart(String suiteName) {
    for (SparkBenchWorkload w : values()) {
      if (w.suiteName().equals(suiteName)) {
        return w.micro == null ? null : w.micro.suiteName();
      }
    }
    return null;
  }

  @Override
  public String suiteName() {
    return spark.workloadName();
  }

  @Override
  public Set<SeriesKey> takes() {
    return Set.of(SeriesKey.MAPS, SeriesKey.REDUCES, SeriesKey.SIZE);
  }

  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    Step prepare;
    String in;
    String out;
    if (micro != null) {
      prepare = micro.prepare(suiteName(), profile, root, par, seed);
      in = micro.input(root);
      out = micro.output(root);
    } else {
      in = root + "/Terasort/Input";
      out = root + "/Terasort/Output";
      long rows = par.size() != null ? Math.max(1, par.size() / TpcxHsWorkload.ROW_BYTES) : TpcxHsWorkload.rows(profile);
      prepare = Step.tool(suiteName(), SuiteJar.TPCX_HS, List.of(HsGen.NAME, "-rows", String.valueOf(rows), "-maps",
          String.valueOf(par.maps()), "-replication", String.valueOf(par.replication()), "-overwrite", in), Step.Role.PREPARE);
    }
    return List.of(prepare, Step.sparkJob(suiteName(), List.of(suiteName(), "-D", "spark.default.parallelism=" + par.reduces(),
        "-overwrite", in, out), Step.Role.MEASURE));
  }
}

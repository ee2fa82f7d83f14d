package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.core.RandomTextWriter;
import io.hibenchdse.core.Sort;
import io.hibenchdse.core.WordCount;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.mapreduce.MRJobConfig;

/** HiBench's micro workloads as suite steps: prepare text with RandomTextWriter, then measure. */
public enum MicroWorkload implements SuiteWorkload, WorkloadData {
  WORDCOUNT(WordCount.NAME, "Wordcount") {
    @Override
    long bytes(Profile p) {
      return p.wordcountBytes();
    }

    @Override
    List<String> measure(String in, String out, int reduces) {
      return List.of(WordCount.NAME, "-D", MRJobConfig.NUM_REDUCES + "=" + reduces, "-overwrite", in, out);
    }
  },
  SORT(Sort.NAME, "Sort") {
    @Override
    long bytes(Profile p) {
      return p.sortBytes();
    }

    @Override
    List<String> measure(String in, String out, int reduces) {
      return List.of(Sort.NAME, "-r", String.valueOf(reduces), "-overwrite", in, out);
    }
  };

  private final String name;
  private final String dir;

  MicroWorkload(String name, String dir) {
    this.name = name;
    this.dir = dir;
  }

  abstract long bytes(Profile p);

  abstract List<String> measure(String in, String out, int reduces);

  @Override
  public String suiteName() {
    return name;
  }

  @Override
  public Set<SeriesKey> takes() {
    return Set.of(SeriesKey.MAPS, SeriesKey.REDUCES, SeriesKey.SIZE);
  }

  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    return List.of(prepare(name, profile, root, par, seed),
        Step.tool(name, SuiteJar.HIBENCH_CORE, measure(input(root), output(root), par.reduces()), Step.Role.MEASURE));
  }

  @Override
  public String input(String root) {
    return root + "/" + dir + "/Input";
  }

  @Override
  public String output(String root) {
    return root + "/" + dir + "/Output";
  }

  /** RandomTextWriter's step writing the input, for {@code suiteWorkload} (this, or its Spark counterpart). */
  @Override
  public Step prepare(String suiteWorkload, Profile profile, String root, Context par, long seed) {
    long total = par.size() != null ? par.size() : bytes(profile);
    return Step.tool(suiteWorkload, SuiteJar.HIBENCH_CORE, List.of(RandomTextWriter.NAME,
        "-D", RandomTextWriter.TOTAL_BYTES + "=" + total,
        "-D", RandomTextWriter.BYTES_PER_MAP + "=" + Math.max(1, total / par.maps()),
        "-D", RandomTextWriter.SEED + "=" + seed,
        "-overwrite", input(root)), Step.Role.PREPARE);
  }
}

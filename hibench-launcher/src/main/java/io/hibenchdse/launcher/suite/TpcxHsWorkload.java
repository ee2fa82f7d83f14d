package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.tpcxhs.TpcxHs;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * TPCx-HS in the suite: the whole two-run benchmark as one measured step. Rows per profile, from
 * 10 MB at tiny to the kit's 1 TB at bigdata (its 100 GB test size at gigantic).
 */
public final class TpcxHsWorkload implements SuiteWorkload {
  /** A row's bytes: a series' {@code size} is rows of it. */
  static final long ROW_BYTES = 100;

  static long rows(Profile p) {
    switch (p) {
      case TINY: return 100_000L;
      case SMALL: return 1_000_000L;
      case LARGE: return 10_000_000L;
      case HUGE: return 100_000_000L;
      case GIGANTIC: return 1_000_000_000L;
      default: return 10_000_000_000L;
    }
  }

  @Override
  public String suiteName() {
    return TpcxHs.NAME;
  }

  @Override
  public Set<SeriesKey> takes() {
    return Set.of(SeriesKey.MAPS, SeriesKey.REDUCES, SeriesKey.SIZE);
  }

  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    return List.of(Step.tool(suiteName(), SuiteJar.TPCX_HS, List.of(TpcxHs.NAME, "-D", MRJobConfig.NUM_MAPS + "=" + par.maps(),
        "-D", MRJobConfig.NUM_REDUCES + "=" + par.reduces(), "-rows", String.valueOf(par.size() != null ? Math.max(1, par.size() / ROW_BYTES) : rows(profile)),
        "-replication", String.valueOf(par.replication()),
        "-root", root + "/TPCx-HS", "-overwrite"), Step.Role.MEASURE));
  }
}

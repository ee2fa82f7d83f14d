package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import java.util.ArrayList;
import io.hibenchdse.core.UsageException;
import io.hibenchdse.dfsio.EnhancedDfsio;
import java.util.List;
import java.util.Set;

/**
 * EnhancedDFSIO in the suite, as HiBench runs it: {@code dfsioe-write} measures writing the files;
 * {@code dfsioe-read} writes them first (HiBench's prepare step) and measures reading them.
 */
public enum DfsioeWorkload implements SuiteWorkload {
  WRITE("dfsioe-write"),
  READ("dfsioe-read");

  private final String name;

  DfsioeWorkload(String name) {
    this.name = name;
  }

  @Override
  public String suiteName() {
    return name;
  }

  /** HiBench's files x MB per profile. */
  static long[] filesAndMb(Profile p) {
    switch (p) {
      case TINY: return new long[] {16, 1};
      case SMALL: return new long[] {32, 10};
      case LARGE: return new long[] {64, 10};
      case HUGE: return new long[] {256, 100};
      case GIGANTIC: return new long[] {512, 400};
      default: return new long[] {2048, 1000};
    }
  }

  /**
   * Sample and slot lengths, ms. A slot must be shorter than a map for any slot to be steady; on
   * an in-process HDFS a 1 MB file moves in a few milliseconds, so the small profiles use slots of
   * milliseconds. From {@code gigantic} up HiBench's 200 ms samples and 1000 ms slots.
   */
  static long[] intervals(Profile p) {
    switch (p) {
      case TINY: return new long[] {1, 2};
      case SMALL:
      case LARGE: return new long[] {5, 10};
      case HUGE: return new long[] {20, 50};
      default: return new long[] {200, 1000};
    }
  }

  @Override
  public Set<SeriesKey> takes() {
    return Set.of(SeriesKey.SIZE, SeriesKey.FILES);
  }

  /**
   * Files and MB a file: the profile's, or a series point's file count and total size, the total
   * (the profile's if the point keeps it) shared out in whole MB, as DFSIOE's {@code -fileSize} takes it.
   */
  static long[] filesAndMb(Profile p, Context par) {
    long[] profile = filesAndMb(p);
    long files = par.files() != null ? par.files() : profile[0];
    long totalMb = par.size() != null ? par.size() >> 20 : profile[0] * profile[1];
    if (totalMb / files < 1) {
      throw new UsageException("dfsioe: " + files + " files of " + (par.size() != null ? par.size() + " bytes" : p.label()
          + "'s " + totalMb + " MB") + " would be less than 1 MB each (-fileSize is whole MB); vary size or files less");
    }
    return new long[] {files, totalMb / files};
  }

  private static List<String> dfsioe(String mode, Profile p, Context par, String root, String... extra) {
    long[] size = filesAndMb(p, par);
    long[] ms = intervals(p);
    List<String> args = new ArrayList<>(List.of(EnhancedDfsio.NAME, "-D", EnhancedDfsio.ROOT + "=" + root + EnhancedDfsio.DEFAULT_ROOT,
        mode, "-nrFiles", String.valueOf(size[0]), "-fileSize", String.valueOf(size[1]),
        "-sampleInterval", String.valueOf(ms[0]), "-plotInterval", String.valueOf(ms[1])));
    args.addAll(List.of(extra));
    return args;
  }

  @Override
  public List<Step> steps(Profile profile, String root, Context par, long seed) {
    Step write = Step.tool(name, SuiteJar.DFSIO_ENHANCED, dfsioe("-write", profile, par, root, "-overwrite"),
        this == WRITE ? Step.Role.MEASURE : Step.Role.PREPARE);
    if (this == WRITE) {
      return List.of(write);
    }
    return List.of(write, Step.tool(name, SuiteJar.DFSIO_ENHANCED, dfsioe("-read", profile, par, root), Step.Role.MEASURE));
  }
}

package io.hibenchdse.report;

import io.hibenchdse.core.UsageException;
import java.util.Locale;

/**
 * HiBench's data scale profiles with their data sizes in bytes (conf/workloads/micro/*.conf): the
 * suite sizes its workloads' data by them, and the report orders its rows by them.
 */
public enum Profile {
  TINY(32_000L, 32_000L, 1),
  SMALL(320_000_000L, 3_200_000L, 100),
  LARGE(3_200_000_000L, 320_000_000L, 1_000),
  HUGE(32_000_000_000L, 3_200_000_000L, 10_000),
  GIGANTIC(320_000_000_000L, 32_000_000_000L, 100_000),
  BIGDATA(1_600_000_000_000L, 300_000_000_000L, 1_000_000);

  private final long wordcountBytes;
  private final long sortBytes;
  /** How many times tiny's rows HiBench's hive profiles generate here (a hundred at small, then ten a step); YCSB's records follow it. */
  private final long rowFactor;

  Profile(long wordcountBytes, long sortBytes, long rowFactor) {
    this.wordcountBytes = wordcountBytes;
    this.sortBytes = sortBytes;
    this.rowFactor = rowFactor;
  }

  /** {@code tinyRows} at this profile, scaled as HiBench scales its hive workloads' rankings and uservisits. */
  public long rows(long tinyRows) {
    return tinyRows * rowFactor;
  }

  /** RandomTextWriter's bytes for WordCount at this profile. */
  public long wordcountBytes() {
    return wordcountBytes;
  }

  /** RandomTextWriter's bytes for Sort at this profile. */
  public long sortBytes() {
    return sortBytes;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Profile of(String name) {
    try {
      return valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("unknown profile '" + name
          + "'; use tiny, small, large, huge, gigantic or bigdata");
    }
  }
}

package io.hibenchdse.launcher.suite;

import java.util.Locale;

/** HiBench's data scale profiles with their data sizes in bytes (conf/workloads/micro/*.conf). */
public enum Profile {
  TINY(32_000L, 32_000L),
  SMALL(320_000_000L, 3_200_000L),
  LARGE(3_200_000_000L, 320_000_000L),
  HUGE(32_000_000_000L, 3_200_000_000L),
  GIGANTIC(320_000_000_000L, 32_000_000_000L),
  BIGDATA(1_600_000_000_000L, 300_000_000_000L);

  final long wordcountBytes;
  final long sortBytes;

  Profile(long wordcountBytes, long sortBytes) {
    this.wordcountBytes = wordcountBytes;
    this.sortBytes = sortBytes;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Profile of(String name) {
    try {
      return valueOf(name.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new io.hibenchdse.core.UsageException("unknown profile '" + name
          + "'; use tiny, small, large, huge, gigantic or bigdata");
    }
  }
}

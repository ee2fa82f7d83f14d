package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;
import io.hibenchdse.hosts.Link;
import io.hibenchdse.node.LocalNodes;
import java.util.Locale;
import org.apache.hadoop.util.StringUtils;

/**
 * What a series ({@code --vary KEY=V1,V2,...}) can vary from one point to the next: a setting of the
 * workloads' steps, or of the deployment they run on (which is then started anew for the point).
 */
public enum SeriesKey {
  /** Map tasks a run asks for (HiBench's NUM_MAPS; YCSB's client threads unless {@code threads} is varied). */
  MAPS(false, false),
  /** Reduce tasks (HiBench's NUM_REDS). */
  REDUCES(false, false),
  /** A workload's data size in bytes, like HiBench's DATASIZE; Hadoop's binary suffixes ({@code 10m}, {@code 1g}). */
  SIZE(false, false),
  /** DFSIOE's file count, one map each, at the profile's (or {@code size}'s) total. */
  FILES(false, false),
  /** YCSB's record and operation count. */
  RECORDS(false, false),
  /** YCSB's client threads. */
  THREADS(false, false),
  /** The copies the data keeps. */
  REPLICATION(true, true),
  /** HiBench's data scale profile. */
  PROFILE(true, false),
  /** The embedded default's storage nodes. */
  NODES(true, true),
  /** Worker hosts of a cluster on this machine. */
  HOSTS(true, true),
  /** Those hosts' links, {@code RATE[,DELAY]}. */
  LINK(true, true);

  private final boolean everyWorkload;
  private final boolean deployment;

  SeriesKey(boolean everyWorkload, boolean deployment) {
    this.everyWorkload = everyWorkload;
    this.deployment = deployment;
  }

  /** The key as {@code --vary} names it. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether every workload takes it (a profile, the deployment's settings); the others name theirs. */
  boolean everyWorkload() {
    return everyWorkload;
  }

  /** Whether it sets the deployment, so a point that changes it starts one of its own. */
  public boolean deployment() {
    return deployment;
  }

  /** The key {@code --vary} names; an IllegalArgumentException lists the known ones. */
  static SeriesKey of(String name) {
    for (SeriesKey k : values()) {
      if (k.label().equals(name)) {
        return k;
      }
    }
    StringBuilder known = new StringBuilder();
    for (SeriesKey k : values()) {
      known.append(known.length() == 0 ? "" : ", ").append(k.label());
    }
    throw new IllegalArgumentException("unknown key '" + name + "'; known: " + known);
  }

  /** {@code value} checked: an IllegalArgumentException says why it cannot be this key's. */
  void check(String value) {
    switch (this) {
      case SIZE -> {
        long bytes;
        try {
          bytes = StringUtils.TraditionalBinaryPrefix.string2long(value);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("'" + value + "' is not a size in bytes (such as 32000, 64m or 1g)");
        }
        if (bytes < 1) {
          throw new IllegalArgumentException("'" + value + "' is not a size of at least one byte");
        }
      }
      case PROFILE -> Profile.of(value);
      case LINK -> Link.parse(value);
      case NODES, HOSTS -> LocalNodes.checked(count(value), label());
      default -> count(value);
    }
  }

  /** {@code value} as a count of at least 1. */
  static int count(String value) {
    try {
      int n = Integer.parseInt(value);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("'" + value + "' is not a whole number of at least 1");
  }

  /** Whether a point setting it sets what data its runs move, so a series of them measures scaling rather than tuning. */
  boolean changesData() {
    return this == SIZE || this == PROFILE || this == RECORDS;
  }

  /** A size as {@code --vary size} takes it, in bytes. */
  static long bytes(String value) {
    return StringUtils.TraditionalBinaryPrefix.string2long(value);
  }
}

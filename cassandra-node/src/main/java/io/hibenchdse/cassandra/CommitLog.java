package io.hibenchdse.cassandra;

import java.util.Locale;

/**
 * When a node syncs its commit log to disk, and so whether an acknowledged write is on disk:
 * Cassandra's default {@code periodic} acknowledges at once and syncs every 10 s; {@code group} and
 * {@code batch} acknowledge only after the sync, {@code group} sharing one sync among the writes of
 * a window. Systems compare only at the same setting, not each at its default
 * (docs/methodology.md#matched-durability).
 */
public enum CommitLog {
  PERIODIC("commitlog_sync: periodic\ncommitlog_sync_period: 10000ms", "commitlog_sync periodic 10000ms"),
  GROUP("commitlog_sync: group\ncommitlog_sync_group_window: 15ms", "commitlog_sync group 15ms"),
  BATCH("commitlog_sync: batch", "commitlog_sync batch");

  private final String yaml;
  private final String description;

  CommitLog(String yaml, String description) {
    this.yaml = yaml;
    this.description = description;
  }

  /** As a run's record and its storage line say it: {@code commitlog_sync group 15ms}. */
  public String description() {
    return description;
  }

  /** Its lines of cassandra.yaml. */
  String yaml() {
    return yaml;
  }

  public static CommitLog of(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }
}

package io.hibenchdse.cassandra;

/**
 * How a local cluster's nodes run. {@code quick} trades steady-state speed and durability for a
 * fast start (C1 only, serial GC, no fsync): right for tests, wrong for measurements. Neither uses
 * cassandra.unsafesystem, which loses the schema when a node is killed.
 */
public record CassandraSettings(String heap, boolean quick, CommitLog commitLog, boolean passwords, boolean tls) {
  public static final CassandraSettings TESTS = new CassandraSettings("384m", true, CommitLog.PERIODIC, false, false);
  public static final CassandraSettings BENCHMARK = new CassandraSettings("2g", false, CommitLog.PERIODIC, false, false);

  /** System property: more JVM options for the nodes (a profiler, GC logging), space-separated. */
  public static final String EXTRA_JVM_OPTIONS = "hibench.cassandra.jvm";
  /** System property: more cassandra.yaml settings for the nodes, ';'-separated lines. */
  public static final String EXTRA_YAML = "hibench.cassandra.yaml";

  /**
   * These settings with the commit log synced before a write is acknowledged ({@code
   * commitlog_sync: batch}), for tests that kill a node right after writing to it: Cassandra's
   * default (periodic, every 10 s) acknowledges first, and a node killed within the period replays
   * only what the last sync marked, so with one replica the newest writes are gone.
   */
  public CassandraSettings crashSafe() {
    return with(CommitLog.BATCH);
  }

  /** These settings with the commit log synced as {@code mode} says. */
  public CassandraSettings with(CommitLog mode) {
    return new CassandraSettings(heap, quick, mode, passwords, tls);
  }

  /**
   * These settings with clients required to log in ({@code PasswordAuthenticator}), as production
   * clusters do; the node's superuser is {@link LocalCassandra#SUPERUSER}.
   */
  public CassandraSettings withPasswords() {
    return new CassandraSettings(heap, quick, commitLog, true, tls);
  }

  /**
   * These settings with clients required to speak TLS to the nodes, which present a self-signed
   * certificate for their addresses; clients trust it through {@link LocalCassandra#truststore()}.
   */
  public CassandraSettings withTls() {
    return new CassandraSettings(heap, quick, commitLog, passwords, true);
  }

  /** The cassandra.yaml lines added through {@link #EXTRA_YAML}, ';'-separated. */
  static String extraYaml() {
    return System.getProperty(EXTRA_YAML, "");
  }

  /**
   * Whether a node syncs a write's commit log entry to disk before acknowledging it: with
   * {@code commitlog_sync} batch or group (here or in {@link #EXTRA_YAML}), and never when the quick
   * settings skip fsync.
   */
  public boolean syncsBeforeAck() {
    return !quick && (commitLog != CommitLog.PERIODIC || extraYaml().matches("(?s).*commitlog_sync:\\s*(batch|group).*"));
  }

  /** What decides the durability of a cluster of {@code nodes} nodes, to print beside any figure measured on it. */
  public String durability(int nodes) {
    String extra = extraYaml().trim();
    return "Cassandra " + NodeCommand.version() + ", " + nodes + (nodes == 1 ? " node" : " nodes")
        + ", " + commitLog.description()
        + (quick ? ", fsync skipped (cassandra.skip_sync)" : "")
        + (extra.isEmpty() ? "" : ", and " + extra.replace(";", ", "));
  }
}

package io.hibenchdse.hive.runner;

/** The runner's configuration keys, in one place. */
public final class HiveKeys {
  /** Local directory for the embedded session's scratch space (default: a temporary one, removed at exit). */
  public static final String SESSION_DIR = "hibench.hive.dir";
  /** A directory holding the .sql files to run instead of the built-in ones (same names). */
  public static final String SQL_DIR = "hibench.hive.sql.dir";

  /**
   * Whether the cluster's YARN containers run on this machine (a cluster of hosts the suite
   * started), so Hive's tasks can take Hive's jars from where this JVM found them (default: false).
   */
  public static final String TASKS_ON_THIS_MACHINE = "hibench.hive.tasks.on.this.machine";

  private HiveKeys() {}
}

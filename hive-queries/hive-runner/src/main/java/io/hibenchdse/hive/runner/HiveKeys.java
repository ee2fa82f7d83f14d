package io.hibenchdse.hive.runner;

/** The runner's configuration keys, in one place. */
public final class HiveKeys {
  /** Local directory for the embedded session's scratch space (default: a temporary one, removed at exit). */
  public static final String SESSION_DIR = "hibench.hive.dir";
  /** A directory holding the .sql files to run instead of the built-in ones (same names). */
  public static final String SQL_DIR = "hibench.hive.sql.dir";

  private HiveKeys() {}
}

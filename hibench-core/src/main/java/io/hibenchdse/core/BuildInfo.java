package io.hibenchdse.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Which code made a record: the suite's version and the git commit its jars were built from, as
 * the build wrote them into hibench-core ({@code build.properties}, by git-commit-id-maven-plugin).
 */
public final class BuildInfo {
  /** The resource beside this class that the build writes. */
  private static final String RESOURCE = "build.properties";
  /** What a build from a source archive, without git, says of its commit. */
  public static final String UNKNOWN = "unknown";
  /** The suffix of a commit whose tree had changes when it was built, as {@code git describe --dirty} marks it. */
  public static final String DIRTY = "-dirty";

  private static final BuildInfo CURRENT = read();

  private final String version;
  private final String commit;

  private BuildInfo(String version, String commit) {
    this.version = version;
    this.commit = commit;
  }

  /** The build of the jars on this JVM's class path. */
  public static BuildInfo current() {
    return CURRENT;
  }

  private static BuildInfo read() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // a jar that cannot be read here could not have loaded this class: treat as not written
    }
    String commit = p.getProperty("git.commit.id", UNKNOWN);
    return new BuildInfo(p.getProperty("git.build.version", UNKNOWN),
        commit + ("true".equals(p.getProperty("git.dirty")) ? DIRTY : ""));
  }

  /** The suite's version, e.g. {@code 0.1.0-SNAPSHOT}. */
  public String version() {
    return version;
  }

  /** The commit's full hash, with {@link #DIRTY} when the tree had changes; {@link #UNKNOWN} without git. */
  public String commit() {
    return commit;
  }

  @Override
  public String toString() {
    return version + " (commit " + commit + ")";
  }
}

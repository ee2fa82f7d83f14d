package io.hibenchdse.launcher.deployment;

import io.hibenchdse.cfs.CassandraFileSystem;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A module's cluster jar, the one a stock {@code hadoop jar} takes: the build writes it, shaded, as
 * {@code ARTIFACT.jar} beside the module's own jar, which is what the launcher's class path holds.
 */
public final class ClusterJar {
  private ClusterJar() {}

  /** The cluster jar of the module {@code artifact} that holds {@code owner}, or null where the build has not written one. */
  public static Path of(Class<?> owner, String artifact) throws IOException {
    Path shaded = classesOf(owner).resolveSibling(artifact + ".jar");
    return Files.isRegularFile(shaded) ? shaded : null;
  }

  /**
   * The adapter jar a JVM without the launcher's class path needs for cfs:// (a stock Hadoop's,
   * Spark's), its driver relocated: the build's {@code cfs-adapter.jar}, or the classes the
   * launcher runs with where it has none.
   */
  public static Path cfsAdapter() throws IOException {
    Path shaded = of(CassandraFileSystem.class, "cfs-adapter");
    return shaded != null ? shaded : classesOf(CassandraFileSystem.class);
  }

  /** The jar or directory the launcher loaded {@code owner} from. */
  public static Path classesOf(Class<?> owner) throws IOException {
    try {
      return Path.of(owner.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
  }
}

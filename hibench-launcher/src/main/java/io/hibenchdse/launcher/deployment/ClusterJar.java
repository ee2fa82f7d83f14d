package io.hibenchdse.launcher.deployment;

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

  /** The jar or directory the launcher loaded {@code owner} from. */
  public static Path classesOf(Class<?> owner) throws IOException {
    try {
      return Path.of(owner.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
  }
}

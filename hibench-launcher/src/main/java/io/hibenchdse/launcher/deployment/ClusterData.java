package io.hibenchdse.launcher.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a user's cluster keeps the jobs' data: its default file system, or a Cassandra cluster's
 * cfs:// named with {@code --cfs-uri}, whose adapter the cluster does not have and so goes with
 * every job.
 */
sealed interface ClusterData {
  /** The jars every job takes with it, as {@code -libjars} gives them. */
  List<Path> jobJars();

  /** The file system as the run's description names it. */
  String describe();

  /** The default file system {@code defaultFs}, or {@code cfsUri} when one was given. */
  static ClusterData of(URI defaultFs, URI cfsUri) {
    return cfsUri == null ? new DefaultFs(defaultFs) : new CfsUri(cfsUri, defaultFs);
  }

  /** The cluster's default file system, whose client the cluster's own class path has. */
  record DefaultFs(URI uri) implements ClusterData {
    @Override
    public List<Path> jobJars() {
      return List.of();
    }

    @Override
    public String describe() {
      return uri.toString();
    }
  }

  /** cfs:// of {@code --cfs-uri}, named in full in the jobs' paths; the jobs' own files (staging, history) stay on {@code defaultFs}. */
  record CfsUri(URI cfs, URI defaultFs) implements ClusterData {
    @Override
    public List<Path> jobJars() {
      try {
        return List.of(ClusterJar.cfsAdapter());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public String describe() {
      return cfs + " (the adapter with every job; their own files on " + defaultFs + ")";
    }
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Fails in seconds, not minutes of IPC retries, when a file system a run needs does not answer. */
final class Reachability {
  /** The schemes of Hadoop RPC file systems, whose clients retry a dead server for minutes. */
  static final Set<String> RPC_SCHEMES = new HashSet<>(Arrays.asList("hdfs", "viewfs", "ofs", "o3fs"));

  private Reachability() {}

  /**
   * Checks the file systems of {@code paths}. A Hadoop RPC client ({@link #RPC_SCHEMES}) is probed
   * through an instance of its own that does not retry, so the job keeps the user's retry settings.
   * Any other file system is probed through the cached instance the job then uses: a second
   * instance would cost, on cfs://, a driver session (0.15 s) at every job.
   */
  static void check(Configuration conf, List<Path> paths) throws IOException {
    Set<URI> roots = new LinkedHashSet<>();
    for (Path p : paths) {
      URI u = p.getFileSystem(conf).makeQualified(p).toUri();
      roots.add(URI.create(u.getScheme() + "://" + (u.getAuthority() == null ? "" : u.getAuthority()) + "/"));
    }
    Configuration probe = new Configuration(conf);
    probe.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
    probe.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
    probe.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY, 5000);
    for (URI root : roots) {
      try {
        if (RPC_SCHEMES.contains(root.getScheme())) {
          try (FileSystem fs = FileSystem.newInstance(root, probe)) {
            fs.getFileStatus(new Path(root));
          }
        } else {
          FileSystem.get(root, conf).getFileStatus(new Path(root));
        }
      } catch (IOException e) {
        throw new IOException("cannot reach " + root + ": " + WorkloadDriver.describe(e), e);
      }
    }
  }
}

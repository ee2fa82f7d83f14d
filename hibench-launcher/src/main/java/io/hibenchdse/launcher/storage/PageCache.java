package io.hibenchdse.launcher.storage;

import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.monitor.SshHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The operating system's page cache, dropped between measured runs on request so a run reads its
 * input from disk rather than from what the run before it left in memory. Linux only, and only
 * where the launching user may write {@code /proc/sys/vm/drop_caches} (root, outside a read-only
 * container); otherwise each run's record says why it was not dropped.
 */
public final class PageCache {
  public static final String DROPPED = "dropped before the run";
  public static final String NOT_ASKED = "not dropped (no --drop-caches)";
  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");
  /** The same on a worker, over ssh: dirty pages written out, then clean ones, dentries and inodes dropped. */
  private static final String REMOTE_DROP = "sync && echo 3 > " + DROP_CACHES;

  private PageCache() {}

  /** Writes dirty pages out, then drops clean ones, dentries and inodes; {@link #DROPPED} or why not. */
  public static String drop() {
    try {
      Process sync = new ProcessBuilder("sync").inheritIO().start();
      if (sync.waitFor() != 0) {
        return "not dropped: sync exited with " + sync.exitValue();
      }
      Files.write(DROP_CACHES, "3".getBytes(StandardCharsets.US_ASCII));
      return DROPPED;
    } catch (IOException e) {
      return "not dropped: cannot write " + DROP_CACHES + " (" + WorkloadDriver.describe(e) + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "not dropped: interrupted";
    }
  }

  /**
   * {@link #drop()} here and on each of {@code hosts} over ssh ({@code [user@]host[:port]}, with
   * {@code sshOptions}), each a {@code kind} of host: {@link #DROPPED} where every one dropped it,
   * else where not and why.
   */
  public static String dropHereAndOn(List<String> hosts, String kind, List<String> sshOptions) {
    List<String> not = new ArrayList<>();
    String here = drop();
    if (!here.equals(DROPPED)) {
      not.add("this machine " + here);
    }
    for (String host : hosts) {
      String why = SshHost.run(host, sshOptions, REMOTE_DROP, 2);
      if (why != null) {
        not.add(host + ": " + why);
      }
    }
    return not.isEmpty() ? DROPPED + " (this machine and " + hosts.size() + " " + kind + (hosts.size() == 1 ? ")" : "s)")
        : "not dropped everywhere: " + String.join("; ", not);
  }
}

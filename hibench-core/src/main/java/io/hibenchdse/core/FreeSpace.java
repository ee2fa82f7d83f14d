package io.hibenchdse.core;

import static org.apache.hadoop.util.StringUtils.byteDesc;

import java.io.File;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Refuses a run whose output cannot fit before it writes anything, instead of failing late or
 * filling the disk. Skipped when the file system does not report its space (cfs://).
 */
public final class FreeSpace {
  private FreeSpace() {}

  /**
   * Bytes a user can still write below {@code out}, or -1 when the file system does not say. The
   * local file system counts the root-reserved blocks as remaining; a user gets only the usable ones.
   */
  public static long available(Configuration conf, Path out) throws IOException {
    FileSystem fs = out.getFileSystem(conf);
    Path p = fs.makeQualified(out);
    while (!fs.exists(p) && p.getParent() != null) {
      p = p.getParent(); // the local file system reports 0 for a path that does not exist yet
    }
    if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
      return new File(p.toUri().getPath()).getUsableSpace();
    }
    long remaining = fs.getStatus(p).getRemaining();
    return remaining <= 0 || remaining == Long.MAX_VALUE ? -1 : remaining;
  }

  /**
   * Throws when {@code bytes} written with {@code replication} copies (HDFS reports raw space over
   * all DataNodes) do not fit; the local file system keeps one copy whatever is asked. An existing
   * {@code out} is to be replaced, so its space counts as free.
   */
  public static void require(Configuration conf, Path out, long bytes, int replication) throws IOException {
    long free = available(conf, out);
    FileSystem fs = out.getFileSystem(conf);
    if (free >= 0 && fs.exists(out)) {
      free += fs.getContentSummary(out).getSpaceConsumed();
    }
    int copies = fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem ? 1 : Math.max(1, replication);
    double needed = (double) bytes * copies;
    if (free >= 0 && needed > free) {
      throw new UsageException(String.format(Locale.ROOT,
          "%s needs %s (%s x %d cop%s) but %s has %s available: %s missing",
          fs.makeQualified(out), byteDesc((long) needed), byteDesc(bytes), copies, copies == 1 ? "y" : "ies",
          fs.getUri(), byteDesc(free), byteDesc((long) needed - free)));
    }
  }

  /** {@link #require(Configuration, Path, long, int)} at the file system's default replication. */
  public static void require(Configuration conf, Path out, long bytes) throws IOException {
    require(conf, out, bytes, out.getFileSystem(conf).getDefaultReplication(out));
  }
}

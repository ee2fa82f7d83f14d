package io.hibenchdse.core;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A run's output directory made free for it: refused when it holds an input or lies inside one,
 * and when it exists, unless the user said to replace it ({@code -overwrite}): nothing the user had
 * is deleted without asking.
 */
final class OutputClaim {
  private OutputClaim() {}

  /** Frees {@code out}, deleting it if it exists and {@code replace} allows it. */
  static void claim(Configuration conf, List<Path> inputs, Path out, boolean replace) throws IOException {
    FileSystem fs = out.getFileSystem(conf);
    Path qout = fs.makeQualified(out);
    for (Path in : inputs) {
      Path qin = in.getFileSystem(conf).makeQualified(in);
      if (within(qin, qout)) {
        throw new UsageException("output " + qout + " holds the input " + qin);
      }
      if (within(qout, qin)) {
        throw new UsageException("output " + qout + " is inside the input " + qin
            + "; the job would read its own output: choose an output outside it");
      }
    }
    if (fs.exists(out)) {
      if (!replace) {
        throw new UsageException("output " + qout + " already exists; pass -overwrite to replace it");
      }
      if (!fs.delete(out, true)) {
        throw new IOException("could not delete the existing output " + qout);
      }
    }
  }

  /** Whether {@code p} is {@code dir} or below it. */
  private static boolean within(Path p, Path dir) {
    for (Path q = p; q != null; q = q.getParent()) {
      if (q.equals(dir)) {
        return true;
      }
    }
    return false;
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The files a job reads from its input paths, chosen as FileInputFormat chooses them: a file given
 * itself, else the directory's entries without hidden ones ({@code _SUCCESS}, {@code _temporary},
 * {@code .crc}), not recursively. The input size is theirs alone, so files a killed job left
 * behind never inflate it.
 */
public final class InputFiles {
  private InputFiles() {}

  /** FileInputFormat's hidden-file rule. */
  static boolean hidden(Path p) {
    String name = p.getName();
    return name.startsWith("_") || name.startsWith(".");
  }

  /**
   * The files to read; refuses an input that holds a subdirectory (FileInputFormat would fail in
   * the job with a NullPointerException) or no file at all (a run that reads nothing measures nothing).
   */
  public static List<FileStatus> of(Configuration conf, List<Path> inputs) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (Path in : inputs) {
      FileSystem fs = in.getFileSystem(conf);
      FileStatus status = fs.getFileStatus(in);
      if (status.isFile()) {
        files.add(status);
        continue;
      }
      int before = files.size();
      for (FileStatus s : fs.listStatus(in)) {
        if (hidden(s.getPath())) {
          continue;
        }
        if (s.isDirectory()) {
          throw new UsageException("input " + fs.makeQualified(in) + " holds the directory " + s.getPath().getName()
              + "; inputs are read non-recursively: move it out or name the files' own directory");
        }
        files.add(s);
      }
      if (files.size() == before) {
        throw new UsageException("input " + fs.makeQualified(in)
            + " holds no files to read (hidden and _-prefixed ones such as _SUCCESS and _temporary are skipped)");
      }
    }
    return files;
  }

  /** Their total length in bytes. */
  public static long bytes(Configuration conf, List<Path> inputs) throws IOException {
    long bytes = 0;
    for (FileStatus s : of(conf, inputs)) {
      bytes += s.getLen();
    }
    return bytes;
  }
}

package io.hibenchdse.core;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * Where a failure's full story goes: the console gets one line, this file the stack trace and the
 * task diagnostics, so an operator can dig without a wall of traces on every failure.
 */
public final class FailureLog {
  private FailureLog() {}

  /**
   * {@code hibench.log.dir}, else {@code <java.io.tmpdir>/hibench-logs-<user>}: one a user, as
   * Hadoop's {@code /tmp/hadoop-<user>}, since the first user's directory is not writable by the next.
   */
  public static Path dir() {
    String configured = System.getProperty(HibenchConfigKeys.LOG_DIR);
    return configured != null ? Paths.get(configured)
        : Paths.get(System.getProperty("java.io.tmpdir"), "hibench-logs-" + System.getProperty("user.name"));
  }

  /** Saves the trace and the diagnostics of a failure of {@code tool}; the file, or null if it could not be written. */
  public static Path save(String tool, Throwable e, List<String> diagnostics) {
    try {
      Path dir = dir();
      Files.createDirectories(dir);
      String stamp = new SimpleDateFormat("yyyyMMdd-HHmmss-SSS", Locale.ROOT).format(new Date());
      Path file = dir.resolve(tool.replaceAll("\\W+", "-") + "-" + stamp + ".log");
      try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
        e.printStackTrace(w);
        for (String d : diagnostics) {
          w.println();
          w.println(d);
        }
      }
      return file;
    } catch (IOException | SecurityException notSaved) {
      return null;
    }
  }
}

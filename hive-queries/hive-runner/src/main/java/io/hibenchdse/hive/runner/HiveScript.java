package io.hibenchdse.hive.runner;

import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hive.common.util.HiveStringUtils;

/**
 * A HiveQL file as {@code hive -f} reads it: whole-line {@code --} comments dropped, statements
 * split at semicolons. Variables ({@code ${hivevar:X}}) are left for Hive to substitute.
 */
public record HiveScript(String name, List<Statement> statements) {
  /** A statement and the line it starts on, for error messages. */
  public record Statement(String text, int line) {
    /** Whether this is the query a workload measures rather than setup. */
    public boolean measured() {
      return text.regionMatches(true, 0, "INSERT", 0, 6);
    }
  }

  /** One of the suite's .sql files: from {@link HiveKeys#SQL_DIR} when set, else the built-in one. */
  public static HiveScript load(Configuration conf, String name) throws IOException {
    String dir = conf.get(HiveKeys.SQL_DIR);
    if (dir != null) {
      java.nio.file.Path file = java.nio.file.Path.of(dir, name);
      if (!Files.isReadable(file)) {
        throw new UsageException(HiveKeys.SQL_DIR + ": no readable " + file);
      }
      return parse(file.toString(), Files.readString(file));
    }
    try (InputStream in = HiveScript.class.getResourceAsStream("sql/" + name)) {
      if (in == null) {
        throw new IOException("no HiveQL file " + name + " in the runner");
      }
      return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  /** A HiveQL file of the user's, named by its path. */
  public static HiveScript read(java.nio.file.Path file) throws IOException {
    return parse(file.toString(), Files.readString(file));
  }

  static HiveScript parse(String name, String text) {
    StringBuilder code = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      code.append(line.trim().startsWith("--") ? "" : line).append('\n');
    }
    List<Statement> statements = new ArrayList<>();
    int line = 1;
    for (String part : HiveStringUtils.split(code.toString(), '\\', ';')) {
      String trimmed = part.strip();
      if (!trimmed.isEmpty()) {
        int leading = part.indexOf(trimmed.charAt(0));
        statements.add(new Statement(trimmed, line + count(part.substring(0, leading))));
      }
      line += count(part);
    }
    return new HiveScript(name, statements);
  }

  private static int count(String s) {
    return (int) s.chars().filter(c -> c == '\n').count();
  }
}

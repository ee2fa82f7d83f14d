package io.hibenchdse.hive;

import io.hibenchdse.core.Formats;
import io.hibenchdse.core.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;

/** Reads HiveBench tables back as rows of fields, SequenceFile or text, without Hive. */
public final class GeneratedTables {
  private GeneratedTables() {}

  /** The rows of a table directory, file by file, each split at the commas. */
  public static List<String[]> rows(Configuration conf, Path table) throws IOException {
    List<String[]> rows = new ArrayList<>();
    for (String line : lines(conf, table)) {
      rows.add(line.split(",", -1));
    }
    return rows;
  }

  /** The rows of a table directory as they are stored: SequenceFile values, or text lines. */
  public static List<String> lines(Configuration conf, Path table) throws IOException {
    FileSystem fs = table.getFileSystem(conf);
    List<String> lines = new ArrayList<>();
    FileStatus[] files = fs.listStatus(table, p -> !p.getName().startsWith("_") && !p.getName().startsWith("."));
    java.util.Arrays.sort(files);
    for (FileStatus f : files) {
      if (f.getLen() > 0 && Formats.isSequenceFile(conf, f.getPath())) {
        for (Writable[] kv : TestData.readSequenceFile(conf, f.getPath())) {
          lines.add(kv[1].toString());
        }
      } else {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
          for (String line = r.readLine(); line != null; line = r.readLine()) {
            lines.add(line);
          }
        }
      }
    }
    return lines;
  }
}

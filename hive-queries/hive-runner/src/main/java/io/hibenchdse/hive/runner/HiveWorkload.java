package io.hibenchdse.hive.runner;

import io.hibenchdse.core.Formats;
import io.hibenchdse.core.UsageException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** HiveBench's queries: the .sql file each runs after tables.sql, its result table and the tables it reads. */
public enum HiveWorkload {
  SCAN("uservisits_copy", List.of("uservisits")),
  AGGREGATION("uservisits_aggre", List.of("uservisits")),
  JOIN("rankings_uservisits_join", List.of("rankings", "uservisits"));

  /** The file of the input tables' DDL, run before every query. */
  public static final String TABLES = "tables.sql";

  private final String resultTable;
  private final List<String> inputTables;

  HiveWorkload(String resultTable, List<String> inputTables) {
    this.resultTable = resultTable;
    this.inputTables = inputTables;
  }

  /** The table the query writes under its output directory. */
  public String resultTable() {
    return resultTable;
  }

  /** The directories of the tables it reads, under {@code input}. */
  public List<Path> tables(Path input) {
    return inputTables.stream().map(t -> new Path(input, t)).toList();
  }

  /**
   * SEQUENCEFILE or TEXTFILE, as DataGen wrote the tables under {@code input}; both must be the
   * same. Refuses a table without data.
   */
  public String storedAs(Configuration conf, Path input) throws IOException {
    String format = null;
    for (Path table : tables(input)) {
      Path file = Formats.firstDataFile(conf, List.of(table));
      if (file == null) {
        throw new UsageException("input table " + qualified(conf, table) + " holds no data");
      }
      String f = Formats.isSequenceFile(conf, file) ? "SEQUENCEFILE" : "TEXTFILE";
      if (format != null && !format.equals(f)) {
        throw new UsageException("the input tables under " + qualified(conf, input) + " are stored in different formats");
      }
      format = f;
    }
    return format;
  }

  private static Path qualified(Configuration conf, Path p) throws IOException {
    return p.getFileSystem(conf).makeQualified(p);
  }

  /** Command-line name: scan, aggregation, join. */
  public String workloadName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Its HiveQL file, run after {@link #TABLES}. */
  public String sqlFile() {
    return workloadName() + ".sql";
  }

  /** The workload of a command-line name, or null. */
  public static HiveWorkload of(String name) {
    for (HiveWorkload w : values()) {
      if (w.workloadName().equals(name)) {
        return w;
      }
    }
    return null;
  }
}

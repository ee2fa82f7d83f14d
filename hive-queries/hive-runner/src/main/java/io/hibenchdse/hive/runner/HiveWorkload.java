package io.hibenchdse.hive.runner;

import java.util.List;
import java.util.Locale;

/** HiveBench's queries: the .sql file each runs after tables.sql, its result table and the tables it reads. */
public enum HiveWorkload {
  SCAN("uservisits_copy", List.of("uservisits")),
  AGGREGATION("uservisits_aggre", List.of("uservisits")),
  JOIN("rankings_uservisits_join", List.of("rankings", "uservisits"));

  /** The file of the input tables' DDL, run before every query. */
  public static final String TABLES = "tables.sql";

  final String resultTable;
  final List<String> inputTables;

  HiveWorkload(String resultTable, List<String> inputTables) {
    this.resultTable = resultTable;
    this.inputTables = inputTables;
  }

  /** Command-line name: scan, aggregation, join. */
  public String workloadName() {
    return name().toLowerCase(Locale.ROOT);
  }

  String sqlFile() {
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

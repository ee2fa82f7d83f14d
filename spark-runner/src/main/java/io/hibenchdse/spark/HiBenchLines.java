package io.hibenchdse.spark;

import io.hibenchdse.core.WorkloadDriver;
import io.hibenchdse.hive.runner.HiveScript;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;

/**
 * HiBench 7's Spark command lines, as its scripts pass them to {@code spark-submit --class}: the
 * micro benchmarks' {@code <input> <output>} run as the suite's workloads, the SQL bench's
 * {@code <name> <file.hive>} runs the file's statements. Spark's settings are {@code spark-submit}'s
 * ({@code --master}, ...); the Hadoop configuration is {@code HADOOP_CONF_DIR}'s.
 */
public final class HiBenchLines {
  /**
   * HiBench's DDL: comma-delimited SequenceFile tables, {@code ROW FORMAT DELIMITED}, which Hive
   * takes with any format and Spark's parser with text files only.
   */
  private static final Pattern DELIMITED = Pattern.compile("ROW\\s+FORMAT\\s+DELIMITED\\s+FIELDS\\s+TERMINATED\\s+BY\\s+'([^']*)'",
      Pattern.CASE_INSENSITIVE);

  private HiBenchLines() {}

  /** Runs HiBench's {@code entry <input> <output>} as {@code workload} and exits with its status. */
  public static void micro(String entry, SparkWorkload workload, String[] args) {
    if (args.length != 2) {
      exit(entry + ": usage: " + entry + " <INPUT_HDFS> <OUTPUT_HDFS>", WorkloadDriver.USAGE);
    }
    SparkMain.main(new String[] {workload.workloadName(), args[0], args[1]});
  }

  /** Runs HiBench's {@code entry <name> <file.hive>}: the file's statements in order, and exits with the status. */
  public static void sql(String entry, String[] args) {
    if (args.length != 2) {
      exit(entry + ": usage: " + entry + " <workload name> <SQL script file>", WorkloadDriver.USAGE);
    }
    Path file = Path.of(args[1]);
    if (!Files.isReadable(file)) {
      exit(entry + ": no readable SQL script " + file, WorkloadDriver.USAGE);
    }
    try {
      HiveScript given = HiveScript.read(file);
      HiveScript script = new HiveScript(given.name(), given.statements().stream()
          .map(s -> new HiveScript.Statement(sparkDdl(s.text()), s.line())).toList());
      long t0 = System.nanoTime();
      try (SparkSession spark = SparkSqlQuery.withHive(SparkSession.builder()
          .config(SparkTool.sparkConf(new Configuration(), args[0]))).getOrCreate()) {
        SparkSqlQuery.run(spark, script);
      }
      System.err.printf(Locale.ROOT, "%s: %d statements of %s in %.3f s%n", args[0], script.statements().size(), file,
          (System.nanoTime() - t0) / 1e9);
    } catch (Exception e) {
      exit(WorkloadDriver.failureLine(args[0], e), WorkloadDriver.FAILED);
    }
    exit(null, 0);
  }

  /** {@code statement} with HiBench's {@code ROW FORMAT DELIMITED FIELDS TERMINATED BY 'c'} as the same SerDe spelled for Spark. */
  static String sparkDdl(String statement) {
    Matcher m = DELIMITED.matcher(statement);
    return m.replaceAll(r -> Matcher.quoteReplacement("ROW FORMAT SERDE 'org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe'"
        + " WITH SERDEPROPERTIES ('field.delim' = '" + r.group(1) + "')"));
  }

  private static void exit(String line, int status) {
    if (line != null) {
      System.err.println(line);
    }
    System.exit(status);
  }
}

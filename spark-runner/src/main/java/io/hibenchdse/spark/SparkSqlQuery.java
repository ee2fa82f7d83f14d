package io.hibenchdse.spark;

import io.hibenchdse.hive.runner.HiveScript;
import io.hibenchdse.hive.runner.HiveWorkload;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;

/**
 * HiBench's Spark SQL bench on the suite's own HiveQL: tables.sql then the query's file, the very
 * files Hive runs, through Spark SQL with Hive support, its metastore a Derby database of its own
 * in a directory the run removes (Spark's Hive 2.3 never meets the Hive runner's 4.1 metastore).
 * The tables' variables ({@code ${hivevar:INPUT}}, ...) are Spark SQL's own substitution.
 */
public abstract class SparkSqlQuery extends SparkTool {
  private final HiveWorkload query;

  SparkSqlQuery(SparkWorkload workload, HiveWorkload query) {
    super(workload);
    this.query = query;
  }

  @Command(name = "spark-scan", description = "HiveBench scan through Spark SQL: uservisits copied into OUTPUT/uservisits_copy.")
  public static final class Scan extends SparkSqlQuery {
    public Scan() {
      super(SparkWorkload.SCAN, HiveWorkload.SCAN);
    }
  }

  @Command(name = "spark-aggregation", description = "HiveBench aggregation through Spark SQL: ad revenue per source IP into OUTPUT/uservisits_aggre.")
  public static final class Aggregation extends SparkSqlQuery {
    public Aggregation() {
      super(SparkWorkload.AGGREGATION, HiveWorkload.AGGREGATION);
    }
  }

  @Command(name = "spark-join", description = "HiveBench join through Spark SQL: 1999's revenue and average pageRank per source IP into OUTPUT/rankings_uservisits_join.")
  public static final class Join extends SparkSqlQuery {
    public Join() {
      super(SparkWorkload.JOIN, HiveWorkload.JOIN);
    }
  }

  /** The tables the query reads, each of which must exist. */
  @Override
  protected List<Path> inputs() {
    return query.tables(input);
  }

  @Override
  protected void validateInput(Configuration conf) throws Exception {
    query.storedAs(conf, input);
  }

  @Override
  protected SparkSession.Builder session(SparkSession.Builder builder, Configuration conf) throws IOException {
    return withHive(builder);
  }

  /** {@code builder} with Hive support and a Derby metastore of its own, removed when this JVM ends. */
  static SparkSession.Builder withHive(SparkSession.Builder builder) throws IOException {
    File metastore = Files.createTempDirectory("hibench-spark-metastore").toFile();
    // removed however the run ends: a stop leaves no metastore behind
    Runtime.getRuntime().addShutdownHook(new Thread(() -> FileUtils.deleteQuietly(metastore), "spark-metastore-removal"));
    System.setProperty("derby.stream.error.file", new File(metastore, "derby.log").getPath());
    return builder.enableHiveSupport()
        .config("spark.sql.warehouse.dir", new File(metastore, "warehouse").toURI().toString())
        .config("spark.hadoop.javax.jdo.option.ConnectionURL",
            "jdbc:derby:;databaseName=" + new File(metastore, "metastore_db") + ";create=true");
  }

  /** Runs {@code script}'s statements in order; a failure names the file and the statement's line. */
  static void run(SparkSession spark, HiveScript script) throws IOException {
    for (HiveScript.Statement s : script.statements()) {
      try {
        spark.sql(s.text());
      } catch (Exception e) {
        String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage().strip();
        throw new IOException(script.name() + " line " + s.line() + ": " + message.lines().findFirst().orElse(""), e);
      }
    }
  }

  @Override
  protected void runJobs(SparkSession spark, JavaSparkContext sc, Configuration conf) throws Exception {
    String format = query.storedAs(conf, input);
    spark.conf().set("INPUT", qualified(conf, input).toString());
    spark.conf().set("OUTPUT", qualified(conf, output).toString());
    spark.conf().set("FORMAT", format);
    System.err.printf(Locale.ROOT, "%s: Spark SQL with Hive support (a Derby metastore of its own), %s tables over %s%n",
        commandName(), format, qualified(conf, input));
    for (String file : List.of(HiveWorkload.TABLES, query.sqlFile())) {
      run(spark, HiveScript.load(conf, file));
    }
  }
}

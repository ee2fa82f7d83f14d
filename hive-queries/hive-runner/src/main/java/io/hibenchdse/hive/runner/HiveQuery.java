package io.hibenchdse.hive.runner;

import io.hibenchdse.core.ClusterNodes;
import io.hibenchdse.core.Figure;
import io.hibenchdse.core.InputFiles;
import io.hibenchdse.core.BenchmarkTool;
import io.hibenchdse.core.CleanStop;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.core.Unit;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * A HiveBench query as one command, {@code <query> [-D ...] [-overwrite] INPUT OUTPUT}: declares
 * the tables over {@code INPUT/rankings} and {@code INPUT/uservisits} (tables.sql, their file
 * format detected), then runs the query's .sql file, which writes its result table under OUTPUT.
 * The run's duration is Hive's execution of the query (the INSERT); the whole command's time, the
 * result rows and Hive's settings are in the record beside it.
 */
public abstract class HiveQuery extends BenchmarkTool {
  /** Hive settings that decide what a query measures, recorded with every run. */
  static final List<String> HIVE_KEYS = List.of("hive.execution.engine", "hive.input.format",
      "hive.exec.compress.output", "hive.exec.compress.intermediate", "hive.exec.reducers.bytes.per.reducer",
      "hive.exec.reducers.max", "hive.auto.convert.join", "hive.vectorized.execution.enabled",
      "hive.exec.parallel", "hive.metastore.uris");

  @Parameters(index = "0", paramLabel = "<input>", description = "Directory holding the tables rankings/ and uservisits/.")
  Path input;

  @Parameters(index = "1", paramLabel = "<output>", description = "Directory the result table is written under.")
  Path output;

  /**
   * What a query run reports beside its time: the command's whole time, the result and how Hive
   * ran it; {@code database} holds the tables (on a user's metastore, the run's own).
   */
  public record Metrics(@Figure(Unit.SECONDS) double querySec, @Figure(Unit.SECONDS) double commandSec, String resultTable,
      @Figure(Unit.COUNT) long resultRows, String fileFormat, @Figure(Unit.COUNT) int mapReduceJobs, String database) {}

  private final HiveWorkload workload;
  private long startMs;
  private long startNanos;

  HiveQuery(HiveWorkload workload) {
    this.workload = workload;
  }

  @Command(name = "scan", description = "HiveBench scan: copies uservisits into OUTPUT/uservisits_copy.")
  public static final class Scan extends HiveQuery {
    public Scan() {
      super(HiveWorkload.SCAN);
    }
  }

  @Command(name = "aggregation", description = "HiveBench aggregation: ad revenue per source IP into OUTPUT/uservisits_aggre.")
  public static final class Aggregation extends HiveQuery {
    public Aggregation() {
      super(HiveWorkload.AGGREGATION);
    }
  }

  @Command(name = "join", description = "HiveBench join: 1999's revenue and average pageRank per source IP into OUTPUT/rankings_uservisits_join.")
  public static final class Join extends HiveQuery {
    public Join() {
      super(HiveWorkload.JOIN);
    }
  }

  /** The tables the query reads, each of which must exist. */
  @Override
  protected List<Path> inputs() {
    return workload.tables(input);
  }

  @Override
  protected Path output() {
    return output;
  }

  @Override
  protected void validate(Configuration conf) {
    startMs = System.currentTimeMillis();
    startNanos = System.nanoTime();
  }

  @Override
  protected List<String> recordedKeys() {
    return HIVE_KEYS;
  }

  @Override
  protected RunResult measure(Configuration conf, CleanStop.Run stop) throws Exception {
    String format = workload.storedAs(conf, input);
    HiveSession session = HiveSession.get(conf);
    session.apply(conf);
    Map<String, String> variables = new LinkedHashMap<>();
    variables.put("INPUT", qualified(conf, input).toString());
    variables.put("OUTPUT", qualified(conf, output).toString());
    variables.put("FORMAT", format);
    System.err.printf(Locale.ROOT, "%s: Hive %s, %s tables over %s%n", name(),
        session.embedded() ? "embedded (in-memory metastore, MapReduce " + session.conf().get(MRConfig.FRAMEWORK_NAME) + ")"
            : "with the metastore at " + session.conf().get("hive.metastore.uris") + ", database " + session.database(),
        format, variables.get("INPUT"));
    session.run(HiveScript.load(conf, HiveWorkload.TABLES), variables);
    HiveSession.Execution query = session.run(HiveScript.load(conf, workload.sqlFile()), variables);
    long endMs = System.currentTimeMillis();
    double commandSec = (System.nanoTime() - startNanos) / 1e9;

    RunResult r = newResult(conf, output, session.conf());
    r.counters(query.counters());
    r.metrics(new Metrics(query.seconds(), commandSec, workload.resultTable(), resultRows(query.counters()), format, query.jobs(),
        session.database()));
    return r.timed(startMs, endMs, query.nanos(), inputBytes(conf), ClusterNodes.count(conf));
  }

  @Override
  protected void printResult(Configuration conf, RunResult r) {
    Metrics m = r.metrics(Metrics.class);
    System.out.printf(Locale.ROOT, "%s: %,d bytes read in %.3f s (query), %.3f s (command), %,.0f bytes/s; %,d rows in %s%n",
        name(), r.inputBytes(), r.durationSec(), m.commandSec, r.throughputBytesPerSec(), m.resultRows,
        new Path(output, m.resultTable));
  }

  /** The tables' data files, as Hive reads them (hidden and _-prefixed files left out). */
  private long inputBytes(Configuration conf) throws IOException {
    return InputFiles.bytes(conf, inputs());
  }

  /**
   * Rows Hive wrote into the result table, from its RECORDS_OUT_<n>_<db>.<table> counters. The
   * largest: when Hive merges small output files, its merge job writes the same rows again.
   */
  private long resultRows(Map<String, Map<String, Long>> counters) {
    long rows = 0;
    for (Map.Entry<String, Long> c : counters.getOrDefault("HIVE", Map.of()).entrySet()) {
      if (c.getKey().startsWith("RECORDS_OUT_") && c.getKey().endsWith("." + workload.resultTable())) {
        rows = Math.max(rows, c.getValue());
      }
    }
    return rows;
  }
}

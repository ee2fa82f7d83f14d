package io.hibenchdse.hive.runner;

import io.hibenchdse.core.FailureLog;
import io.hibenchdse.core.HibenchConfigKeys;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hive.common.io.SessionStream;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.MapRedStats;
import org.apache.hadoop.hive.ql.processors.CommandProcessor;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.processors.CommandProcessorFactory;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * One Hive session for this JVM, opened on first use and shared by every query the JVM runs, so
 * the metastore schema is created once. Without {@code hive.metastore.uris} it is the embedded
 * default: a Derby metastore in memory, MapReduce on Hadoop's local runner, scratch space in a
 * local directory; with it, the cluster's metastore and whatever {@code mapreduce.framework.name}
 * the configuration names. On a metastore of the user's the session works in a database of its
 * own, created when it opens and dropped when it closes, so the scripts' {@code DROP TABLE} never
 * meets a user's table of the same name in {@code default}.
 */
final class HiveSession implements AutoCloseable {
  /** The key GenericOptionsParser records as the source of a -D option. */
  private static final String FROM_COMMAND_LINE = "from command line";

  private static HiveSession shared;

  private final SessionState state;
  private final File dir;
  private final boolean ownDir;
  private final boolean embedded;
  /** The session's own database on a user's metastore; null on the embedded one. */
  private String database;

  private HiveSession(SessionState state, File dir, boolean ownDir, boolean embedded) {
    this.state = state;
    this.dir = dir;
    this.ownDir = ownDir;
    this.embedded = embedded;
  }

  /** The JVM's session, opened with {@code conf} on first use. */
  static synchronized HiveSession get(Configuration conf) throws IOException {
    if (shared == null) {
      shared = open(conf);
    }
    return shared;
  }

  /** Closes the JVM's session, if one was opened. */
  static synchronized void closeShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  private static HiveSession open(Configuration conf) throws IOException {
    HiveConf hive = new HiveConf(conf, HiveSession.class);
    String configuredDir = conf.get(HiveKeys.SESSION_DIR);
    File dir = configuredDir != null ? new File(configuredDir)
        : Files.createTempDirectory("hibench-hive-").toFile();
    boolean embedded = hive.get("hive.metastore.uris", "").trim().isEmpty();
    hive.set("hive.execution.engine", "mr");
    // Hive would otherwise start a child JVM through a `hadoop` command for a local task (map join)
    hive.setBoolean("hive.exec.submitviachild", false);
    hive.setBoolean("hive.exec.submit.local.task.via.child", false);
    hive.setBoolean("hive.stats.autogather", false);
    hive.set("hive.exec.local.scratchdir", new File(dir, "local-scratch").getAbsolutePath());
    hive.set("hive.downloaded.resources.dir", new File(dir, "resources").getAbsolutePath());
    hive.set("hive.querylog.location", new File(dir, "querylog").getAbsolutePath());
    if (embedded) {
      Map<String, String> metastore = new LinkedHashMap<>();
      metastore.put("hive.metastore.uris", "");
      metastore.put("javax.jdo.option.ConnectionURL", "jdbc:derby:memory:hibench-metastore;create=true");
      metastore.put("hive.metastore.schema.verification", "false");
      metastore.put("datanucleus.schema.autoCreateAll", "true");
      metastore.put("hive.support.concurrency", "false");
      metastore.put("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager");
      String warehouse = new File(dir, "warehouse").toURI().toString();
      metastore.put("hive.metastore.warehouse.dir", warehouse);
      metastore.put("hive.metastore.warehouse.external.dir", warehouse);
      // Hive makes HiveConfs of its own (the metastore's threads) that see only system properties
      // over the defaults; without these they would open a Derby metastore_db in the working directory.
      metastore.forEach((k, v) -> {
        hive.set(k, v);
        System.setProperty(k, v);
      });
      System.setProperty("derby.stream.error.file", new File(dir, "derby.log").getAbsolutePath());
    }
    if (MRConfig.YARN_FRAMEWORK_NAME.equals(hive.get(MRConfig.FRAMEWORK_NAME)) && hive.getBoolean(HibenchConfigKeys.CONTAINERS_ON_THIS_MACHINE, false)) {
      hive.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, taskClassPath(
          hive.getTrimmedStrings(YarnConfiguration.YARN_APPLICATION_CLASSPATH, YarnConfiguration.DEFAULT_YARN_APPLICATION_CLASSPATH),
          System.getProperty("java.class.path")));
    } else if (MRConfig.YARN_FRAMEWORK_NAME.equals(hive.get(MRConfig.FRAMEWORK_NAME))) {
      hive.set(HibenchConfigKeys.LIBJARS, jobJars(hive.getTrimmedStrings(HibenchConfigKeys.LIBJARS), System.getProperty("java.class.path")));
    }
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(hive.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))) {
      // Hive's operators are not safe for more than one local task at a time in one JVM (the join
      // fails); the result record says so through these two keys.
      hive.setInt(LocalJobRunner.LOCAL_MAX_MAPS, 1);
      hive.setInt(LocalJobRunner.LOCAL_MAX_REDUCES, 1);
    }
    // The constructor prints the session id on stderr (no session is current yet to silence it)
    PrintStream stderr = System.err;
    System.setErr(new PrintStream(OutputStream.nullOutputStream()));
    SessionState state;
    try {
      state = new SessionState(hive);
    } finally {
      System.setErr(stderr);
    }
    state.setIsSilent(true);
    // Hive's console messages (session id, job progress, "FAILED: ...") would interleave with the
    // suite's progress lines; failures reach the user through the exception, in one line.
    state.info = new SessionStream(OutputStream.nullOutputStream());
    state.err = new SessionStream(OutputStream.nullOutputStream());
    SessionState.start(state);
    HiveSession session = new HiveSession(state, dir, configuredDir == null, embedded);
    if (!embedded) {
      session.useOwnDatabase();
    }
    return session;
  }

  /**
   * Creates the session's database and makes it current. A fresh name, never IF NOT EXISTS: the
   * database is dropped with every table in it at the end, so it must be this session's alone.
   */
  private void useOwnDatabase() throws IOException {
    String name = "hibench_" + new SimpleDateFormat("yyyyMMdd_HHmmss", Locale.ROOT).format(new Date())
        + "_" + ProcessHandle.current().pid();
    run(HiveScript.parse("the session's database", "CREATE DATABASE " + name
        + " COMMENT 'HiBench-DSE: tables of one run, dropped at its end'"), Map.of());
    database = name;
    // a JVM stopped by a signal drops it too; a query may still be running in the session then,
    // so the hook uses a metastore client of its own
    Runtime.getRuntime().addShutdownHook(new Thread(this::dropOwnDatabase, "hibench-hive-database"));
    run(HiveScript.parse("the session's database", "USE " + name), Map.of());
  }

  /**
   * Drops the session's database and the tables in it, once. The tables are EXTERNAL and not
   * purged (tables.sql), so their data stays where it is.
   */
  private synchronized void dropOwnDatabase() {
    if (database == null) {
      return;
    }
    try {
      SessionState.setCurrentSessionState(state); // the client asks the thread's session for the user's address
      IMetaStoreClient client = new HiveMetaStoreClient(new HiveConf(conf()));
      try {
        client.dropDatabase(database, true, true, true);
      } finally {
        client.close();
      }
    } catch (Exception e) {
      System.err.println("hive: the run's database " + database + " stays on the metastore at "
          + conf().get("hive.metastore.uris") + ": " + e.getMessage());
    }
    database = null;
  }

  /**
   * Hive's libraries its MapReduce tasks load that hive-exec, the job's jar, does not carry and a
   * Hadoop 3.4 NodeManager does not have (Hadoop 3.4 moved to commons-collections 4), by their
   * jars' names.
   */
  static final List<String> TASK_LIBRARIES = List.of("commons-collections-3.");

  /**
   * The jars each of Hive's jobs takes to a cluster elsewhere ({@code -libjars}'s): those already
   * given ({@code given}, the cfs:// adapter for instance), then {@link #TASK_LIBRARIES} from this
   * JVM's class path {@code own}.
   */
  static String jobJars(String[] given, String own) {
    List<String> jars = new ArrayList<>(List.of(given));
    for (String entry : own.split(File.pathSeparator)) {
      String name = new File(entry).getName();
      if (TASK_LIBRARIES.stream().anyMatch(name::startsWith)) {
        jars.add(new File(entry).toURI().toString());
      }
    }
    return String.join(",", jars);
  }

  /**
   * The class path of Hive's tasks on YARN: the cluster's, then this JVM's jars it lacks. Hive's
   * tasks need Hive's classes and their libraries, which a cluster's NodeManagers do not have; on
   * this machine they are where this JVM found them. Hive's logging bridges stay out: they would
   * clash with the cluster's log4j 1 API and SLF4J binding.
   */
  static String taskClassPath(String[] cluster, String own) {
    Set<String> names = new HashSet<>();
    for (String entry : cluster) {
      names.add(new File(entry).getName());
    }
    List<String> path = new ArrayList<>(List.of(cluster));
    for (String entry : own.split(File.pathSeparator)) {
      String name = new File(entry).getName();
      if (entry.endsWith(".jar") && names.add(name) && !name.startsWith("slf4j-") && !name.startsWith("log4j-1.2-api")
          && !name.startsWith("log4j-slf4j") && !name.startsWith("log4j-web")) {
        path.add(entry);
      }
    }
    return String.join(",", path);
  }

  HiveConf conf() {
    return state.getConf();
  }

  boolean embedded() {
    return embedded;
  }

  /** The database the scripts' tables are declared in. */
  String database() {
    return state.getCurrentDatabase();
  }

  /** The -D options of a command, applied to the session for the commands that follow. */
  void apply(Configuration command) {
    for (Map.Entry<String, String> e : command) {
      String[] sources = command.getPropertySources(e.getKey());
      if (sources != null && sources.length > 0 && sources[sources.length - 1].equals(FROM_COMMAND_LINE)) {
        conf().set(e.getKey(), e.getValue());
      }
    }
  }

  /** What running a statement cost and the MapReduce jobs it ran. */
  record Execution(long nanos, Map<String, Map<String, Long>> counters, int jobs) {
    double seconds() {
      return nanos / 1e9;
    }
  }

  /**
   * Runs a script's statements with the given variables; returns the measured statements'
   * execution (the INSERT), or throws naming the file, line and Hive's own message.
   */
  Execution run(HiveScript script, Map<String, String> variables) throws IOException {
    SessionState.setCurrentSessionState(state);
    state.getHiveVariables().putAll(variables);
    long nanos = 0;
    Map<String, Map<String, Long>> counters = new TreeMap<>();
    int jobs = 0;
    for (HiveScript.Statement s : script.statements()) {
      long t0 = System.nanoTime();
      execute(script, s);
      if (s.measured()) {
        nanos += System.nanoTime() - t0;
        Map<String, MapRedStats> stats = state.getMapRedStats();
        if (stats != null) {
          for (MapRedStats job : stats.values()) {
            jobs++;
            add(job.getCounters(), counters);
          }
        }
      }
    }
    return new Execution(nanos, counters, jobs);
  }

  private void execute(HiveScript script, HiveScript.Statement s) throws IOException {
    String[] tokens = s.text().split("\\s+");
    CommandProcessor processor;
    try {
      processor = CommandProcessorFactory.get(tokens, conf());
    } catch (java.sql.SQLException e) {
      throw new HiveQueryException(script, s, e.getMessage());
    }
    try {
      if (processor instanceof IDriver driver) {
        try {
          driver.run(s.text());
        } finally {
          driver.close();
        }
      } else {
        processor.run(s.text().substring(tokens[0].length()).strip());
      }
    } catch (CommandProcessorException e) {
      throw new HiveQueryException(script, s, e.getMessage() != null ? e.getMessage() : String.valueOf(e.getCauseMessage()));
    }
  }

  private static void add(Counters from, Map<String, Map<String, Long>> into) {
    if (from == null) {
      return;
    }
    for (Counters.Group group : from) {
      Map<String, Long> values = into.computeIfAbsent(group.getName(), g -> new LinkedHashMap<>());
      for (Counters.Counter c : group) {
        values.merge(c.getName(), c.getValue(), Long::sum);
      }
    }
  }

  @Override
  public void close() {
    dropOwnDatabase();
    try {
      state.close();
    } catch (IOException e) {
      // the session's scratch directories stay behind; nothing measured depends on them
    }
    if (ownDir) {
      FileUtil.fullyDelete(dir);
    }
  }

  /** A statement Hive refused or failed: the file, its line and Hive's message, in one line. */
  static final class HiveQueryException extends IOException {
    private static final long serialVersionUID = 1L;

    HiveQueryException(HiveScript script, HiveScript.Statement s, String hiveMessage) {
      super(script.name() + " line " + s.line() + ": " + hiveMessage.strip().replaceAll("\\s*\\R\\s*", " ")
          + " (Hive's log: " + System.getProperty("hibench.hive.log", FailureLog.dir().resolve("hibench-hive.log").toString()) + ")");
    }
  }
}

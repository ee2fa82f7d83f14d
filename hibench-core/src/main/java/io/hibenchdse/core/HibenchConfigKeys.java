package io.hibenchdse.core;

/**
 * The suite's own configuration keys and system properties, in one place as Hadoop's
 * {@code TeraSortConfigKeys} keeps TeraSort's. Hadoop's keys are Hadoop's constants
 * ({@code MRJobConfig}, {@code DFSConfigKeys}, ...), not repeated here.
 */
public final class HibenchConfigKeys {
  private HibenchConfigKeys() {}

  /** Worker count the per-node throughput divides by; default: the cluster's node count. */
  public static final String NODES = "hibench.nodes";

  /**
   * Whether a finished job's counters are printed on stderr, as Job.waitForCompletion(true) does
   * (HiBench's scripts grep them); the suite run turns it off to keep its console to progress.
   */
  public static final String PRINT_COUNTERS = "hibench.counters.print";

  /** Where a run's {@code hibench.report} and {@code hibench.jsonl} go, when set (see {@link Results}). */
  public static final String REPORT_DIR = "hibench.report.dir";

  /**
   * Where a run's records wait instead of going to {@link #REPORT_DIR}: a directory of the
   * launcher's, which then adds what its monitor saw over each record's time and writes the record
   * whole to the report directory. Unset, {@link Results#RECORDS_DIR_ENV} says, else the report
   * directory itself.
   */
  public static final String RECORDS_DIR = "hibench.report.records.dir";

  /** System property: the directory of the failure files (default: {@code <java.io.tmpdir>/hibench-logs-<user>}). */
  public static final String LOG_DIR = "hibench.log.dir";

  /** System property: also print the stack trace of a failed run (HADOOP_OPTS=-Dhibench.stacktrace=true). */
  public static final String STACK_TRACE = "hibench.stacktrace";

  /** A generator's row count and map count: the local job runner resets {@code mapreduce.job.maps} to 1. */
  public static final String GENERATOR_ROWS = "hibench.generator.rows";
  public static final String GENERATOR_MAPS = "hibench.generator.maps";

  /** The storage's labels: what started it says of it ({@link #STORAGE_NODES}, ...). */
  public static final String STORAGE_PREFIX = "hibench.storage.";
  /** The suite's labels of a run's place in its plan ({@link #SUITE_WORKLOAD}, ...). */
  public static final String SUITE_PREFIX = "hibench.suite.";
  /** A series' labels of a run's point ({@link #SERIES_POINT}, ...). */
  public static final String SERIES_PREFIX = "hibench.series.";
  /** The cluster's labels: which cluster ran it, and how ({@link #CLUSTER_HOSTS}, ...). */
  public static final String CLUSTER_PREFIX = "hibench.cluster.";

  /**
   * Every key under these prefixes is recorded with a run, whoever set it (the suite's plan and
   * deployment, a user's {@code -D}): the labels a summary groups a real cluster's runs by.
   */
  public static final String[] LABEL_PREFIXES = {SUITE_PREFIX, SERIES_PREFIX, CLUSTER_PREFIX, STORAGE_PREFIX};

  /**
   * The node count of the storage a run measures (DataNodes, Cassandra nodes), set by whoever
   * started it (the suite's deployment, {@code bin/hibench storage start}'s configuration).
   */
  public static final String STORAGE_NODES = STORAGE_PREFIX + "nodes";

  /**
   * Whether the storage a run measures syncs a write to disk before acknowledging it ({@code true})
   * or acknowledges it from memory ({@code false}), set by whoever started it: results of storages
   * that differ here do not compare (docs/methodology.md#like-for-like-comparison).
   */
  public static final String STORAGE_FSYNC = STORAGE_PREFIX + "fsync.before.ack";

  /**
   * How the storage's nodes sync their write-ahead log, as the storage describes it
   * ({@code commitlog_sync periodic 10000ms}, {@code ... group 15ms}, {@code ... batch}), set by
   * whoever started it: what {@link #STORAGE_FSYNC} says, with the period that decides it.
   */
  public static final String STORAGE_COMMIT_LOG = STORAGE_PREFIX + "commitlog";

  /**
   * Where a file system's own configuration names its settings that decide what a run measures
   * (cfs:// lists its keyspace, replication, consistency levels, ... there, defaults filled in), so
   * they are recorded without this module knowing the file system.
   */
  public static final String FS_RECORDED_KEYS = "hibench.fs.recorded.keys";

  /** The suite's workload a run belongs to, recorded so {@code bin/hibench summary} can group a real cluster's runs. */
  public static final String SUITE_WORKLOAD = SUITE_PREFIX + "workload";

  /** The data-size profile of a run ({@code tiny}, {@code small}, ...). */
  public static final String PROFILE = "hibench.profile";

  /** The {@code bin/hibench run} command line that measured a run, recorded so the report can name it. */
  public static final String SUITE_COMMAND = SUITE_PREFIX + "command";

  /** Of a Spark workload's run, the MapReduce workload that runs on the same data, which the report sets it beside. */
  public static final String SUITE_COUNTERPART = SUITE_PREFIX + "counterpart";

  /**
   * Of a run measured under {@code --runs auto}: the precision its workload was measured until, the
   * 95% interval's half-width in percent of the mean time; the summary says where it was not reached.
   */
  public static final String SUITE_PRECISION = SUITE_PREFIX + "precision";

  /**
   * Of the last run of a workload measured under {@code --runs auto} (the records of its last
   * measured step): how many measured runs the workload took, whether or not the precision was reached.
   */
  public static final String SUITE_RUNS_TAKEN = SUITE_PREFIX + "runs.taken";

  /** A run's point of a series within its profile (YCSB's record counts), where it has one. */
  public static final String SCALE = SUITE_PREFIX + "scale";

  /** A run's point of a series ({@code --vary}): its settings, {@code maps=4,reduces=2}, its label in every report. */
  public static final String SERIES_POINT = SERIES_PREFIX + "point";

  /** The point's place in its series, from 1: the first is the baseline of the deltas. */
  public static final String SERIES_INDEX = SERIES_PREFIX + "index";

  /** In a grid ({@code --grid}), the row the point is in: its settings but the last, which the row's chart runs along. */
  public static final String SERIES_ROW = SERIES_PREFIX + "row";

  /** {@code true} where the point sets the data its runs move (a size, a profile, YCSB's records): a scaling series, with no best point. */
  public static final String SERIES_CHANGES_DATA = SERIES_PREFIX + "changes.data";

  /** Whether the page cache was dropped before a run, or why not. */
  public static final String PAGE_CACHE = "hibench.pagecache";

  /**
   * HDFS's replication and block size, as the cluster jars set and record them. Hadoop names them
   * in {@code DFSConfigKeys} (hadoop-hdfs) up to 2.7 and in {@code HdfsClientConfigKeys}
   * (hadoop-hdfs-client) since 2.8: no class has them on every line the jars run on.
   */
  public static final String DFS_REPLICATION = "dfs.replication";
  public static final String DFS_BLOCK_SIZE = "dfs.blocksize";

  /**
   * The worker hosts of the cluster: those the suite started on this machine ({@code --hosts}), each
   * with a network of its own, or a user's cluster's running NodeManagers ({@code --cluster}).
   */
  public static final String CLUSTER_HOSTS = CLUSTER_PREFIX + "hosts";

  /** What a YCSB phase's serving store did with its memory before the phase: flushed, or not and why. */
  public static final String SERVING_FLUSH = "hibench.serving.flush";

  /** A user's cluster's ResourceManager, as its client configuration names it ({@code --cluster}). */
  public static final String CLUSTER_RESOURCE_MANAGER = CLUSTER_PREFIX + "resourcemanager";

  /** A user's cluster's Hadoop version, as its ResourceManager reports it ({@code --cluster}). */
  public static final String CLUSTER_HADOOP_VERSION = CLUSTER_PREFIX + "hadoop.version";

  /**
   * The Java release a user's NodeManagers run, as their own JMX servlets say ({@code 17}; {@code
   * 11, 17} where they differ), or which of them did not answer ({@code --cluster}).
   */
  public static final String CLUSTER_NODEMANAGER_JAVA = CLUSTER_PREFIX + "nodemanager.java";

  /**
   * How a user's cluster's MapReduce steps were submitted ({@code --cluster}): the command of
   * {@code --submit} ({@code hadoop jar}, {@code dse hadoop jar}), or {@link #SUBMITTED_BY_LAUNCHER}.
   */
  public static final String CLUSTER_SUBMIT = CLUSTER_PREFIX + "submit";

  /** {@link #CLUSTER_SUBMIT}'s value when the launcher's own Hadoop client submitted the jobs. */
  public static final String SUBMITTED_BY_LAUNCHER = "the launcher's Hadoop client";

  /**
   * Whether the cluster's YARN containers run on this machine (the hosts the suite started), so an
   * engine's tasks (Hive's, Spark's executors) take its jars from where its JVM here found them
   * (default: false).
   */
  public static final String CONTAINERS_ON_THIS_MACHINE = "hibench.containers.on.this.machine";

  /**
   * Hadoop's key for the jars a job takes with it ({@code -libjars} sets it; the job's submission
   * ships them): Hadoop names it by this string alone.
   */
  public static final String LIBJARS = "tmpjars";

  /** Those hosts' links as {@code tc} shapes them ({@code 1gbit}, {@code 100mbit,0.5ms}), or {@code unshaped}. */
  public static final String CLUSTER_LINK = CLUSTER_PREFIX + "link";

  /** Where a monitored run's samples are: the name of its CSV files under the report's {@code monitor/}. */
  public static final String MONITOR_SERIES = "hibench.monitor.series";
}

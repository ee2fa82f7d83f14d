package io.hibenchdse.launcher.deployment;

import io.hibenchdse.launcher.storage.PageCache;
import io.hibenchdse.monitor.HostSource;
import io.hibenchdse.monitor.WatchedProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Where a suite run happens: what stores its data and runs its jobs, what serves YCSB's phases,
 * with how many copies, and what a write has reached when it is acknowledged. The plan asks it for
 * what its steps name; a deployment the launcher starts itself ({@link EmbeddedDeployment}) is then
 * {@link Running}, and the user's own cluster ({@link ClusterDeployment}) is described only, its
 * steps submitted by {@code scripts/run-all.sh}.
 */
public interface Deployment {
  /** The store YCSB's phases run on. */
  ServingStore servingStore();

  /** The copies the run's data keeps: TPCx-HS's {@code -replication}, cfs://'s keyspace, HBase's WAL. */
  int replication();

  /** What the serving stores' writes reach before they are acknowledged. */
  WriteAck writeAck();

  /** Where the steps' data goes for {@code --root}: on the jobs' default file system, unless the deployment puts it elsewhere. */
  default String dataRoot(String root) {
    return root;
  }

  /** A deployment this launcher starts itself, on this machine. */
  interface Local extends Deployment {
    /** Starts it fresh for a suite run, every file under {@code scratch}. */
    Running startForRun(java.io.File scratch) throws IOException;
  }

  /** A deployment whose servers this launcher started, until {@link #close}. */
  interface Running extends AutoCloseable {
    /** A client's configuration, the jobs' too: the storage as the default file system and what runs the jobs. */
    Configuration conf();

    /** One line, printed beside the figures: what the storage is and what decides its durability. */
    String describe();

    /** Starts the store YCSB's phases use, when the first of them needs it. */
    ServingCluster.Starter servingCluster();

    /**
     * The hosts a monitor samples, made anew for each monitor; a host that cannot be sampled goes
     * into {@code notSampled} with the reason.
     */
    List<HostSource> hosts(Map<String, String> notSampled);

    /**
     * What a client JVM of the run (Hive's, Spark's driver, YCSB's) is started under, to reach the servers as the cluster's
     * own clients do: nothing on the embedded default, the master host on {@code --hosts}.
     */
    default List<String> clientHost() {
      return List.of();
    }

    /**
     * Spark's settings for the run's Spark steps here ({@code spark.master}, its executors and where
     * their jars are), beside the storage's, asked once before the first: none on the embedded
     * default, whose Spark runs in its own JVM ({@code local[N]}). What it does to get them (a
     * user's cluster gets the jars) is said on {@code out}.
     */
    default Map<String, String> sparkSettings(PrintStream out) throws IOException {
      return Map.of();
    }

    /**
     * A watch over the cluster while a step runs, which {@code stop} stops if the cluster goes away:
     * on a user's cluster; a deployment of the suite's own has none.
     */
    default ClusterWatch watch(Runnable stop) throws IOException {
      return ClusterWatch.NONE;
    }

    /**
     * Jars every MapReduce job takes with it to the cluster, given to a user's {@code --submit} as
     * {@code -libjars} and set in {@link #conf()} as that option sets them: none but on a user's
     * cluster whose NodeManagers lack what the jobs need.
     */
    default List<Path> jobJars() {
      return List.of();
    }

    /** The user's own client the run's MapReduce steps go through ({@code --submit}); empty: this JVM's Hadoop client. */
    default Optional<SubmitCommand> submitCommand() {
      return Optional.empty();
    }

    /** The user's own {@code spark-submit} the run's Spark steps go through ({@code --spark-submit}); empty: a Spark JVM of the launcher's. */
    default Optional<SubmitCommand> sparkSubmitCommand() {
      return Optional.empty();
    }

    /**
     * Drops the page cache where the next step reads its data ({@code --drop-caches}), the serving
     * store's for a YCSB phase: this machine, whose one kernel the embedded default and hosts share;
     * {@link PageCache#DROPPED} or where not and why.
     */
    default String dropPageCache(boolean serving) {
      return PageCache.drop();
    }

    /** The processes of a run now, by name, for a monitor to sample: they come and go (Hive, YCSB's clients). */
    List<WatchedProcess> processes();

    /**
     * Writes a Hadoop configuration directory for stock tools: {@code core-site.xml} and
     * {@code hdfs-site.xml} with the client settings, and what the storage's clients need besides.
     */
    void writeClientConf(Path dir) throws IOException;

    /** Stops every server it started. */
    @Override
    void close();
  }
}

package io.hibenchdse.launcher.deployment;

import io.hibenchdse.node.LocalNodes;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * The user's own cluster, running already: {@code bin/hibench run --cluster CONF_DIR} runs the
 * steps on it ({@link UserCluster}), {@code bin/hibench plan} lists them for {@code scripts/run-all.sh}
 * to submit (no configuration directory then). Its replication is the one given, or HDFS's default;
 * a null serving store leaves YCSB's steps out; a null submit command submits its MapReduce steps
 * through the launcher's own Hadoop client, a null Spark submit command its Spark steps through the
 * launcher's own Spark JVM; null monitor hosts are {@code HIBENCH_MONITOR_HOSTS}'s,
 * or else the running NodeManagers' hosts.
 */
public record ClusterDeployment(Path confDir, Target target, URI cfsUri, ServingStore servingStore, ServingAddress serving,
    int replication, WriteAck writeAck, SubmitCommand submit, SubmitCommand sparkSubmit, List<String> monitorHosts)
    implements Deployment.Local {
  /** The cluster {@code bin/hibench plan} lists steps for, YCSB's on {@code serving}; a null replication takes HDFS's default. */
  public static ClusterDeployment planned(ServingStore serving, Integer replication, WriteAck writeAck) {
    return new ClusterDeployment(null, Target.hdfs, null, serving, null,
        replication == null ? LocalNodes.DEFAULT_REPLICATION : replication, writeAck, null, null, null);
  }

  /**
   * The cluster of {@code confDir}, its files checked before any plan is made, the jobs' data on its
   * default file system or, with {@code target} cfs, on {@code cfsUri} (null: the default file
   * system, which must then be cfs://), YCSB's phases on the store at {@code serving} (null: none,
   * and YCSB's workloads are left out); a null replication takes HDFS's default; MapReduce's steps
   * submitted with {@code submit} ({@code --submit}, null: the launcher's own client), Spark's with
   * {@code sparkSubmit} ({@code --spark-submit}, null: the launcher's own Spark JVM); the workers
   * sampled {@code monitorHosts} ({@code --monitor-hosts}).
   */
  public static ClusterDeployment of(Path confDir, Target target, URI cfsUri, ServingAddress serving, Integer replication,
      WriteAck writeAck, String submit, String sparkSubmit, List<String> monitorHosts) {
    UserCluster.siteConf(confDir);
    return new ClusterDeployment(confDir, target, cfsUri, serving == null ? null : serving.store(), serving,
        replication == null ? LocalNodes.DEFAULT_REPLICATION : replication, writeAck, submit == null ? null : SubmitCommand.parse(submit, confDir),
        sparkSubmit == null ? null : SubmitCommand.parseSpark(sparkSubmit, confDir), monitorHosts);
  }

  /**
   * With {@code --cfs-uri}, {@code root} on that cfs://: the jobs' paths name it in full, and their
   * own files (staging, history) stay on the cluster's default file system, where Hadoop's job
   * submission and the NodeManagers need them.
   */
  @Override
  public String dataRoot(String root) {
    return cfsUri == null ? root : cfsUri.resolve(root).toString();
  }

  /** Checks the cluster and runs on it; nothing of it is started, nothing stopped at the end. */
  @Override
  public Running startForRun(File scratch) throws IOException {
    if (confDir == null) {
      throw new IllegalStateException("a plan's cluster has no configuration to run on");
    }
    return UserCluster.connect(confDir, target, cfsUri, serving, replication, submit, sparkSubmit, monitorHosts, scratch.getName());
  }
}

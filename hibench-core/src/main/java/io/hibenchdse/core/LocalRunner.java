package io.hibenchdse.core;

import java.io.File;
import org.apache.hadoop.conf.Configuration;

/**
 * Settings for Hadoop's local job runner that keep every scratch file of a run under the run's own
 * directory; without them the runner and MiniDFSCluster share fixed directories, and concurrent runs
 * or tests collide and leave files behind.
 */
public final class LocalRunner {
  private LocalRunner() {}

  /** Points the local job runner's scratch space at {@code runDir} and lets it use every core. */
  public static Configuration configure(Configuration conf, File runDir) {
    String dir = runDir.getAbsolutePath();
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", dir + "/hadoop-tmp");
    conf.set("mapreduce.jobtracker.staging.root.dir", dir + "/staging");
    conf.set("mapreduce.cluster.local.dir", dir + "/mapred-local");
    conf.set("mapreduce.cluster.temp.dir", dir + "/mapred-temp");
    int cores = Runtime.getRuntime().availableProcessors();
    conf.setInt("mapreduce.local.map.tasks.maximum", cores);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", cores);
    return conf;
  }
}

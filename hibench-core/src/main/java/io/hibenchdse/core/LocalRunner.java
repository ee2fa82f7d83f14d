package io.hibenchdse.core;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.server.jobtracker.JTConfig;

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
    conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    conf.set("hadoop.tmp.dir", dir + "/hadoop-tmp");
    conf.set(JTConfig.JT_STAGING_AREA_ROOT, dir + "/staging");
    conf.set(MRConfig.LOCAL_DIR, dir + "/mapred-local");
    conf.set(MRConfig.TEMP_DIR, dir + "/mapred-temp");
    int cores = Runtime.getRuntime().availableProcessors();
    conf.setInt(LocalJobRunner.LOCAL_MAX_MAPS, cores);
    conf.setInt(LocalJobRunner.LOCAL_MAX_REDUCES, cores);
    return conf;
  }

  /**
   * Gives the local job runner a staging directory of the user's own, under {@code hadoop.tmp.dir}
   * ({@code /tmp/hadoop-<user>} by default), where none is set: without one it stages under
   * {@code /tmp/hadoop/mapred/staging}, which the first user to run a job owns and the next cannot
   * write ("chmod: cannot access .../.staging").
   */
  public static Configuration userStaging(Configuration conf) {
    // through a JobConf, which reads mapred-site.xml: a cluster's framework is named there
    JobConf jobs = new JobConf(conf);
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(jobs.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))
        && jobs.get(JTConfig.JT_STAGING_AREA_ROOT) == null) {
      conf.set(JTConfig.JT_STAGING_AREA_ROOT, conf.get("hadoop.tmp.dir") + "/mapred/staging");
    }
    return conf;
  }
}

package io.hibenchdse.it;

import io.hibenchdse.node.SiteSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;

/**
 * A YARN mini cluster (ResourceManager, one NodeManager, history server in this JVM; every task in
 * a JVM of its own) set up to start, run small jobs and stop fast and quietly: for the tests that
 * need what the local job runner lacks (retried attempts, task JVMs that can die).
 */
final class FastYarn {
  /** Jersey and Guice log through java.util.logging; strong references keep the levels. */
  private static final List<java.util.logging.Logger> QUIET = new ArrayList<>();

  static {
    for (String name : new String[] {"com.sun.jersey", "com.google.inject"}) {
      java.util.logging.Logger l = java.util.logging.Logger.getLogger(name);
      l.setLevel(Level.SEVERE);
      QUIET.add(l);
    }
  }

  private FastYarn() {}

  /**
   * A started cluster named {@code name}; {@code base} carries the caller's own settings (for
   * example fs.defaultFS, so staging, history and jobs use that file system).
   */
  static MiniMRYarnCluster start(String name, Configuration base) {
    Configuration conf = new Configuration(base);
    // the tests' heartbeats, log retention and HDFS close retry, as the hosts get them (the root pom's test.site)
    SiteSettings.all().forEach(conf::set);
    // Containers run $JAVA_HOME/bin/java
    conf.set("yarn.nodemanager.admin-env", "MALLOC_ARENA_MAX=4,JAVA_HOME=" + System.getProperty("java.home"));
    // A job's master lingers 5 s after its job (MRAppMaster's fixed sleep before it stops). On the
    // mini cluster's 4 GiB, of which masters may hold a tenth, the next job's master waited for it:
    // 4 s of every job but the first. Room for two masters (and their tasks), as on the hosts.
    conf.setFloat(CapacitySchedulerConfiguration.MAXIMUM_APPLICATION_MASTERS_RESOURCE_PERCENT, 0.5f);
    conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, 8192);
    MiniMRYarnCluster yarn = new MiniMRYarnCluster(name, 1);
    try {
      yarn.init(conf);
      yarn.start();
    } catch (RuntimeException | Error e) {
      yarn.stop();
      throw e;
    }
    return yarn;
  }

  /**
   * The container logs (application masters' and tasks') of the cluster's NodeManager whose file
   * names match {@code names} ({@code syslog}, {@code stderr}, ...); they stay after their
   * application ends when the cluster was started with {@code yarn.nodemanager.delete.debug-delay-sec}.
   */
  static List<Path> containerLogs(MiniMRYarnCluster yarn, String names) throws IOException {
    List<Path> logs = new ArrayList<>();
    for (String dir : yarn.getNodeManager(0).getConfig().getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
      try (Stream<Path> files = Files.walk(Paths.get(dir))) {
        files.filter(f -> f.getFileName().toString().matches(names)).forEach(logs::add);
      }
    }
    return logs;
  }

  /** A client configuration for jobs on {@code yarn}: small C1-only JVMs (AM, maps, reduces). */
  static Configuration jobConf(MiniMRYarnCluster yarn) {
    Configuration jc = new Configuration(yarn.getConfig());
    jc.set("mapreduce.framework.name", "yarn");
    jc.set("yarn.app.mapreduce.am.command-opts", "-Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    jc.set("mapreduce.map.java.opts", "-Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    jc.set("mapreduce.reduce.java.opts", "-Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    return jc;
  }
}

package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.LocalRunner;
import io.hibenchdse.core.TestData;
import io.hibenchdse.launcher.hosts.HostDaemon;
import io.hibenchdse.launcher.hosts.HostsCluster;
import io.hibenchdse.node.ChildJvm;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster of hosts on this machine (root, Linux): two workers with a network, cgroups and daemons
 * of their own. Hadoop's own {@code yarn node -list} sees both NodeManagers; a wordcount's maps run
 * on both hosts and its counters equal the local runner's on the same input; and when the cluster
 * stops, no namespace, link, cgroup or daemon of it is left.
 */
class HostsClusterTest {
  @TempDir File dir;

  @Test
  void twoHostsRunAWordcountOnBothAndLeaveNothingBehind() throws Exception {
    String namespaces;
    try (HostsCluster cluster = HostsCluster.start(dir.toPath().resolve("hosts"), 2, null, 1, System.out)) {
      namespaces = cluster.network().namespace(HostsCluster.MASTER);
      Path conf = dir.toPath().resolve("conf");
      cluster.writeClientConf(conf);
      String nodes = yarnNodeList(conf);
      assertTrue(nodes.contains("Total Nodes:2"), nodes);
      for (int i = 1; i <= 2; i++) {
        assertTrue(nodes.contains(HostsCluster.worker(i) + ":"), nodes);
      }

      Configuration jobs = cluster.conf();
      jobs.set("hibench.report.dir", new File(dir, "report").getPath());
      FileSystem fs = FileSystem.get(jobs);
      // eight files, one block each at one copy: their blocks, and so the maps that read them, fall on both hosts
      StringBuilder all = new StringBuilder();
      Random random = new Random(34);
      for (int f = 0; f < 8; f++) {
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < 2000; line++) {
          text.append("w").append(random.nextInt(500)).append(' ').append("v").append(random.nextInt(50)).append('\n');
        }
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/wc/in/part-" + f))) {
          out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        all.append(text);
      }
      TestData.Outcome yarn = TestData.run(jobs, "wordcount", "/wc/in", "/wc/out-yarn");
      assertEquals(0, yarn.status, yarn.toString());
      assertEquals("yarn", yarn.result.configuration.get("mapreduce.framework.name"));
      assertEquals("2", yarn.result.configuration.get("hibench.cluster.hosts"));
      Map<String, Long> expected = new TreeMap<>();
      TestData.countTokens(all.toString(), expected);
      assertEquals(expected, TestData.readTextCounts(jobs, new org.apache.hadoop.fs.Path("/wc/out-yarn")));
      Set<String> mapHosts = mapHosts(jobs);
      assertTrue(mapHosts.size() >= 2, "maps ran on " + mapHosts);

      Configuration local = LocalRunner.configure(new Configuration(jobs), new File(dir, "local"));
      TestData.Outcome runner = TestData.run(local, "wordcount", "/wc/in", "/wc/out-local");
      assertEquals(0, runner.status, runner.toString());
      for (String counter : List.of("MAP_INPUT_RECORDS", "MAP_OUTPUT_RECORDS", "MAP_OUTPUT_BYTES", "COMBINE_INPUT_RECORDS",
          "REDUCE_INPUT_RECORDS", "REDUCE_OUTPUT_RECORDS")) {
        assertEquals(runner.result.counter("org.apache.hadoop.mapreduce.TaskCounter", counter),
            yarn.result.counter("org.apache.hadoop.mapreduce.TaskCounter", counter), counter);
      }
    }
    assertNothingLeft(namespaces);
  }

  /** Hadoop's own {@code yarn node -list}, in a JVM of its own with {@code conf} first on its class path. */
  static String yarnNodeList(Path conf) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(ChildJvm.command());
    command.addAll(List.of("-cp", conf + File.pathSeparator + System.getProperty("java.class.path"),
        "org.apache.hadoop.yarn.client.cli.NodeCLI", "-list"));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    return out;
  }

  /** The hosts the last job's successful maps ran on, from its task reports (the history server's, once it is done). */
  static Set<String> mapHosts(Configuration conf) throws IOException, InterruptedException {
    Cluster cluster = new Cluster(conf);
    try {
      JobStatus last = null;
      for (JobStatus s : cluster.getAllJobStatuses()) {
        if (last == null || s.getStartTime() > last.getStartTime()) {
          last = s;
        }
      }
      Job job = cluster.getJob(last.getJobID());
      Set<String> hosts = new TreeSet<>();
      for (TaskCompletionEvent e : job.getTaskCompletionEvents(0, 10_000)) {
        if (e.isMapTask() && e.getStatus() == TaskCompletionEvent.Status.SUCCEEDED) {
          hosts.add(e.getTaskTrackerHttp().replaceFirst("^\\w+://", "").replaceFirst(":\\d+.*$", ""));
        }
      }
      return hosts;
    } finally {
      cluster.close();
    }
  }

  /** No namespace, link, cgroup or hosts file of this JVM's clusters is left, nor the daemons. */
  static void assertNothingLeft(String namespace) throws IOException, InterruptedException {
    String pid = Long.toString(ProcessHandle.current().pid());
    String netns = run("ip", "netns", "list");
    assertTrue(!netns.contains("hibench-" + pid), netns);
    String links = run("ip", "-o", "link", "show");
    assertTrue(!links.contains("hb" + pid), links);
    for (String controller : List.of("cpuacct", "memory", "blkio")) {
      assertTrue(!Files.exists(Path.of("/sys/fs/cgroup", controller, "hibench-" + pid)), controller);
    }
    assertTrue(!Files.exists(Path.of("/etc/netns", namespace)), namespace);
    assertTrue(ProcessHandle.current().children().noneMatch(c -> c.info().commandLine().orElse("").contains(HostDaemon.class.getName())),
        "a daemon outlived its cluster");
  }

  static String run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }
}

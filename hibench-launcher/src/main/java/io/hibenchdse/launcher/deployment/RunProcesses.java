package io.hibenchdse.launcher.deployment;

import io.hibenchdse.monitor.WatchedProcess;
import io.hibenchdse.node.ChildJvm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The processes of a run on the embedded default, by name: this JVM alone ("launcher": the
 * NameNode and the local job runner's tasks run in it), and every JVM it started (DataNodes,
 * Cassandra nodes, HBase, Hive, Spark, YCSB's clients), named by its main class, with its descendants.
 * Listed anew at every sample, as Hive, Spark and YCSB's clients come and go.
 */
public final class RunProcesses {
  /** Main classes of the suite's child JVMs, and the names their samples go by. */
  private static final Map<String, String> NAMES = Map.of(
      "io.hibenchdse.launcher.storage.DataNodeProcess", "DataNode",
      "io.hibenchdse.cassandra.CassandraNode", "Cassandra node",
      "io.hibenchdse.hbase.HBaseNode", "HBase",
      "io.hibenchdse.hive.runner.HiveMain", "Hive",
      io.hibenchdse.spark.SparkProcess.MAIN_CLASS, "Spark",
      "io.hibenchdse.ycsb.YcsbMain", "YCSB client");

  /** A node's number in its directory's name: DataNodes count from 0, Cassandra nodes and HBase's region servers on hosts from 1. */
  private static final Pattern NODE = Pattern.compile("(datanode-|/node|/regionserver)(\\d+)");

  private RunProcesses() {}

  public static List<WatchedProcess> now() {
    List<WatchedProcess> all = new ArrayList<>();
    ProcessHandle self = ProcessHandle.current();
    all.add(new WatchedProcess("launcher", self, false));
    Map<String, Integer> seen = new HashMap<>();
    self.children().sorted((a, b) -> Long.compare(a.pid(), b.pid())).forEach(child -> {
      String name = name(child);
      int n = seen.merge(name, 1, Integer::sum);
      all.add(new WatchedProcess(n == 1 ? name : name + " (" + child.pid() + ")", child, true));
    });
    return all;
  }

  /**
   * The name of {@code p}'s main class, with the number of its node where it has one (a DataNode's
   * directory {@code datanode-0} is DataNode 1, a Cassandra node's {@code node1} Cassandra node 1,
   * a region server's {@code regionserver1} HBase 1),
   * read from its whole command line ({@link ChildJvm#commandLine}).
   */
  private static String name(ProcessHandle p) {
    List<String> args = ChildJvm.commandLine(p);
    for (int i = 0; i < args.size(); i++) {
      String name = NAMES.get(args.get(i));
      if (name != null) {
        Matcher node = NODE.matcher(i + 1 < args.size() ? args.get(i + 1) : "");
        return node.find() ? name + " " + (Integer.parseInt(node.group(2)) + (node.group(1).equals("datanode-") ? 1 : 0)) : name;
      }
    }
    return p.info().command().map(c -> c.substring(c.lastIndexOf('/') + 1)).orElse("child") + " " + p.pid();
  }
}

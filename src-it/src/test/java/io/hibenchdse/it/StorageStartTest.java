package io.hibenchdse.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.core.JsonLinesExporter;
import io.hibenchdse.core.Results;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.tiers.FullTier;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bin/hibench storage start}: the storage in the foreground, pointed at through the
 * configuration directory it prints, by bin/hibench and by Hadoop's own FsShell; stopped by SIGTERM
 * and started again on the same data.
 */
@FullTier
class StorageStartTest {
  static final Path HOME = LauncherTest.HOME;

  @TempDir File dir;

  /** A running {@code storage start}: its process and the URI and CONF lines it printed first. */
  record Storage(Process process, String uri, Path conf, List<String> lines) {}

  /**
   * HBase on the HDFS: its site file in the CONF dir for HBase's clients, its root directory on
   * that HDFS (the meta table's files there, seen by Hadoop's own FsShell), stopped cleanly.
   */
  @org.junit.jupiter.api.Test
  void hbaseKeepsItsTablesOnTheHdfsAndItsSiteInTheConfDir() throws Exception {
    Storage s = start("hbase", "--dir", dir.toPath().resolve("hbase").toString());
    try {
      assertTrue(s.uri().startsWith("hdfs://"), s.uri());
      String site = Files.readString(s.conf().resolve("hbase-site.xml"));
      assertTrue(site.contains("<name>hbase.rootdir</name><value>" + s.uri().replaceFirst("/$", "") + "/hbase</value>")
          && site.contains("<name>hbase.zookeeper.quorum</name><value>127.0.0.1</value>"), site);
      Proc meta = fsShell(s.conf(), "-test", "-d", "/hbase/data/hbase/meta");
      assertEquals(0, meta.status(), "HBase's meta table on the HDFS: " + meta);
      Thread.sleep(200); // the storage line after URI and CONF
      assertTrue(s.lines().stream().anyMatch(l -> l.matches("storage: HBase 2\\.\\S+ \\(1 region server\\(s\\), ZooKeeper at 127\\.0\\.0\\.1:\\d+\\) on HDFS at .*")),
          s.lines().toString());
    } finally {
      stop(s);
    }
  }

  @ParameterizedTest
  @CsvSource({"hdfs, 2", "cfs, 1"})
  void startsPrintsUriAndConfServesStockToolsAndKeepsItsDataAcrossStarts(String target, int nodes) throws Exception {
    Path home = dir.toPath().resolve("storage");
    Storage s = start(target, "--nodes", Integer.toString(nodes), "--dir", home.toString());
    String uri = s.uri();
    try {
      assertTrue(uri.startsWith(target.equals("hdfs") ? "hdfs://" : "cfs://127.0.0.1:"), uri);
      Map<String, String> env = Map.of("HADOOP_CONF_DIR", s.conf().toString());
      Proc gen = exec(env, HOME.resolve("bin/hibench").toString(), "randomtextwriter",
          "-D", "mapreduce.randomtextwriter.totalbytes=300000", "/kept/rtw");
      assertEquals(0, gen.status(), gen.toString());
      List<String> json = Files.readAllLines(dir.toPath().resolve("report").resolve(Results.JSON_FILE));
      RunResult r = JsonLinesExporter.fromJson(json.get(json.size() - 1));
      assertEquals(uri.replaceFirst("/$", ""), r.fileSystem());
      assertEquals(Math.min(3, nodes), r.replication());
      assertEquals(Integer.toString(nodes), r.configuration().get("hibench.storage.nodes"));

      Proc ls = fsShell(s.conf(), "-ls", "/kept/rtw");
      assertEquals(0, ls.status(), ls.toString());
      assertTrue(ls.out().stream().anyMatch(l -> l.endsWith("/kept/rtw/part-m-00000")), ls.toString());
    } finally {
      stop(s);
    }
    assertTrue(s.lines().contains("storage: stopped; data kept in " + home.resolve("data")), s.lines().toString());

    // a second start on the same --dir: the same URI and the data written before
    Storage again = start(target, "--nodes", Integer.toString(nodes), "--dir", home.toString());
    try {
      assertEquals(uri, again.uri());
      Proc ls = fsShell(again.conf(), "-ls", "/kept/rtw");
      assertEquals(0, ls.status(), ls.toString());
      assertTrue(ls.out().stream().anyMatch(l -> l.endsWith("/kept/rtw/part-m-00000")), ls.toString());
      // another node count on that data is refused while it runs, too, before anything starts
      Proc other = exec(Map.of(), HOME.resolve("bin/hibench").toString(), "storage", "start", "--target", target,
          "--nodes", Integer.toString(nodes + 1), "--dir", home.toString());
      assertEquals(2, other.status(), other.toString());
      assertEquals(1, other.err().size(), other.toString());
      assertTrue(other.err().get(0).startsWith("hibench storage: --dir " + home + ": ")
          && other.err().get(0).contains("of " + nodes + " "), other.toString());
    } finally {
      stop(again);
    }
  }

  @Test
  void secureCfsOnThreeNodesServesStockToolsThroughItsConfDirWithNoSecretInIt() throws Exception {
    Path home = dir.toPath().resolve("secure");
    Storage s = start("cfs", "--secure", "--nodes", "3", "--dir", home.toString());
    try {
      String site = Files.readString(s.conf().resolve("core-site.xml"));
      assertTrue(site.contains("<name>cfs.username</name>") && site.contains("<name>cfs.ssl.truststore.path</name>")
          && site.contains("<name>hadoop.security.credential.provider.path</name>"), site);
      assertFalse(site.contains("cfs.password") || site.contains(LocalCassandra.TLS_STORE_PASSWORD), site);
      // the stock FsShell, given only the CONF dir, logs in and speaks TLS
      Proc mkdir = fsShell(s.conf(), "-mkdir", "-p", "/secure/d");
      assertEquals(0, mkdir.status(), mkdir.toString());
      Proc ls = fsShell(s.conf(), "-ls", "/secure");
      assertEquals(0, ls.status(), ls.toString());
      assertTrue(ls.out().stream().anyMatch(l -> l.endsWith("/secure/d")), ls.toString());
      // a file of several sub-blocks, on all three nodes (replication 3, written at QUORUM), read back whole
      Path local = home.resolve("local.bin");
      byte[] data = new byte[5 << 20];
      new java.util.Random(3).nextBytes(data);
      Files.write(local, data);
      Proc put = fsShell(s.conf(), "-put", local.toString(), "/secure/d/file");
      assertEquals(0, put.status(), put.toString());
      Proc stat = fsShell(s.conf(), "-stat", "%r %b", "/secure/d/file");
      assertEquals(List.of("3 " + data.length), stat.out(), stat.toString());
      // the CONF dir's log4j.properties: Hadoop's console logging on stderr, without the driver's notices
      assertTrue(stat.err().stream().noneMatch(l -> l.contains("datastax") || l.contains(" INFO ")), stat.toString());
      Path back = home.resolve("back.bin");
      Proc get = fsShell(s.conf(), "-get", "/secure/d/file", back.toString());
      assertEquals(0, get.status(), get.toString());
      assertArrayEquals(data, Files.readAllBytes(back));
      assertTrue(s.lines().stream().anyMatch(l -> l.endsWith("; login required; TLS required")), s.lines().toString());
    } finally {
      stop(s);
    }
    Proc hdfs = exec(Map.of(), HOME.resolve("bin/hibench").toString(), "storage", "start", "--target", "hdfs", "--secure");
    assertEquals(2, hdfs.status(), hdfs.toString());
    assertEquals(List.of("hibench storage: --secure is for --target cfs (an embedded HDFS has no login or TLS)"), hdfs.err());
  }

  record Proc(int status, List<String> out, List<String> err) {}

  private Proc exec(Map<String, String> env, String... command) throws Exception {
    File out = File.createTempFile("out", ".txt", dir);
    File err = File.createTempFile("err", ".txt", dir);
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir).redirectOutput(out).redirectError(err);
    pb.environment().putAll(env);
    Process p = pb.start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished in time: " + String.join(" ", command));
    return new Proc(p.exitValue(), Files.readAllLines(out.toPath()), Files.readAllLines(err.toPath()));
  }

  /**
   * Hadoop's FsShell as the stock {@code hadoop fs} runs it: the CONF directory first on the class
   * path, then Hadoop's jars, then what that directory's hadoop-env.sh adds (the cfs adapter).
   */
  private Proc fsShell(Path conf, String... args) throws Exception {
    String cp = conf + File.pathSeparator + Files.readString(HOME.resolve("hibench-launcher/target/runtime-classpath.txt")).trim();
    Matcher m = Pattern.compile("HADOOP_CLASSPATH=\"([^$\"]+)").matcher(Files.readString(conf.resolve("hadoop-env.sh")));
    if (m.find()) {
      assertTrue(new File(m.group(1)).isFile(), m.group(1));
      cp = cp + File.pathSeparator + m.group(1);
    }
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(io.hibenchdse.node.ChildJvm.extraOptions()); // the tests' quicker JIT, as for every child
    command.addAll(List.of("-cp", cp, "org.apache.hadoop.fs.FsShell"));
    command.addAll(List.of(args));
    return exec(Map.of(), command.toArray(new String[0]));
  }

  private Storage start(String target, String... options) throws Exception {
    List<String> command = new ArrayList<>(List.of(HOME.resolve("bin/hibench").toString(), "storage", "start",
        "--target", target));
    command.addAll(List.of(options));
    Process p = new ProcessBuilder(command).directory(dir).redirectError(new File(dir, "storage.err")).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
    String first = out.readLine();
    String second = out.readLine();
    assertTrue(first != null && first.startsWith("URI ") && second != null && second.startsWith("CONF "),
        "the first lines are URI and CONF: " + first + " / " + second + "; stderr " + Files.readString(dir.toPath().resolve("storage.err")));
    Thread drain = new Thread(() -> out.lines().forEach(lines::add));
    drain.setDaemon(true);
    drain.start();
    Path conf = Path.of(second.substring("CONF ".length()));
    assertTrue(Files.isRegularFile(conf.resolve("core-site.xml")), conf.toString());
    return new Storage(p, first.substring("URI ".length()), conf, lines);
  }

  /** SIGTERM, as a service manager or Ctrl-C would stop it: a clean stop, exit status 0. */
  private void stop(Storage s) throws Exception {
    s.process().toHandle().destroy(); // SIGTERM; Process.destroy would also close our end of its output
    assertTrue(s.process().waitFor(90, TimeUnit.SECONDS), "stopped after SIGTERM");
    Thread.sleep(200); // the last lines
    assertEquals(0, s.process().exitValue(), s.lines() + "; stderr " + Files.readString(dir.toPath().resolve("storage.err")));
    assertEquals("", Files.readString(dir.toPath().resolve("storage.err")), "nothing on stderr");
  }
}

package io.hibenchdse.hive.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.TestData;
import io.hibenchdse.hive.DataGen;
import io.hibenchdse.hive.GeneratedTables;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.SiteSettings;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The three queries through real Hive (embedded metastore, MapReduce local) on generated data in a
 * real HDFS, each result checked against the same query computed here over the generated files.
 * {@link HiveQueriesOnCfsTest} runs the same checks on cfs://.
 */
class HiveQueriesTest {
  static final int PAGES = 400;
  static final int VISITS = 6000;
  static File dir;
  static MiniDFSCluster cluster;
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    dir = new File(System.getProperty("test.build.data"), "hive-queries");
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    Configuration c = new Configuration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(dir, "dfs").getAbsolutePath());
    SiteSettings.all().forEach(c::set);
    cluster = new MiniDFSCluster.Builder(c).numDataNodes(1).build();
    cluster.waitActive();
    Configuration base = new Configuration(cluster.getConfiguration(0));
    base.set("fs.defaultFS", cluster.getURI().toString());
    conf = TestData.localConf(base, new File(dir, "mr"));
    conf.set(HiveKeys.SESSION_DIR, new File(dir, "hive").getAbsolutePath());
    generate(conf, "/hive", "sequence");
    generate(conf, "/hive-text", "text");
  }

  @AfterAll
  static void stop() {
    HiveSession.closeShared();
    cluster.shutdown(true);
  }

  static void generate(Configuration conf, String base, String format) {
    TestData.Outcome o = TestData.run(io.hibenchdse.hive.HiveDataGenJar.DRIVER, conf, "HiBench.DataGen", "-t", "hive",
        "-b", base, "-n", "Input", "-m", "2", "-r", "2", "-p", String.valueOf(PAGES), "-v", String.valueOf(VISITS),
        "-o", format);
    assertEquals(0, o.status, o.toString());
  }

  static TestData.Outcome query(Configuration conf, String... args) {
    return TestData.run(HiveMain.DRIVER, conf, args);
  }

  @Test
  void scanCopiesEveryRow() throws Exception {
    checkScan(conf, "/hive");
  }

  @Test
  void aggregationSumsRevenuePerSourceIp() throws Exception {
    checkAggregation(conf, "/hive", "/out/agg");
  }

  @Test
  void aggregationOnTextInputGivesTheSameSums() throws Exception {
    checkAggregation(conf, "/hive-text", "/out/agg-text");
  }

  @Test
  void joinMatchesAnIndependentJoin() throws Exception {
    checkJoin(conf, "/hive");
  }

  static void checkScan(Configuration conf, String base) throws Exception {
    TestData.Outcome o = query(conf, "scan", base + "/Input", base + "/Output");
    assertEquals(0, o.status, o.toString());
    List<String> in = GeneratedTables.lines(conf, new Path(base + "/Input/uservisits"));
    List<String> out = GeneratedTables.lines(conf, new Path(base + "/Output/uservisits_copy"));
    in.sort(null);
    out.sort(null);
    assertEquals(VISITS, in.size());
    assertEquals(in, out);
    assertEquals((long) VISITS, o.result.metrics(HiveQuery.Metrics.class).resultRows());
    assertEquals("HadoopScan", o.result.type());
    assertEquals(FileSystem.get(conf).getContentSummary(new Path(base + "/Input/uservisits")).getLength(),
        o.result.inputBytes());
  }

  static void checkAggregation(Configuration conf, String base, String out) throws Exception {
    TestData.Outcome o = query(conf, "aggregation", base + "/Input", out);
    assertEquals(0, o.status, o.toString());
    checkAggregationResult(conf, base, out, o.result);
  }

  static void checkAggregationResult(Configuration conf, String base, String out, RunResult result) throws Exception {
    int rows = GeneratedTables.assertAggregation(conf, new Path(base + "/Input"), new Path(out + "/uservisits_aggre"));
    assertEquals((long) rows, result.metrics(HiveQuery.Metrics.class).resultRows());
    RunResultChecks.check(result, "HadoopAggregation");
  }

  static void checkJoin(Configuration conf, String base) throws Exception {
    TestData.Outcome o = query(conf, "join", base + "/Input", base + "/JoinOutput");
    assertEquals(0, o.status, o.toString());
    checkJoinResult(conf, base, base + "/JoinOutput", o.result);
  }

  static void checkJoinResult(Configuration conf, String base, String out, RunResult result) throws Exception {
    GeneratedTables.assertJoin(conf, new Path(base + "/Input"), new Path(out + "/rankings_uservisits_join"));
    RunResultChecks.check(result, "HadoopJoin");
    long bytes = 0;
    for (String t : new String[] {DataGen.RANKINGS, DataGen.USERVISITS}) {
      bytes += FileSystem.get(conf).getContentSummary(new Path(base + "/Input/" + t)).getLength();
    }
    assertEquals(bytes, result.inputBytes());
  }

  @Test
  void badInputIsOneLineAndNoResult() throws Exception {
    TestData.Outcome missing = query(conf, "aggregation", "/no/such/Input", "/out/none");
    assertEquals(2, missing.status, missing.toString());
    assertEquals(1, missing.errLines.size(), missing.toString());
    assertTrue(missing.errLines.get(0).contains("/no/such/Input/uservisits"), missing.toString());

    FileSystem.get(conf).mkdirs(new Path("/out/taken/keep"));
    TestData.Outcome taken = query(conf, "aggregation", "/hive/Input", "/out/taken");
    assertEquals(2, taken.status, taken.toString());
    assertTrue(taken.errLines.get(0).contains("-overwrite"), taken.toString());
    assertTrue(FileSystem.get(conf).exists(new Path("/out/taken/keep")));

    File sql = new File(dir, "broken-sql");
    sql.mkdirs();
    Files.copy(HiveScript.class.getResourceAsStream("sql/tables.sql"), sql.toPath().resolve("tables.sql"));
    Files.writeString(sql.toPath().resolve("aggregation.sql"),
        "-- a typo\nINSERT OVERWRITE TABLE uservisits_aggre SELEKT sourceIP FROM uservisits;\n");
    Configuration broken = new Configuration(conf);
    broken.set(HiveKeys.SQL_DIR, sql.getAbsolutePath());
    TestData.Outcome bad = query(broken, "aggregation", "/hive/Input", "/out/broken");
    assertEquals(1, bad.status, bad.toString());
    assertEquals(1, bad.errLines.size(), bad.toString());
    assertTrue(bad.errLines.get(0).contains("aggregation.sql line 2"), bad.toString());
    assertTrue(bad.errLines.get(0).contains("SELEKT"), bad.toString());
    assertNull(bad.result);

    // the session survives a failed statement
    checkAggregation(conf, "/hive", "/out/after-failure");
  }

  /**
   * A metastore of the user's (Hive's own metastore service in a JVM of its own, Derby on disk,
   * Thrift on a port) holding a table of the user's named as the scripts' input table, in
   * {@code default}: the query runs in a database of its own, which is gone after the session
   * (ended or stopped by SIGTERM), and the user's table and its file are as they were.
   */
  @FullTier
  @Test
  void onAUsersMetastoreTheQueriesKeepToADatabaseOfTheirOwn() throws Exception {
    File home = new File(dir, "users-metastore");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String warehouse = new File(home, "warehouse").toURI().toString();
    List<String> command = new ArrayList<>(ChildJvm.command());
    // this JVM's class path: Hive's metastore server and what it needs (test-scoped in the pom)
    command.addAll(List.of("-Xmx512m", "-cp", System.getProperty("java.class.path"),
        "org.apache.hadoop.hive.metastore.HiveMetaStore", "-p", String.valueOf(port),
        "--hiveconf", "javax.jdo.option.ConnectionURL=jdbc:derby:;databaseName=" + new File(home, "db") + ";create=true",
        "--hiveconf", "datanucleus.schema.autoCreateAll=true",
        "--hiveconf", "metastore.schema.verification=false",
        "--hiveconf", "metastore.warehouse.dir=" + warehouse,
        "--hiveconf", "metastore.warehouse.external.dir=" + warehouse));
    home.mkdirs();
    Process metastore = new ProcessBuilder(command).directory(home)
        .redirectErrorStream(true).redirectOutput(new File(home, "metastore.log")).start();
    Configuration client = MetastoreConf.newMetastoreConf();
    MetastoreConf.setVar(client, MetastoreConf.ConfVars.THRIFT_URIS, "thrift://127.0.0.1:" + port);
    IMetaStoreClient users = null;
    try {
      users = connect(client, port, metastore, home);
      // the user's table: managed, in default, over a file of theirs
      FileSystem fs = FileSystem.get(conf);
      Path usersData = new Path("/users/rankings");
      try (FSDataOutputStream out = fs.create(usersData.suffix("/part-0"))) {
        out.writeBytes("theirs,1,1\n");
      }
      Table rankings = new Table();
      rankings.setDbName("default");
      rankings.setTableName(DataGen.RANKINGS);
      rankings.setTableType("MANAGED_TABLE");
      StorageDescriptor sd = new StorageDescriptor();
      sd.setCols(List.of(new FieldSchema("line", "string", null)));
      sd.setLocation(fs.makeQualified(usersData).toString());
      sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
      sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
      sd.setSerdeInfo(new SerDeInfo(null, "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe", new HashMap<>()));
      rankings.setSd(sd);
      rankings.setParameters(new HashMap<>());
      users.createTable(rankings);
      Table before = users.getTable("default", DataGen.RANKINGS);

      Configuration withMetastore = new Configuration(conf);
      withMetastore.set("hive.metastore.uris", MetastoreConf.getVar(client, MetastoreConf.ConfVars.THRIFT_URIS));
      String database;
      try (HiveProcess hive = HiveProcess.serve(withMetastore, new File(home, "hive"), List.of())) {
        HiveProcess.Outcome o = hive.run(List.of("join", "/hive/Input", "/out/join-on-metastore"), System.out);
        assertEquals(0, o.status(), "the Hive JVM's log: " + new File(home, "hive/hive.log"));
        database = o.result().metrics(HiveQuery.Metrics.class).database();
        assertTrue(database.startsWith("hibench_"), database);
        assertTrue(users.getAllDatabases().contains(database), users.getAllDatabases().toString());
        List<String> tables = new ArrayList<>(users.getAllTables(database));
        tables.sort(null);
        assertEquals(List.of(DataGen.RANKINGS, "rankings_uservisits_join", DataGen.USERVISITS), tables);
        assertEquals(List.of(DataGen.RANKINGS), users.getAllTables("default"));
        assertEquals(MetastoreConf.getVar(client, MetastoreConf.ConfVars.THRIFT_URIS),
            o.result().configuration().get("hive.metastore.uris"));
        checkJoinResult(conf, "/hive", "/out/join-on-metastore", o.result());
      }
      assertFalse(users.getAllDatabases().contains(database), users.getAllDatabases().toString());

      // a Hive JVM stopped by SIGTERM drops its database too
      try (HiveProcess hive = HiveProcess.serve(withMetastore, new File(home, "hive-stopped"), List.of())) {
        HiveProcess.Outcome o = hive.run(List.of("scan", "/hive/Input", "/out/scan-on-metastore"), System.out);
        assertEquals(0, o.status(), "the Hive JVM's log: " + new File(home, "hive-stopped/hive.log"));
        String stopped = o.result().metrics(HiveQuery.Metrics.class).database();
        assertTrue(users.getAllDatabases().contains(stopped), users.getAllDatabases().toString());
        // this JVM's Hive JVM, among its other children (the metastore's, and a Cassandra node if a class on cfs:// ran before)
        List<ProcessHandle> hiveJvm = ProcessHandle.current().children()
            .filter(p -> ChildJvm.commandLine(p).contains(HiveMain.class.getName())).toList();
        assertEquals(1, hiveJvm.size(), hiveJvm.toString());
        ProcessHandle jvm = hiveJvm.get(0);
        jvm.destroy();
        jvm.onExit().get(1, TimeUnit.MINUTES);
        assertFalse(users.getAllDatabases().contains(stopped), users.getAllDatabases().toString());
      }
      assertEquals(before, users.getTable("default", DataGen.RANKINGS));
      assertEquals("theirs,1,1\n", new String(fs.open(usersData.suffix("/part-0")).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
      assertEquals(VISITS, GeneratedTables.lines(conf, new Path("/hive/Input/uservisits")).size());
    } finally {
      if (users != null) {
        users.close();
      }
      ChildJvm.stop(metastore, 30);
    }
  }

  /** A client of the metastore once it answers; fails with its log if its JVM ends or a minute passes. */
  private static IMetaStoreClient connect(Configuration client, int port, Process metastore, File home) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (true) {
      assertTrue(metastore.isAlive(), "the metastore ended: " + Files.readString(new File(home, "metastore.log").toPath()));
      try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
        return new HiveMetaStoreClient(client);
      } catch (java.io.IOException e) {
        assertTrue(System.nanoTime() < deadline, "the metastore did not answer in a minute: " + new File(home, "metastore.log"));
        Thread.sleep(500);
      }
    }
  }
}

package io.hibenchdse.hive.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.cfs.CfsTestNode;
import io.hibenchdse.core.TestData;
import io.hibenchdse.tiers.FullTier;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The queries with their tables, result tables and Hive's scratch space on cfs:// (a real Cassandra
 * node in a child JVM), checked as on HDFS against the queries computed over the generated files.
 */
@FullTier
class HiveQueriesOnCfsTest {
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    File dir = new File(System.getProperty("test.build.data"), "hive-queries-cfs");
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
    conf = TestData.localConf(CfsTestNode.conf(), new File(dir, "mr"));
    conf.set(HiveKeys.SESSION_DIR, new File(dir, "hive").getAbsolutePath());
    FileSystem.get(conf).delete(new Path("/hivebench"), true);
    HiveQueriesTest.generate(conf, "/hivebench", "sequence");
  }

  @AfterAll
  static void stop() {
    HiveSession.closeShared(); // before the node stops, or the session's directory stays behind
  }

  @Test
  void queriesOnCfsGiveTheIndependentResults() throws Exception {
    HiveQueriesTest.checkScan(conf, "/hivebench");
    HiveQueriesTest.checkAggregation(conf, "/hivebench", "/hivebench/AggOutput");
    HiveQueriesTest.checkJoin(conf, "/hivebench");
    TestData.Outcome o = HiveQueriesTest.query(conf, "aggregation", "/hivebench/Input", "/hivebench/AggOutput2");
    assertTrue(o.result.fileSystem().startsWith("cfs://"), o.result.fileSystem());
    assertTrue(o.result.configuration().containsKey("cfs.consistencylevel.write"), o.result.configuration().toString());
  }
}

package io.hibenchdse.it;

import io.hibenchdse.core.TestData;
import io.hibenchdse.launcher.storage.EmbeddedHdfs;
import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** Base of the test classes that run jobs on a real HDFS: three DataNodes in this JVM, per class. */
abstract class EmbeddedHdfsTest {
  @TempDir static File dir;
  static EmbeddedHdfs hdfs;
  /** The cluster's client configuration with the local job runner's scratch under the class's directory. */
  static Configuration conf;

  @BeforeAll
  static void startHdfs() throws Exception {
    hdfs = EmbeddedHdfs.start(new File(dir, "dfs"), 3);
    conf = TestData.localConf(hdfs.conf(), new File(dir, "mr"));
  }

  @AfterAll
  static void stopHdfs() {
    hdfs.close();
  }
}

package io.hibenchdse.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodesTest {
  @TempDir File dir;

  /**
   * Asking the cluster for its size leaves the caller's configuration as it was: the local runner's
   * Cluster sets mapreduce.job.maps=1 on the conf it gets, which made TPCx-HS's second HSGen write
   * one file where the first wrote two.
   */
  @Test
  void askingForTheNodeCountChangesNoSetting() {
    Configuration conf = TestData.localConf(dir);
    new JobConf(); // loads mapred-default.xml, as any job does
    String maps = conf.get("mapreduce.job.maps");
    assertEquals(1, ClusterNodes.count(conf));
    assertEquals(maps, conf.get("mapreduce.job.maps"));
  }
}

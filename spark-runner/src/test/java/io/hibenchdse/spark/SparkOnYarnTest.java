package io.hibenchdse.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hibenchdse.core.UsageException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SparkOnYarnTest {
  /** YARN's rounding of a request up to its allocation step. */
  private static long container(long mb, int step) {
    return (mb + step - 1) / step * step;
  }

  /**
   * For NodeManagers from 3 to 64 GB at YARN's default step and the hosts' one, and YARN's default
   * largest container (8 GB) or one of 64 GB: the application master's container and the
   * executor's (heap plus Spark's overhead, a tenth and at least 384 MB) fit the node, the
   * executor's YARN's largest, and one step more of heap would not: the executor takes the node.
   */
  @Test
  void anExecutorTakesWhatTheNodeHasBesideTheApplicationMaster() {
    for (long largest : new long[] {8192, 65536}) {
      for (int step : new int[] {256, 1024}) {
        for (long node = 3072; node <= 65536; node += 1024) {
          Map<String, String> s = new SparkOnYarn(3, 8, node, largest, step).settings();
          long heap = Long.parseLong(s.get("spark.executor.memory").replace("m", ""));
          long master = container(512 + 384, step);
          long executor = container(heap + Math.max(384, heap / 10), step);
          assertTrue(executor + master <= node && executor <= largest, node + " MB, step " + step + ": " + heap);
          long more = heap + step;
          long larger = container(more + Math.max(384, more / 10), step);
          assertTrue(larger + master > node || larger > largest, node + " MB, step " + step + ": " + heap);
          assertEquals(0, heap % step);
          assertEquals("3", s.get("spark.executor.instances"));
          assertEquals("8", s.get("spark.executor.cores"));
          assertEquals("yarn", s.get("spark.master"));
          assertEquals("client", s.get("spark.submit.deployMode"));
          assertEquals("1.0", s.get("spark.scheduler.minRegisteredResourcesRatio"));
        }
      }
    }
    assertEquals("6400m", new SparkOnYarn(2, 2, 8192, 8192, 256).settings().get("spark.executor.memory"));
  }

  @Test
  void aNodeTooSmallForAnExecutorBesideTheMasterIsOneLine() {
    UsageException e = assertThrows(UsageException.class, () -> new SparkOnYarn(1, 2, 2048, 8192, 1024).settings());
    assertEquals("Spark on YARN: a NodeManager has 2048 MB, too little for Spark's application master (1024 MB) and an executor"
        + " of 512 MB beside it", e.getMessage());
  }
}

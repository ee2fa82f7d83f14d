package io.hibenchdse.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child's failure in one line: the last cause its output names, not a frame of its trace. */
class NodeProcessTest {
  @TempDir Path dir;

  @Test
  void theLastErrorIsTheTracesLastCauseNotItsFrames() throws Exception {
    // what an HBase client printed when no ZooKeeper answered
    Path out = Files.writeString(dir.resolve("hbase.out"), String.join("\n",
        "2026-12-06 05:36:00,610 WARN  [ReadOnlyZKClient] zookeeper.ReadOnlyZKClient: failed for get of /hbase/master, give up",
        "org.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after attempts=4, exceptions:",
        "\tat org.apache.hadoop.hbase.client.RpcRetryingCallerImpl.callWithRetries(RpcRetryingCallerImpl.java:145)",
        "Caused by: org.apache.zookeeper.KeeperException$ConnectionLossException: KeeperErrorCode = ConnectionLoss for /hbase/master",
        "\tat org.apache.zookeeper.KeeperException.create(KeeperException.java:102)",
        "\tat org.apache.zookeeper.KeeperException.create(KeeperException.java:54)",
        "\t... 9 more", ""));
    assertEquals("Caused by: org.apache.zookeeper.KeeperException$ConnectionLossException: KeeperErrorCode = ConnectionLoss for"
        + " /hbase/master (see " + out + ")", NodeProcess.lastError(out));
    Path quiet = Files.writeString(dir.resolve("quiet.out"), "started\nstopped\n");
    assertEquals("see " + quiet, NodeProcess.lastError(quiet));
  }
}

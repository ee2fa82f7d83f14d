package io.hibenchdse.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cluster's directory keeps its ports from one start to the next, and refuses what it does not hold. */
class LayoutFileTest {
  @TempDir Path dir;

  private static Properties port(int n) {
    Properties p = new Properties();
    p.setProperty("port", Integer.toString(n));
    return p;
  }

  @Test
  void theSecondStartGetsTheFirstStartsPorts() throws Exception {
    AtomicInteger made = new AtomicInteger();
    Path home = dir.resolve("hdfs");
    assertEquals("4001", LayoutFile.open(home, "an HDFS", "DataNode(s)", 2, () -> port(4000 + made.incrementAndGet())).getProperty("port"));
    assertTrue(LayoutFile.exists(home));
    assertEquals("4001", LayoutFile.open(home, "an HDFS", "DataNode(s)", 2, () -> port(4000 + made.incrementAndGet())).getProperty("port"));
    assertEquals(1, made.get(), "ports chosen once");
  }

  @Test
  void anotherSizeOrAnotherDirectoryIsRefusedInOneLine() throws Exception {
    Path home = dir.resolve("cassandra");
    LayoutFile.open(home, "a Cassandra cluster", "node(s)", 3, () -> port(1));
    IllegalArgumentException size = assertThrows(IllegalArgumentException.class,
        () -> LayoutFile.open(home, "a Cassandra cluster", "node(s)", 1, () -> port(2)));
    assertEquals(home + " holds a Cassandra cluster of 3 node(s), not 1: start it with 3 or use another directory", size.getMessage());
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("mine.txt"), "the user's");
    IllegalArgumentException taken = assertThrows(IllegalArgumentException.class,
        () -> LayoutFile.open(other, "an HDFS", "DataNode(s)", 1, () -> port(3)));
    assertEquals(other + " is not empty and holds no HDFS: use another directory", taken.getMessage());
    assertEquals("the user's", Files.readString(other.resolve("mine.txt")));
  }
}

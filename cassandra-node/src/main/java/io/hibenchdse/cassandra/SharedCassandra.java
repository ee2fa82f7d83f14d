package io.hibenchdse.cassandra;

import java.io.IOException;
import java.nio.file.Path;

/** One node for a whole test JVM, started on first use and stopped when the JVM exits. */
public final class SharedCassandra {
  private static LocalCassandra node;

  private SharedCassandra() {}

  public static synchronized LocalCassandra node() throws IOException {
    if (node == null) {
      Path base = Path.of(System.getProperty("test.build.data", System.getProperty("java.io.tmpdir")));
      LocalCassandra started = LocalCassandra.start(base.resolve("cassandra-shared"), CassandraSettings.TESTS);
      Runtime.getRuntime().addShutdownHook(new Thread(started::stop));
      node = started;
    }
    return node;
  }
}

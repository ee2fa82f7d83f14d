package io.hibenchdse.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The file that makes a directory a local cluster's ({@code cluster.properties}): its node count
 * and the ports its clients keep from one start to the next. A directory holding a cluster of
 * another size is refused (nodes cannot be added or removed without moving data), and so is a
 * directory that holds something else.
 */
public final class LayoutFile {
  private static final String NAME = "cluster.properties";
  private static final String NODES = "nodes";

  private LayoutFile() {}

  /** Whether {@code dir} holds a cluster already. */
  public static boolean exists(Path dir) {
    return Files.exists(dir.resolve(NAME));
  }

  /**
   * The layout of the cluster of {@code nodes} {@code unit} under {@code dir} ({@code what}: "an
   * HDFS", "a Cassandra cluster"), or a new one there from {@code fresh} if the directory is empty
   * or missing. An IllegalArgumentException says what the directory holds instead.
   */
  public static Properties open(Path dir, String what, String unit, int nodes, Supplier<Properties> fresh) throws IOException {
    Path file = dir.resolve(NAME);
    Properties p = new Properties();
    if (Files.exists(file)) {
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
      int had = Integer.parseInt(p.getProperty(NODES, p.getProperty("datanodes"))); // an HDFS's, before the file was shared
      if (had != nodes) {
        throw new IllegalArgumentException(dir + " holds " + what + " of " + had + " " + unit + ", not " + nodes
            + ": start it with " + had + " or use another directory");
      }
      return p;
    }
    if (Files.isDirectory(dir)) {
      try (Stream<Path> entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException(dir + " is not empty and holds no " + what.replaceFirst("^an? ", "")
              + ": use another directory");
        }
      }
    }
    Files.createDirectories(dir);
    p.putAll(fresh.get());
    p.setProperty(NODES, Integer.toString(nodes));
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, what + ": the ports its clients keep across starts");
    }
    return p;
  }
}

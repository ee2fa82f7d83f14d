package io.hibenchdse.hbase;

import io.hibenchdse.node.ChildJvm;
import io.hibenchdse.node.NodeProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's HBase, running already, reached through a client in a JVM of its own (HBase's class path
 * never meets the caller's) with the {@code hbase-site.xml} of a configuration directory: what it
 * is (its version, its region servers and what each one's own configuration says of its WAL), and
 * what the suite does to it between YCSB's phases (a table emptied, every table flushed and its
 * compactions awaited), through HBase's Admin API. Nothing of HBase is started or stopped.
 */
public final class ClusterHBase implements AutoCloseable {
  private static final long CONNECT_TIMEOUT_MS = 120_000;

  /** A region server: its host, and its WAL's settings as it reports them, or null and why they could not be read. */
  public record RegionServer(String host, LocalHBase.Settings settings, String unread) {}

  /** HBase's version and its live region servers. */
  public record Description(String version, List<RegionServer> regionServers) {}

  private final Path dir;
  private final Process process;

  private ClusterHBase(Path dir, Process process) {
    this.dir = dir;
    this.process = process;
  }

  /**
   * A client of the HBase that {@code confDir}'s {@code hbase-site.xml} names, ready once that
   * HBase's master has answered; its files (answers, log) under {@code dir}. An IOException names the
   * client's log where the full trace went.
   */
  public static ClusterHBase connect(Path confDir, Path dir) throws IOException {
    dir = dir.toAbsolutePath();
    Files.createDirectories(dir);
    List<String> command = LocalHBase.command(List.of(), dir,
        List.of(dir.toString(), "0", HBaseNode.CLIENT, confDir.toAbsolutePath().toString()));
    Process p = NodeProcess.launch(command, dir.resolve(LocalHBase.READY), dir.resolve("hbase.out"), CONNECT_TIMEOUT_MS,
        "a client of the HBase of " + confDir.resolve(LocalHBase.SITE));
    return new ClusterHBase(dir, p);
  }

  /** HBase's version and every live region server's WAL settings, asked of HBase now. */
  public Description describe() throws IOException {
    String version = "?";
    List<RegionServer> servers = new ArrayList<>();
    for (String line : LocalHBase.ask(process, dir, HBaseNode.DESCRIBE, "describe itself").split("\n")) {
      String[] f = line.split("\t", 4);
      if (f[0].equals("version")) {
        version = f[1];
      } else if (f[2].equals("unread")) {
        servers.add(new RegionServer(f[1], null, f[3]));
      } else {
        servers.add(new RegionServer(f[1], new LocalHBase.Settings(Integer.parseInt(f[3]), Boolean.parseBoolean(f[2])), null));
      }
    }
    return new Description(version, List.copyOf(servers));
  }

  /** Flushes every table and waits until none compacts; returns the wait in milliseconds. */
  public long settle() throws IOException {
    return Long.parseLong(LocalHBase.ask(process, dir, HBaseNode.SETTLE, "flush and finish compacting"));
  }

  /** Empties {@code table} (truncated, its regions' splits kept), if it exists. */
  public void empty(String table) throws IOException {
    LocalHBase.ask(process, dir, HBaseNode.EMPTY + " " + table, "empty " + table);
  }

  /** Stops the client; HBase itself runs on. */
  @Override
  public void close() {
    ChildJvm.stop(process, 30);
  }
}

package io.hibenchdse.launcher;

import io.hibenchdse.cassandra.LocalCassandra;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** cfs:// on a real single Cassandra node in a child JVM, its files under one directory. */
public final class EmbeddedCfs implements EmbeddedStorage {
  /** cfs://'s defaults, which every Configuration sees only once the file system class is loaded. */
  private static final String CFS_DEFAULTS = "cfs-default.xml";

  private final LocalCassandra node;

  private EmbeddedCfs(LocalCassandra node) {
    this.node = node;
  }

  public static EmbeddedCfs start(File dir, LocalCassandra.Settings settings) throws IOException {
    return new EmbeddedCfs(LocalCassandra.start(dir.toPath(), settings));
  }

  public URI uri() {
    return URI.create("cfs://" + node.host() + ":" + node.port() + "/");
  }

  @Override
  public Configuration conf() {
    Configuration conf = new Configuration();
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, uri().toString());
    conf.set("cfs.datacenter", LocalCassandra.DATACENTER);
    return conf;
  }

  @Override
  public String describe() {
    Configuration conf = conf();
    conf.addResource(CFS_DEFAULTS);
    return "cfs:// at " + uri() + ": " + node.durability() + "; replication " + conf.get("cfs.replication")
        + ", consistency read " + conf.get("cfs.consistencylevel.read")
        + ", write " + conf.get("cfs.consistencylevel.write");
  }

  @Override
  public void close() {
    node.stop();
  }
}

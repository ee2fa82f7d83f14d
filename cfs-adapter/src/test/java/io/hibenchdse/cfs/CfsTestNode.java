package io.hibenchdse.cfs;

import io.hibenchdse.cassandra.SharedCassandra;
import io.hibenchdse.cassandra.LocalCassandra;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** The test JVM's Cassandra node and cfs:// configurations pointing at it. */
public final class CfsTestNode {
  /** Small blocks, so that tests cross block and sub-block boundaries with little data. */
  public static final int SUB_BLOCK = 64 << 10;
  public static final int BLOCK = 4 * SUB_BLOCK;

  private CfsTestNode() {}

  public static LocalCassandra node() {
    try {
      return SharedCassandra.node();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static URI uri() {
    return uri(node());
  }

  public static URI uri(LocalCassandra node) {
    return URI.create("cfs://" + node.host() + ":" + node.port() + "/");
  }

  /** A configuration whose default file system is the shared node's cfs://, with small blocks. */
  public static Configuration conf() {
    return conf(node());
  }

  public static Configuration conf(LocalCassandra node) {
    Configuration conf = new Configuration();
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, uri(node).toString());
    conf.setLong(CfsConfigKeys.BLOCK_SIZE.key(), BLOCK);
    conf.setLong(CfsConfigKeys.SUB_BLOCK_SIZE.key(), SUB_BLOCK);
    conf.set("cfs.datacenter", LocalCassandra.DATACENTER);
    return conf;
  }
}

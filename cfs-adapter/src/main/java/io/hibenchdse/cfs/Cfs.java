package io.hibenchdse.cfs;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.DelegateToFileSystem;

/**
 * {@code cfs://} for Hadoop's {@code FileContext}, as {@code org.apache.hadoop.fs.Hdfs} is
 * {@code hdfs://}'s: YARN's job submission and the MapReduce framework reach the default file
 * system through it. Hadoop finds it by {@code fs.AbstractFileSystem.cfs.impl}; there is no
 * service registration for this API.
 */
public class Cfs extends DelegateToFileSystem {
  /** The key Hadoop finds this class by. */
  public static final String IMPL_KEY = "fs.AbstractFileSystem." + CassandraFileSystem.SCHEME + ".impl";

  /** The constructor Hadoop's {@code AbstractFileSystem.get} calls. */
  public Cfs(URI uri, Configuration conf) throws IOException, URISyntaxException {
    super(uri, new CassandraFileSystem(), conf, CassandraFileSystem.SCHEME, false);
  }
}

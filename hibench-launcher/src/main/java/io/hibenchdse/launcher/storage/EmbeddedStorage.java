package io.hibenchdse.launcher.storage;

import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** What the embedded default runs the suite on: an in-process HDFS or a local Cassandra cluster. */
public interface EmbeddedStorage extends AutoCloseable {
  /** A client configuration whose fs.defaultFS is this storage. */
  Configuration conf();

  /** One line: what the storage is and what decides its durability, printed beside the figures. */
  String describe();

  /** The JVMs of their own its servers run in (Cassandra nodes, DataNodes); none for servers in this JVM. */
  List<ProcessHandle> serverProcesses();

  @Override
  void close();
}

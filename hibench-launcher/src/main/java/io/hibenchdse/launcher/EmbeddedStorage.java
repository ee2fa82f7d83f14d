package io.hibenchdse.launcher;

import org.apache.hadoop.conf.Configuration;

/** What the embedded default runs the suite on: an in-process HDFS or a local Cassandra node. */
public interface EmbeddedStorage extends AutoCloseable {
  /** A client configuration whose fs.defaultFS is this storage. */
  Configuration conf();

  /** One line: what the storage is and what decides its durability, printed beside the figures. */
  String describe();

  @Override
  void close();
}

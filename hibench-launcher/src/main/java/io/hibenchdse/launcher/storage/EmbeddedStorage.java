package io.hibenchdse.launcher.storage;

import io.hibenchdse.core.BenchmarkTool;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** What the embedded default runs the suite on: an in-process HDFS or a local Cassandra cluster. */
public interface EmbeddedStorage extends AutoCloseable {
  /** The storage's node count (DataNodes, Cassandra nodes), as its client configuration carries it into result records. */
  String STORAGE_NODES = BenchmarkTool.STORAGE_NODES;
  /** Whether it syncs writes to disk before acknowledging them, as its client configuration carries it into result records. */
  String STORAGE_FSYNC = BenchmarkTool.STORAGE_FSYNC;

  /** A client configuration whose fs.defaultFS is this storage. */
  Configuration conf();

  /** One line: what the storage is and what decides its durability, printed beside the figures. */
  String describe();

  /** The JVMs of their own its servers run in (Cassandra nodes, DataNodes); none for servers in this JVM. */
  List<ProcessHandle> serverProcesses();

  @Override
  void close();
}

package io.hibenchdse.launcher.deployment;

import io.hibenchdse.cassandra.LocalCassandra;
import io.hibenchdse.core.RunResult;
import io.hibenchdse.hbase.LocalHBase;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Properties;

/**
 * The running store YCSB's phases use, and what the suite does to it between them: empty a table
 * before a load, flush and let compactions finish before a measured phase, and say in each record
 * what decides its figures.
 */
public interface ServingCluster extends AutoCloseable {
  /** Starts the store when the first YCSB phase needs it. */
  interface Starter {
    ServingCluster start() throws IOException;
  }

  /** On the Cassandra nodes that serve cfs://. */
  static Starter onCassandra(LocalCassandra nodes) {
    return () -> new CassandraServing(nodes);
  }

  /** On an HBase of its own over {@code hdfs}, its local files under {@code dir}. */
  static Starter onHBase(File dir, URI hdfs, int regionServers, LocalHBase.Settings settings) {
    return () -> new HBaseServing(LocalHBase.start(dir.toPath(), hdfs, regionServers, settings));
  }

  /** On a distributed HBase of its own over the hosts' {@code hdfs}: a region server on each worker host. */
  static Starter onHBase(File dir, URI hdfs, LocalHBase.Hosts hosts, LocalHBase.Settings settings) {
    return () -> new HBaseServing(LocalHBase.startOnHosts(dir.toPath(), hdfs, hosts, settings));
  }

  /** The YCSB binding that speaks to it. */
  default io.hibenchdse.ycsb.Binding binding() {
    return store().binding();
  }

  /** The kind of store it is. */
  ServingStore store();

  /** One line for the console: what it is. */
  String describe();

  /** YCSB's properties ({@code -p k=v} pairs) that point the binding at it. */
  List<String> connection();

  /** Empties the table a phase with these properties loads, keeping its schema (and regions). */
  void empty(Properties phase) throws IOException;

  /** Flushes what is in memory and waits until nothing compacts; returns the wait in milliseconds. */
  long settle() throws IOException;

  /** What the last {@link #settle} did with what was in memory, in a few words: {@code flushed}, or not and why. */
  default String flushed() {
    return "flushed";
  }

  /** Adds what the store's side decides to a measured phase's record: nodes, fsync, the log's sync. */
  void record(RunResult r);

  @Override
  void close();
}

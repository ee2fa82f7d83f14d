/**
 * The embedded storages a suite runs on (HDFS with DataNodes in JVMs of their own, Cassandra nodes
 * for cfs://), what they promise a writer ({@link io.hibenchdse.launcher.storage.Durability}) and
 * the operating system's page cache. Knows nothing of suites or reports.
 */
package io.hibenchdse.launcher.storage;

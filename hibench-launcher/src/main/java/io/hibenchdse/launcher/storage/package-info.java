/**
 * The embedded storages a suite runs on (HDFS with DataNodes in JVMs of their own, Cassandra nodes
 * for cfs://) and the operating system's page cache. Knows nothing of suites or reports; what a
 * storage promised a writer is read back from the records by {@link io.hibenchdse.report.Durability}.
 */
package io.hibenchdse.launcher.storage;

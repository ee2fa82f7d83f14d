package io.hibenchdse.monitor;

/**
 * A process of a run to sample, by the name the report gives it (a DataNode, a Cassandra node,
 * Hive, a YCSB client), with its descendants (YARN containers, task JVMs) or, for a process whose
 * children are watched by names of their own, alone.
 */
public record WatchedProcess(String name, ProcessHandle handle, boolean withDescendants) {}

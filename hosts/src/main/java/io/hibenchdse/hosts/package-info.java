/**
 * A real cluster on this machine: hosts with a network namespace, an address on one bridge, a hosts
 * file and cgroups of their own ({@link HostNetwork}, {@link HostCgroup}), links shaped to a known
 * speed ({@link Link}), Hadoop's daemons in JVMs of their own on them ({@link HostDaemon}), their
 * configuration ({@link ClusterSites}) and the whole started and stopped as one ({@link HostsCluster}),
 * its data on HDFS or on a file system whose servers a deployment starts on the workers
 * ({@link WorkerStorage}). Linux, as root. It knows nothing of the suite's runs: the launcher's
 * deployment puts a run on it.
 */
package io.hibenchdse.hosts;

/**
 * A real cluster on this machine: hosts with a network namespace, an address on one bridge, a hosts
 * file and cgroups of their own ({@link HostNetwork}, {@link HostCgroup}), links shaped to a known
 * speed ({@link Link}), Hadoop's daemons in JVMs of their own on them ({@link HostDaemon}), their
 * configuration ({@link ClusterSites}) and the whole started and stopped as one ({@link HostsCluster}).
 * Linux, as root.
 */
package io.hibenchdse.launcher.hosts;

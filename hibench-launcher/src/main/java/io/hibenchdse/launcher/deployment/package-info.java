/**
 * Where a suite run happens ({@link io.hibenchdse.launcher.deployment.Deployment}): the storage,
 * what runs the jobs, the serving store YCSB's phases use and what its writes reach before they are
 * acknowledged, node counts and replication, start and stop. The embedded default is one kind, the
 * hosts on this machine (module {@code hosts}, cfs:// on them from here) another, the user's own
 * cluster a third. Uses the storages; knows nothing of suites or reports.
 */
package io.hibenchdse.launcher.deployment;

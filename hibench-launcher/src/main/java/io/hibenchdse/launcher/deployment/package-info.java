/**
 * Where a suite run happens ({@link io.hibenchdse.launcher.deployment.Deployment}): the storage,
 * what runs the jobs, the serving store YCSB's phases use and what its writes reach before they are
 * acknowledged, node counts and replication, start and stop. The embedded default is one kind, the
 * user's own cluster another. Uses the storages; knows nothing of suites or reports.
 */
package io.hibenchdse.launcher.deployment;

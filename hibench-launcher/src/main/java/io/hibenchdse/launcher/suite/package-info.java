/**
 * The suite: its workloads and profiles, the plan of steps a run makes of them, their execution on
 * a storage's configuration, and the measurements that come out.
 */
package io.hibenchdse.launcher.suite;

/**
 * The suite: its workloads, the plan of steps a run makes of them at the report module's profiles,
 * and their execution on a storage's configuration, each step's record labelled so the report
 * reads it back.
 */
package io.hibenchdse.launcher.suite;

/**
 * {@code bin/hibench}'s command line: each subcommand wires the rooms below it. The arrows run one
 * way: this package uses {@link io.hibenchdse.launcher.suite} and
 * {@link io.hibenchdse.launcher.deployment}, and the report module ({@code io.hibenchdse.report}),
 * which reads the records alone; the suite runs on a deployment and writes records the report
 * reads; a deployment starts a storage ({@link io.hibenchdse.launcher.storage}), which knows none
 * of them.
 */
package io.hibenchdse.launcher;

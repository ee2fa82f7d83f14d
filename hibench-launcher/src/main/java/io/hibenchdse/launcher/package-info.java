/**
 * {@code bin/hibench}'s command line: each subcommand wires the rooms below it. The arrows run one
 * way: this package uses {@link io.hibenchdse.launcher.suite}, {@link io.hibenchdse.launcher.report}
 * and {@link io.hibenchdse.launcher.deployment}; the report reads the suite's measurements and the
 * storage's settings; the suite runs on a deployment; a deployment starts a storage
 * ({@link io.hibenchdse.launcher.storage}), which knows none of them.
 */
package io.hibenchdse.launcher;

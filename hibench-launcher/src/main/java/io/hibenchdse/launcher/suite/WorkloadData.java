package io.hibenchdse.launcher.suite;

import io.hibenchdse.report.Profile;

/**
 * Where a workload's data lives and the step that generates it, so another engine's workload can
 * run on the same data: HiBench's directories ({@code /HiBench/Wordcount/Input}, {@code .../Output}).
 */
interface WorkloadData {
  /** The generator's step writing the input with {@code seed}, as a step of {@code suiteWorkload}. */
  Step prepare(String suiteWorkload, Profile profile, String root, SuiteWorkload.Context par, long seed);

  String input(String root);

  String output(String root);
}

package io.hibenchdse.launcher;

import io.hibenchdse.core.RunResult;

/** One measured run of a suite workload at a profile. */
record Measurement(String workload, Profile profile, RunResult result) {}

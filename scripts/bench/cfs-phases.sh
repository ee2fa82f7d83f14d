#!/usr/bin/env bash
# Each TPCx-HS phase's time on cfs:// (a real Cassandra node) and on HDFS (its DataNode in a JVM of
# its own) with tiny's 10 MB, so that what a phase costs beyond moving the data shows: the whole
# benchmark on each, alternating, in one JVM as the launcher runs it; medians per phase and run, and
# the difference cfs - hdfs.
#   scripts/bench/cfs-phases.sh [--runs 5] [--rows 100000] [--dir DIR] [--json FILE]
# The figures in cfs-adapter/README.md come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.CfsPhasesBenchmark "$@"

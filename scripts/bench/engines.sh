#!/usr/bin/env bash
# MapReduce against Spark (wordcount, sort, terasort) on the same input, as the suite runs them:
# MapReduce's local job runner against Spark's local[N] in a JVM of its own, alternating, medians,
# ratios Spark/MapReduce of the jobs' own times and the Spark JVM's start apart.
#   scripts/bench/engines.sh [--runs 3] [--mb 320] [--maps 4] [--reduces 2] [--dir DIR] [--json FILE]
# The figures in docs/performance.md come from a run with the options it names.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.EnginesBenchmark "$@"

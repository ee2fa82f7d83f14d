#!/usr/bin/env bash
# Stock RandomTextWriter and WordCount (hadoop-mapreduce-examples 3.4.2) against ours: same input,
# same maps and reducers, same local job runner and disk, alternating, medians and ratios.
#   scripts/bench/micro.sh [--runs 3] [--mb 100] [--rtw-mb 100] [--dir DIR] [--json FILE]
# The figures in hibench-core/README.md come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.MicroBenchmark "$@"

#!/usr/bin/env bash
# Stock RandomTextWriter and WordCount (hadoop-mapreduce-examples 3.4.2) against ours: same input,
# same maps and reducers, same local job runner and disk, alternating: medians and their ratios, and
# the ratio of the means with its 95% interval and Welch's test.
#   scripts/bench/micro.sh [--runs 3] [--mb 100] [--rtw-mb 100] [--dir DIR] [--json FILE]
# docs/performance.md's figures come from --runs 10.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.MicroBenchmark "$@"

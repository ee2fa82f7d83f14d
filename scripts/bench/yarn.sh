#!/usr/bin/env bash
# A job's overhead on YARN: the same tiny wordcount on a cluster of hosts on this machine (--hosts:
# an application master and tasks in containers) and on the local job runner, alternating; prints
# the hosts' start time, medians and the difference. Linux, as root.
#   scripts/bench/yarn.sh [--runs 3] [--hosts 2] [--json FILE]
# The figures in docs/performance.md come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.YarnOverheadBenchmark "$@"

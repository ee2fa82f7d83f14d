#!/usr/bin/env bash
# What the resource monitor costs: WordCount with and without the suite's sampling, alternating,
# medians and their ratio; and the sampler's own CPU per second of sampling.
#   scripts/bench/monitor.sh [--runs 5] [--mb 100] [--interval 1000] [--idle-seconds 30] [--json FILE]
# The figures in docs/performance.md#monitor come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.MonitorBenchmark "$@"

#!/usr/bin/env bash
# Hadoop's TeraGen, TeraSort and TeraValidate (hadoop-mapreduce-examples 3.4.2) against HSGen,
# HSSort and HSValidate: same rows, same local job runner and disk, alternating, medians and ratios.
#   scripts/bench/tpcxhs.sh [--runs 3] [--rows 1000000] [--reduces 2] [--dir DIR] [--json FILE]
# docs/performance.md's figures come from --runs 10 (and validate at 10,000,000 rows on tmpfs).
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.TpcxHsBenchmark "$@"

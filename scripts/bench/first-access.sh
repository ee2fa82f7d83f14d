#!/usr/bin/env bash
# The first access to hdfs:// and to cfs:// in fresh JVMs (what every YARN task pays), alternating,
# with Hadoop's class path plus the adapter's shaded jar; medians and the cfs/hdfs ratio.
#   scripts/bench/first-access.sh [--runs 7] [--dir DIR] [--json FILE]
# The figures in cfs-adapter/README.md come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.FirstAccessBenchmark "$@"

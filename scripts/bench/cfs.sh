#!/usr/bin/env bash
# DFSIOE write and read on cfs:// (a real Cassandra node) and on HDFS with its DataNode in a JVM
# of its own and, for the earlier figures, in the client's JVM, and the same bytes through plain CQL
# on cfs://'s node (its limit); same disk, same files and sizes, rotating; prints the durability
# settings beside the figures, and the ratios to HDFS and to plain CQL.
#   scripts/bench/cfs.sh [--runs 7] [--files 4] [--mb 256] [--dir DIR] [--json FILE]
# The figures in cfs-adapter/README.md come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.CfsBenchmark "$@"

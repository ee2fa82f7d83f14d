#!/usr/bin/env bash
# YCSB's core through YCSB's BasicDB (the client's floor) and through our cassandra-cql binding on a
# Cassandra node, alternating: the YCSB JVM's CPU per operation of each, medians and the difference.
#   scripts/bench/ycsb.sh [--runs 5] [--records 10000] [--operations 50000] [--threads 4] [--workload FILE] [--json FILE]
# The figures in ycsb/README.md come from a run with the defaults.
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.YcsbBenchmark "$@"

#!/usr/bin/env bash
# Stock TestDFSIO (hadoop-mapreduce-client-jobclient 3.4.2) against our dfsioe: same files and
# sizes, same local disk and runner, alternating; dd moving the same bytes as the limit.
#   scripts/bench/dfsio.sh [--runs 9] [--files 4] [--mb 256] [--dir DIR] [--dir DIR] [--json FILE]
# docs/performance.md's figures come from the defaults with --dir /dev/shm/bench-dfsio (tmpfs).
exec "$(dirname "${BASH_SOURCE[0]}")/java-bench.sh" io.hibenchdse.it.bench.DfsioBenchmark "$@"

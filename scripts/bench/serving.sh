#!/usr/bin/env bash
# The reference study's serving grid (docs/methodology.md#reference-studies): YCSB's workloads A and C at a series of record and
# operation counts, 3 runs each, on HBase over the embedded HDFS and on Cassandra under cfs://, at
# matched durability, then `compare` (which refuses the two if their durability differs).
#   scripts/bench/serving.sh [--records 12000,18000,24000,30000,36000] [--runs 3] [--durability memory|disk] [--out DIR]
# The report's own counts are 100000,150000,...,300000 (the defaults are 0.12 of them, what 2 cores run in
# about half an hour); the figures in ycsb/README.md come from the defaults.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
records=12000,18000,24000,30000,36000
runs=3
durability=memory
out="$home/report-serving"
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --durability) durability="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "serving.sh: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
  esac
done
if [ -e "$out" ]; then
  echo "serving.sh: $out exists; move it away or give --out" >&2
  exit 2
fi
grid=(--benchmarks "$home/conf/ycsb.lst" --ycsb-records "$records" --runs "$runs" --durability "$durability")
# each store in its own run: its own servers, started fresh, nothing of the other's left running
"$home/bin/hibench" run "${grid[@]}" --report-dir "$out/hbase"
"$home/bin/hibench" run --target cfs "${grid[@]}" --report-dir "$out/cassandra"
"$home/bin/hibench" compare "$out/hbase" "$out/cassandra" --out "$out/compare"

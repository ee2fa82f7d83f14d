#!/usr/bin/env bash
# HiveBench's figures (hive-queries/README.md comes from a run with the defaults):
#  1. generation rate of HiBench.DataGen in one map on local disk, beside our RandomTextWriter
#     writing as many bytes in one map (the suite's other generator; HiBench's own DataGen is not
#     published anywhere a build can fetch it), alternating, medians and the ratio;
#  2. scan, aggregation and join at three profiles through `bin/hibench run` (a warm-up and
#     --runs measured runs, fresh data each), on the in-process HDFS and then on cfs://, each
#     storage's durability settings printed, the summary table (Time delta against Data delta,
#     the reference report's Table 17) and the cfs/HDFS ratio of the mean times.
#   scripts/bench/hive.sh [--runs 3] [--visits 2000000] [--profiles tiny,small,large] [--dir DIR]
#                         [--only generation|queries]
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs=3 visits=2000000 profiles=tiny,small,large dir="$home/target/bench-hive" only=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --visits) visits="$2"; shift 2 ;;
    --profiles) profiles="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "hive.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
source "$home/bin/jdk17.sh"
(cd "$home" && mvn -B -q -ntp -DskipTests install)
rm -rf "$dir" && mkdir -p "$dir"
hibench="$home/bin/hibench"

# 1. Generation rate. The figure is the command's bytes over its job time (job start to end).
if [ "$only" != queries ]; then
pages=$((visits * 12 / 100))
rate() { sed -n "s/^$1: \([0-9,]*\) bytes in \([0-9.]*\) s.*/\1 \2/p" | tr -d , | awk '{printf "%.1f\n", $1 / $2 / 1e6}'; }
gen=() rtw=()
for i in $(seq 0 "$runs"); do  # run 0 warms the page cache and the JIT's view of the disk
  g=$("$hibench" HiBench.DataGen -D hibench.report.dir="$dir/report" -D hibench.datagen.seed="$i" -overwrite \
      -t hive -b "$dir/gen" -n Input -m 1 -r 1 -p "$pages" -v "$visits" -o sequence 2>/dev/null | rate datagen)
  bytes=$(du -sb "$dir/gen/Input" | cut -f1)
  r=$("$hibench" randomtextwriter -D hibench.report.dir="$dir/report" -D mapreduce.randomtextwriter.totalbytes="$bytes" \
      -D mapreduce.randomtextwriter.bytespermap="$bytes" -D mapreduce.randomtextwriter.seed="$i" -overwrite \
      "$dir/rtw" 2>/dev/null | rate randomtextwriter)
  [ "$i" -gt 0 ] && gen+=("$g") && rtw+=("$r")
  echo "generation run $i: DataGen $g MB/s, RandomTextWriter $r MB/s ($bytes bytes, one map)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
mg=$(median "${gen[@]}") mr=$(median "${rtw[@]}")
echo "generation, median of $runs: DataGen $mg MB/s per map, RandomTextWriter $mr MB/s per map, ratio $(awk -v a="$mg" -v b="$mr" 'BEGIN {printf "%.2f", a / b}')"
rm -rf "$dir/gen" "$dir/rtw"
fi
[ "$only" = generation ] && exit 0

# 2. The queries at three sizes, HDFS then cfs://.
printf 'scan\naggregation\njoin\n' > "$dir/hive.lst"
for target in hdfs cfs; do
  echo "== $target"
  (cd "$dir" && "$hibench" run --target "$target" --benchmarks hive.lst --profile "$profiles" --runs "$runs" \
      --report-dir "report-$target" --work-dir "work-$target" 2>&1 |
      grep -v -e '^\[' -e ': Hive embedded' -e ' job_local' -e '^datagen: ' -e '^scan: ' -e '^aggregation: ' -e '^join: ')
done
echo "== mean time, cfs:// against HDFS"
join -t, <(tail -n +2 "$dir/report-hdfs/summary.csv" | awk -F, '{print $1"/"$2","$5}' | sort) \
         <(tail -n +2 "$dir/report-cfs/summary.csv" | awk -F, '{print $1"/"$2","$5}' | sort) |
  awk -F, '{printf "%-22s HDFS %8.3f s  cfs %8.3f s  cfs/HDFS %.2f\n", $1, $2, $3, $3 / $2}'

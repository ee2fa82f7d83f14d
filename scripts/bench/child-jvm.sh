#!/usr/bin/env bash
# What the tests' JIT setting buys: the same short `hadoop jar` runs (RandomTextWriter of 3 MB, then
# WordCount over it, each a fresh JVM on Hadoop 3.4's client jars, the local job runner) with the
# JVM's default JIT and with -XX:TieredStopAtLevel=1 (test.child.jvm in pom.xml), alternating; prints
# each pair's CPU seconds (user + system of the two JVMs, from bash's time), the medians and their
# ratio. Needs a build (mvn -DskipTests package).
#   scripts/bench/child-jvm.sh [ROUNDS]     (5)
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$home/bin/jdk17.sh"
rounds="${1:-5}"
cp="$(cat "$home/hadoop-lines/3.4/target/classpath.txt")"
core="$home/hibench-core/target/hibench-core.jar"
[ -f "$core" ] && [ -n "$cp" ] || { echo "child-jvm.sh: build first: mvn -B -ntp -DskipTests package" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# CPU seconds (user + system) of the two JVMs of one run with JVM options $1
cpu() {
  rm -rf "$work/data"
  local TIMEFORMAT='%U %S' t
  t=$( { time {
      java $1 -cp "$cp" org.apache.hadoop.util.RunJar "$core" randomtextwriter -D mapreduce.randomtextwriter.totalbytes=3000000 \
        -D mapreduce.job.maps=2 "$work/data/in" >/dev/null 2>&1
      java $1 -cp "$cp" org.apache.hadoop.util.RunJar "$core" wordcount "$work/data/in" "$work/data/out" >/dev/null 2>&1
    } ; } 2>&1 )
  [ -d "$work/data/out" ] || { echo "child-jvm.sh: the wordcount with options '$1' wrote no output" >&2; exit 1; }
  awk '{printf "%.2f", $1 + $2}' <<< "$t"
}
default=()
c1=()
for i in $(seq 1 "$rounds"); do
  d=$(cpu "")
  c=$(cpu "-XX:TieredStopAtLevel=1")
  default+=("$d")
  c1+=("$c")
  echo "round $i: default JIT $d s, C1 only $c s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
md=$(median "${default[@]}")
mc=$(median "${c1[@]}")
awk -v d="$md" -v c="$mc" 'BEGIN {printf "median CPU seconds: default JIT %.2f, C1 only %.2f, ratio C1/default %.2f\n", d, c, c / d}'

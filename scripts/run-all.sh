#!/usr/bin/env bash
# HiBench's entry point.
#   HADOOP_EXECUTABLE=hadoop HADOOP_CONF_DIR=/etc/hadoop/conf scripts/run-all.sh [--profile small] [...]
#   HADOOP_EXECUTABLE="dse hadoop" scripts/run-all.sh [...]          (DataStax Enterprise)
#   scripts/run-all.sh [...]                                          (no cluster: the embedded default)
# With HADOOP_EXECUTABLE it submits the suite's jars to that cluster with `$HADOOP_EXECUTABLE jar`,
# step by step as `bin/hibench plan` lists them, and the tools append to report/hibench.report
# and report/hibench.jsonl on this machine. Options are those of `bin/hibench run --help`, and
# `--serving cassandra|hbase`: the store the ycsb-* steps run on (CASSANDRA_HOSTS, or HBASE_CONF_DIR).
# Every measured step runs under `bin/hibench monitor`: this machine and every worker over ssh
# (HIBENCH_MONITOR_HOSTS=h1,h2,..., else the hosts of `yarn node -list`; ssh options in
# HIBENCH_SSH_OPTS), sampled every MONITOR_INTERVAL ms (1000; 0 turns it off), each record then
# saying what every host used, the samples in report/monitor/.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${HADOOP_EXECUTABLE:-}" ]; then
  exec "$home/bin/hibench" run "$@"
fi
report="${HIBENCH_REPORT:-$home/report}"
mkdir -p "$report"
plan="$report/plan.txt"
"$home/bin/hibench" plan "$@" > "$plan"

jar_of() {
  local jar="$home/$1/target/$1.jar"
  [ -f "$jar" ] || jar="$home/hive-queries/$1/target/$1.jar"
  if [ ! -f "$jar" ]; then
    echo "run-all.sh: $1 is not built; run: mvn -B -ntp -DskipTests package" >&2
    exit 2
  fi
  echo "$jar"
}

# YCSB's steps need the cluster's serving store: its Cassandra, or its HBase (--serving hbase)
if grep -q '^[a-z]* ycsb [a-z]* cassandra-cql ' "$plan" && [ -z "${CASSANDRA_HOSTS:-}" ]; then
  echo "run-all.sh: the benchmark list has ycsb-* steps: set CASSANDRA_HOSTS=host[,host...] (and CASSANDRA_PORT if not 9042), or comment them out" >&2
  exit 2
fi
if grep -q '^[a-z]* ycsb [a-z]* hbase2 ' "$plan" && [ ! -f "${HBASE_CONF_DIR:-/etc/hbase/conf}/hbase-site.xml" ]; then
  echo "run-all.sh: the ycsb-* steps run on HBase: set HBASE_CONF_DIR to the directory of the cluster's hbase-site.xml (not found in ${HBASE_CONF_DIR:-/etc/hbase/conf})" >&2
  exit 2
fi
export HBASE_CONF_DIR="${HBASE_CONF_DIR:-/etc/hbase/conf}"
interval="${MONITOR_INTERVAL:-1000}"
if [ -z "${HIBENCH_MONITOR_HOSTS:-}" ] && command -v yarn >/dev/null 2>&1; then
  # a ResourceManager that does not answer leaves the workers unsampled, not the run stopped
  HIBENCH_MONITOR_HOSTS=$( (timeout 30 yarn node -list 2>/dev/null || true) | awk '$2 == "RUNNING" { split($1, a, ":"); print a[1] }' | paste -sd, -)
fi
export HIBENCH_MONITOR_HOSTS
echo "run-all.sh: sampling this machine${HIBENCH_MONITOR_HOSTS:+ and $HIBENCH_MONITOR_HOSTS} every $interval ms (MONITOR_INTERVAL)" >&2
# a measured step under the monitor, its records amended with what each host used
monitored() {
  if [ "$kind" = measure ] && [ "$interval" != 0 ]; then
    "$home/bin/hibench" monitor --interval "$interval" --report-dir "$dir" -- "$@"
  else
    "$@"
  fi
}
total=$(wc -l < "$plan")
step=0
while read -r kind jar workload args; do
  step=$((step + 1))
  dir="$report"
  [ "$kind" = measure ] || dir="$report/$kind"
  echo "[$step/$total] $kind, $jar: $workload $args" >&2
  if [ "$jar" = ycsb ]; then
    # A YCSB phase, YCSB's own command line against the cluster's Cassandra or HBase. Unlike
    # `bin/hibench run`, this neither empties the table before a load nor waits for compactions.
    where=()
    case "$args" in
      cassandra-cql*) where=(-p hosts="$CASSANDRA_HOSTS" -p port="${CASSANDRA_PORT:-9042}") ;;
    esac
    # shellcheck disable=SC2086
    monitored "$home/bin/hibench" ycsb "$workload" $args "${where[@]}" -p hibench.report.dir="$dir" < /dev/null
    continue
  fi
  if [ "$jar" = hive-runner ]; then
    # A HiveBench query: Hive in a JVM of its own, with the cluster's YARN and metastore
    # (HADOOP_CONF_DIR, HIVE_CONF_DIR); hive-queries/README.md has the `hive -f` equivalent.
    # shellcheck disable=SC2086
    monitored "$home/bin/hibench" "$workload" -D hibench.report.dir="$dir" $args < /dev/null
    continue
  fi
  # Word splitting of HADOOP_EXECUTABLE ("dse hadoop") and of the planned arguments is intended.
  # shellcheck disable=SC2086
  monitored $HADOOP_EXECUTABLE jar "$(jar_of "$jar")" "$workload" -D hibench.report.dir="$dir" $args < /dev/null
done < "$plan"
"$home/bin/hibench" summary --report-dir "$report"
echo "run-all.sh: results in $report/hibench.report, hibench.jsonl, summary.csv and summary.png" >&2

#!/usr/bin/env bash
# HiBench's entry point, kept for those who start there: a thin wrapper over `bin/hibench run`.
#   HADOOP_EXECUTABLE=hadoop HADOOP_CONF_DIR=/etc/hadoop/conf scripts/run-all.sh [--profile small] [...]
#   HADOOP_EXECUTABLE="dse hadoop" HADOOP_CONF_DIR=... scripts/run-all.sh [...]   (DataStax Enterprise 5)
#   scripts/run-all.sh [...]                                                     (the embedded default)
# With HADOOP_EXECUTABLE the suite runs on the cluster of HADOOP_CONF_DIR (default /etc/hadoop/conf),
# each MapReduce step submitted with `$HADOOP_EXECUTABLE jar`; that is
#   bin/hibench run --submit "$HADOOP_EXECUTABLE jar" --cluster "$HADOOP_CONF_DIR" [...]
# HiBench's variables become options: CASSANDRA_HOSTS (and CASSANDRA_PORT) --serving, or else HBase's
# HBASE_CONF_DIR --serving hbase:$HBASE_CONF_DIR, MONITOR_INTERVAL
# --monitor-interval, HIBENCH_REPORT --report-dir. Every argument goes to `bin/hibench run`; see its --help.
# An option on the command line wins over its variable.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
given() {
  local option="$1" arg
  shift
  for arg in "$@"; do
    case "$arg" in "$option" | "$option="*) return 0 ;; esac
  done
  return 1
}
options=()
if [ -n "${HIBENCH_REPORT:-}" ] && ! given --report-dir "$@"; then
  options+=(--report-dir "$HIBENCH_REPORT")
fi
if [ -n "${MONITOR_INTERVAL:-}" ] && ! given --monitor-interval "$@"; then
  options+=(--monitor-interval "$MONITOR_INTERVAL")
fi
if [ -n "${HADOOP_EXECUTABLE:-}" ]; then
  given --submit "$@" || options+=(--submit "$HADOOP_EXECUTABLE jar")
  given --cluster "$@" || options+=(--cluster "${HADOOP_CONF_DIR:-/etc/hadoop/conf}")
  if ! given --serving "$@"; then
    if [ -n "${CASSANDRA_HOSTS:-}" ]; then
      options+=(--serving "cassandra://$CASSANDRA_HOSTS:${CASSANDRA_PORT:-9042}")
    elif [ -n "${HBASE_CONF_DIR:-}" ]; then
      options+=(--serving "hbase:$HBASE_CONF_DIR")
    fi
  fi
fi
# ${options[@]+...}: an empty array is unbound to bash before 4.4 under set -u
exec "$home/bin/hibench" run ${options[@]+"${options[@]}"} "$@"

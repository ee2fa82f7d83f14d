#!/usr/bin/env bash
# HiBench's entry point, kept for those who start there: a thin wrapper over `bin/hibench run`.
#   HADOOP_EXECUTABLE=hadoop HADOOP_CONF_DIR=/etc/hadoop/conf scripts/run-all.sh [--profile small] [...]
#   HADOOP_EXECUTABLE="dse hadoop" HADOOP_CONF_DIR=... scripts/run-all.sh [...]   (DataStax Enterprise 5)
#   scripts/run-all.sh [...]                                                     (the embedded default)
# With HADOOP_EXECUTABLE the suite runs on the cluster of HADOOP_CONF_DIR (default /etc/hadoop/conf),
# each MapReduce step submitted with `$HADOOP_EXECUTABLE jar`; that is
#   bin/hibench run --submit "$HADOOP_EXECUTABLE jar" --cluster "$HADOOP_CONF_DIR" [...]
# HiBench's variables become options: CASSANDRA_HOSTS (and CASSANDRA_PORT) --serving, MONITOR_INTERVAL
# --monitor-interval, HIBENCH_REPORT --report-dir. Every argument goes to `bin/hibench run`; see its --help.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
options=()
[ -n "${HIBENCH_REPORT:-}" ] && options+=(--report-dir "$HIBENCH_REPORT")
[ -n "${MONITOR_INTERVAL:-}" ] && options+=(--monitor-interval "$MONITOR_INTERVAL")
if [ -z "${HADOOP_EXECUTABLE:-}" ]; then
  exec "$home/bin/hibench" run "${options[@]}" "$@"
fi
[ -n "${CASSANDRA_HOSTS:-}" ] && options+=(--serving "cassandra://$CASSANDRA_HOSTS:${CASSANDRA_PORT:-9042}")
exec "$home/bin/hibench" run --submit "$HADOOP_EXECUTABLE jar" --cluster "${HADOOP_CONF_DIR:-/etc/hadoop/conf}" "${options[@]}" "$@"

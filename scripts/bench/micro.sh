#!/usr/bin/env bash
# Stock RandomTextWriter and WordCount (hadoop-mapreduce-examples 3.4.2) against ours: same input,
# same maps and reducers, same local job runner and disk, alternating, medians and ratios.
#   scripts/bench/micro.sh [--runs 3] [--mb 100] [--rtw-mb 100] [--dir DIR] [--json FILE]
# Builds what it needs first; the figures in hibench-core/README.md come from a run with the defaults.
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$home/bin/jdk17.sh"
cd "$home"
mvn -B -q -ntp -DskipTests install -pl src-it -am
cp_file="$home/src-it/target/bench-classpath.txt"
mvn -B -q -ntp -pl src-it dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
exec java -Xmx2g -XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  -Dlog4j.configuration=file:"$home/build-support/test-resources/log4j.properties" \
  -cp "src-it/target/test-classes:$(cat "$cp_file")" io.hibenchdse.it.bench.MicroBenchmark "$@"

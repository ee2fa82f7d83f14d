#!/usr/bin/env bash
# Builds the suite and runs one of the side-by-side benchmarks of src-it (io.hibenchdse.it.bench)
# with the stock tools on its class path. Used by micro.sh and dfsio.sh.
#   scripts/bench/java-bench.sh <main class> [args]
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$home/bin/jdk17.sh"
cd "$home"
mvn -B -q -ntp -DskipTests install -pl src-it -am
cp_file="$home/src-it/target/bench-classpath.txt"
mvn -B -q -ntp -pl src-it dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
main="$1"
shift
exec java -Xmx2g "@$home/build-support/jvm17.args" \
  -Dlog4j.configuration=file:"$home/build-support/test-resources/log4j.properties" \
  -cp "src-it/target/test-classes:$(cat "$cp_file")" "$main" "$@"

# Sourced by bin/hibench, the benchmark scripts and CI: Hadoop 3.4 needs a JDK from 8 to 21
# (24+ dropped Subject.getSubject, which UserGroupInformation calls). Builds and tests use 17.
java_major() { "$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\)[.\"].*/\1/p' | head -n 1; }
if [ -z "${JAVA_HOME:-}" ] || [ "$(java_major "$JAVA_HOME/bin/java")" != 17 ]; then
  for candidate in /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/java-17-openjdk* /usr/lib/jvm/*17*; do
    if [ -x "$candidate/bin/java" ]; then
      export JAVA_HOME="$candidate"
      break
    fi
  done
fi
if [ -n "${JAVA_HOME:-}" ]; then
  export PATH="$JAVA_HOME/bin:$PATH"
fi

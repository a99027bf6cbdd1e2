#!/usr/bin/env bash
# Runs the join scenarios on real Spark 4.0.1 and writes their facts (with the restarted variants)
# over the stream-join test's resource file. Needs ../shared/spark-baseline copied somewhere
# writable and built (cp -r ../shared/spark-baseline /tmp/spark-baseline-src && cd there && ./run.sh build);
# SPARK_BASELINE points at that copy. About 2 minutes on 2 cores.
#   tools/spark-join-oracle/run.sh [SCENARIOS [OUT [scenario ...]]]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
baseline="${SPARK_BASELINE:-/tmp/spark-baseline-src}"
cp="$baseline/target/classes:$(cat "$baseline/target/classpath.txt")"
classes="$(mktemp -d /tmp/join-oracle-classes.XXXXXX)"
javac -d "$classes" -cp "$cp" "$here/JoinOracle.java"
mapfile -t flags < <("$baseline/run.sh" flags)
export SPARK_LOCAL_IP=127.0.0.1
exec java -Xmx2g "${flags[@]}" -Doracle.restartAfterStep=3 ${JAVA_EXTRA:-} -cp "$classes:$cp" JoinOracle \
  "${1:-$here/join-scenarios.txt}" \
  "${2:-$here/../../runtime/src/test/resources/io/millrace/runtime/state/spark-join-facts.txt}" "${@:3}"

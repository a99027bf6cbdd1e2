#!/usr/bin/env bash
# Runs the stream-static join queries on real Spark 4.0.1 and writes their facts over the
# StaticJoinSparkFactsTest resource file. Needs ../shared/spark-baseline copied somewhere writable and
# built (cp -r ../shared/spark-baseline /tmp/spark-baseline-src && cd there && ./run.sh build);
# SPARK_BASELINE points at that copy. About a minute on 2 cores.
#   tools/spark-static-join-oracle/run.sh [OUT]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
baseline="${SPARK_BASELINE:-/tmp/spark-baseline-src}"
cp="$baseline/target/classes:$(cat "$baseline/target/classpath.txt")"
classes="$(mktemp -d /tmp/static-join-oracle-classes.XXXXXX)"
javac -d "$classes" -cp "$cp" "$here/StaticJoinOracle.java"
mapfile -t flags < <("$baseline/run.sh" flags)
export SPARK_LOCAL_IP=127.0.0.1
exec java -Xmx2g "${flags[@]}" -cp "$classes:$cp" StaticJoinOracle \
  "${1:-$here/../../it/src/test/resources/io/millrace/it/spark-static-join-facts.txt}"

#!/usr/bin/env bash
# Builds the benchmark runners and runs one.
#   bench/run.sh batch-loop [--batches 5000] [--warmup 1000] [--dir /tmp/millrace-bench]
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$home" && ./mvnw -q -B install -DskipTests -pl bench -am)
cp="$(cat "$home/bench/target/classpath.txt"):$home/bench/target/classes"
name="${1:-batch-loop}"; shift || true
case "$name" in
  batch-loop) exec java -Xms512m -Xmx512m -cp "$cp" io.millrace.bench.BatchLoopBench "$@" ;;
  *) echo "unknown benchmark '$name'; known: batch-loop" >&2; exit 2 ;;
esac

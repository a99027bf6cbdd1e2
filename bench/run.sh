#!/usr/bin/env bash
# Builds the benchmark runners and runs one.
#   bench/run.sh batch-loop [--batches 5000] [--warmup 1000] [--dir /tmp/millrace-bench]
#   bench/run.sh hdfs-state [JMH options, e.g. -p keys=10000 or HdfsStateStoreBench.batch]
set -euo pipefail
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$home" && ./mvnw -q -B install -DskipTests -pl bench -am)
cp="$(cat "$home/bench/target/classpath.txt"):$home/bench/target/classes"
name="${1:-batch-loop}"; shift || true
case "$name" in
  batch-loop) exec java -Xms512m -Xmx512m -cp "$cp" io.millrace.bench.BatchLoopBench "$@" ;;
  # JMH forks one JVM (-Xmx3g, set on the class) per benchmark and parameter set; about 3 minutes in all.
  # Defaults: -f 1 -wi 3 -i 5 -w 1 -r 1; arguments given replace them (e.g. -wi 5 -i 10 -w 1 -r 1 HdfsStateStoreBench).
  hdfs-state) if [ $# -eq 0 ]; then set -- -f 1 -wi 3 -i 5 -w 1 -r 1 HdfsStateStoreBench; fi
              exec java -cp "$cp" org.openjdk.jmh.Main "$@" ;;
  # The file source's JSON reader alone; -p file=<a JSON-lines file> reads a spark-baseline input file.
  file-json) if [ $# -eq 0 ]; then set -- -f 1 -wi 3 -i 8 -w 1 -r 1 FileSourceJsonBench; fi
             exec java -cp "$cp" org.openjdk.jmh.Main "$@" ;;
  *) echo "unknown benchmark '$name'; known: batch-loop, hdfs-state, file-json" >&2; exit 2 ;;
esac

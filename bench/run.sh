#!/usr/bin/env bash
# Builds the benchmark runners and runs one.
#   bench/run.sh batch-loop [--batches 5000] [--warmup 1000] [--dir /tmp/millrace-bench]
#   bench/run.sh hdfs-state [JMH options, e.g. -p keys=10000 or HdfsStateStoreBench.batch]
#   bench/run.sh rocksdb-state [JMH options, e.g. -p keys=10000000 or RocksDbStateStoreBench.restart]
#   bench/run.sh e2e --shape window|stateless|dedup [--provider hdfs|rocksdb] [--sink noop|delta] [--run-id ID]
#   bench/run.sh e2e --shape window --source kafka [--bootstrap HOST:PORT] [--max-offsets 500000]
#       (the topic ../shared/spark-baseline's ./run.sh kafka-load serves; without --bootstrap this starts
#        kafka-load itself, as spark-baseline's kafka-bench does, and stops it after the run)
#   bench/run.sh e2e --shape stateless --source kafka --sink kafka
#       (Kafka to Kafka, exactly-once, on a broker of its own loaded alike: TransactionalBroker)
#   bench/run.sh e2e --shape copy --source kafka --sink kafka
#       (Kafka to Kafka without JSON: filter(offset % 4 != 0).select(key, value), exactly-once)
#   bench/run.sh kafka-ceiling --bootstrap HOST:PORT [--threads 2] [--transactions true]
#       (the copy above by kafka-clients alone, no engine: what the clients and broker can do here)
#   bench/run.sh e2e --shape join [--join-type inner|leftOuter] [--provider hdfs|rocksdb]
#       (../shared/spark-baseline's join benchmark over its data/join; the fingerprint is checked against Spark's)
#   bench/run.sh e2e --shape sessions --impl tws|fmgws|session_window [--provider hdfs|rocksdb] [--data DIR]
#       [--keep-run]
#       (../shared/spark-baseline's sessions benchmark, transformWithState, flatMapGroupsWithState or
#        session_window; the fingerprint is checked against Spark's; the run's directory, some 80 MB of
#        checkpoint, is deleted after the checks unless --keep-run)
#   bench/run.sh sessions-vs-spark [--rounds 3] [--impls "tws fmgws session_window"]
#       (per round: Spark's sessions run, then Millrace's on rocksdb and hdfs; rows/s over the round's Spark tws)
#   bench/run.sh join-eviction [--rows 100000,1000000,10000000] [--provider hdfs|rocksdb]
#       (a join's state update per batch, with and without watermark movement, as its state grows)
#   bench/run.sh e2e --restart-cold FROM_RUN_ID     (a finished window run, resumed in a new JVM)
#   bench/run.sh e2e --summary                      (markdown table of /tmp/millrace-e2e/results.jsonl)
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
  # The hdfs-state workloads on the rocksdb store, plus 10 M keys and restarts on a surviving local DB. JMH forks
  # one JVM (-Xmx256m, set on the class) per benchmark and parameter set; about 5 minutes in all, including up to a
  # minute filling the 10 M-key checkpoint that every fork copies from <tmp>/millrace-bench-rocksdb-checkpoints (~100 MB,
  # kept for later runs until the plugin or the fill code changes). 5 warmup iterations, not 3: on 2 cores the
  # JNI and sorted-map paths are still being compiled after 3. Arguments given replace the defaults.
  rocksdb-state) if [ $# -eq 0 ]; then set -- -f 1 -wi 5 -i 5 -w 1 -r 1 RocksDbStateStoreBench; fi
                 exec java -cp "$cp" org.openjdk.jmh.Main "$@" ;;
  # The file source's JSON reader alone; -p file=<a JSON-lines file> reads a spark-baseline input file.
  file-json) if [ $# -eq 0 ]; then set -- -f 1 -wi 3 -i 8 -w 1 -r 1 FileSourceJsonBench; fi
             exec java -cp "$cp" org.openjdk.jmh.Main "$@" ;;
  # Issue 7's end-to-end benchmark over ../shared/spark-baseline's dataset (./run.sh gen there, or
  # javac DataGen.java Args.java Fs.java); heap as the Spark harness gives Spark: HEAP=8g.
  e2e) if [[ " $* " == *" --source kafka "* && " $* " != *" --bootstrap "* ]]; then
         # As spark-baseline's kafka-bench: its kafka-load broker (own JVM, loaded topic) for this run only.
         baseline="${SPARK_BASELINE:-$home/../shared/spark-baseline}"
         log="$(mktemp /tmp/millrace-kafka-load.XXXXXX.log)"
         if [[ " $* " == *" --sink kafka "* ]]; then
           # Kafka to Kafka, exactly-once: kafka-load's broker cannot run transactions; this one is loaded alike.
           java -Xms2g -Xmx2g -cp "$cp" io.millrace.bench.TransactionalBroker > "$log" 2>&1 &
         else
           "$baseline/run.sh" kafka-load > "$log" 2>&1 &
         fi
         broker=$!
         trap 'kill $broker 2>/dev/null || true' EXIT
         for ((i = 0; i < 900; i++)); do
           grep -q '^READY' "$log" && break
           kill -0 "$broker" 2>/dev/null || { echo "kafka-load failed, see $log" >&2; tail -20 "$log" >&2; exit 1; }
           sleep 1
         done
         bootstrap=$(sed -n 's/^READY bootstrap=\([^ ]*\).*/\1/p' "$log")
         [[ -n "$bootstrap" ]] || { echo "kafka-load not ready after ${i}s, see $log" >&2; exit 1; }
         java -Xms"${HEAP:-8g}" -Xmx"${HEAP:-8g}" -cp "$cp" io.millrace.bench.EndToEndBench "$@" \
           --bootstrap "$bootstrap" --broker-pid "$broker"
       else
         exec java -Xms"${HEAP:-8g}" -Xmx"${HEAP:-8g}" -cp "$cp" io.millrace.bench.EndToEndBench "$@"
       fi ;;
  sessions-vs-spark) exec "$home/bench/sessions-vs-spark.sh" "$cp" "$@" ;;
  kafka-ceiling) exec java -Xmx4g -cp "$cp" io.millrace.bench.KafkaClientCeiling "$@" ;;
  # A join's eviction cost as its state grows (100 k, 1 M, 10 M rows by default); about 3 minutes.
  join-eviction) exec java -Xms"${HEAP:-8g}" -Xmx"${HEAP:-8g}" -cp "$cp" io.millrace.bench.JoinEvictionBench "$@" ;;
  *) echo "unknown benchmark '$name'; known: batch-loop, hdfs-state, rocksdb-state, file-json, e2e, sessions-vs-spark, kafka-ceiling, join-eviction" >&2
     exit 2 ;;
esac

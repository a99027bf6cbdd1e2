#!/usr/bin/env bash
# Issue 19's acceptance, one round after another: Spark 4.0.1's transformWithState run
# (../shared/spark-baseline's sessions benchmark), then per implementation Spark's own run of it and
# Millrace's on rocksdb and on hdfs, on the same files. Prints one line per run and Millrace's rows/s
# over the same round's Spark transformWithState, the figure the acceptance asks to be 5x or more;
# this host is shared, so only ratios within a round are compared.
# Called by bench/run.sh (sessions-vs-spark [--rounds 3] [--impls "tws fmgws session_window"]), with
# the bench class path first.
#   SPARK_BASELINE [../shared/spark-baseline, built: its ./run.sh bench runs; it waits for an idle host
#   before each run]   DATA [/tmp/spark-baseline/data/bench, from its ./run.sh gen]   HEAP [8g, as that
#   harness gives Spark]
set -euo pipefail
cp=$1; shift
home="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds=3
impls="tws fmgws session_window"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --impls) impls=$2; shift 2 ;;
    *) echo "sessions-vs-spark: unknown option '$1' (known: --rounds N, --impls \"tws fmgws session_window\")" >&2
       exit 2 ;;
  esac
done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "sessions-vs-spark: --rounds '$rounds' is not a positive number" >&2; exit 2; }
for impl in $impls; do
  [[ " tws fmgws session_window " == *" $impl "* ]] \
    || { echo "sessions-vs-spark: --impls has '$impl'; known: tws fmgws session_window" >&2; exit 2; }
done
baseline="${SPARK_BASELINE:-$home/../shared/spark-baseline}"
data="${DATA:-/tmp/spark-baseline/data/bench}"
[[ -x "$baseline/run.sh" ]] || { echo "sessions-vs-spark: no Spark harness at $baseline (set SPARK_BASELINE)" >&2; exit 2; }
[[ -d "$data/input" ]] || { echo "sessions-vs-spark: no dataset at $data (./run.sh gen in the Spark harness, or set DATA)" >&2
  exit 2; }
# Millrace checks its fingerprint against Spark's figures for the harness's default dataset
# (SessionsBench); on another one it checks that it read every line, and says so below.
data_args=()
if [[ "$(cd "$data" && pwd -P)" != "$(cd /tmp/spark-baseline/data/bench 2>/dev/null && pwd -P)" ]]; then
  data_args=(--data "$data")
fi
out="$(mktemp -d /tmp/millrace-sessions-vs-spark.XXXXXX)"
echo "logs and results in $out" >&2

rows_per_sec() { grep -o '"rowsPerSec" *: *[0-9.]*' | head -1 | sed 's/.*: *//; s/\..*//' || true; }

# Spark's run of implementation $1 in round $2: prints its line and leaves its rows/s in $spark_rps.
spark() {
  local impl=$1 r=$2 provider=hdfs log
  # Spark's HDFS store cannot hold transformWithState's several state variables: tws runs on its
  # RocksDB, fmgws and session_window on HDFS, as the harness's own series does.
  [[ $impl == tws ]] && provider=rocksdb
  log="$out/spark-$impl-$r.log"
  spark_rps=$( (cd "$baseline" && RETRIES=0 RESULTS="$out/spark.jsonl" ./run.sh bench --bench sessions --data "$data" \
    --impl "$impl" --provider "$provider" --shuffle 4 --run-id "vs-$impl-$r-$(date +%s%N)" 2> "$log" || true) \
    | grep '^RESULT' | rows_per_sec || true)
  [[ -n "$spark_rps" ]] || { echo "sessions-vs-spark: Spark's $impl run printed no result, see $log" >&2; exit 1; }
  printf '%s\t%s\tspark\t%s\t%s\t\t\n' "$r" "$impl" "$provider" "$spark_rps"
}

printf 'round\timpl\tengine\tstate\trows/s\tvs Spark tws\tchecks\n'
for ((r = 1; r <= rounds; r++)); do
  spark tws "$r"
  spark_tws=$spark_rps
  for impl in $impls; do
    [[ $impl == tws ]] || spark "$impl" "$r"
    for state in rocksdb hdfs; do
      log="$out/millrace-$impl-$state-$r.log"
      java -Xms"${HEAP:-8g}" -Xmx"${HEAP:-8g}" -cp "$cp" io.millrace.bench.EndToEndBench --shape sessions --impl "$impl" \
        --provider "$state" "${data_args[@]}" --run-id "vs-$impl-$state-$r-$(date +%s%N)" --results "$out/millrace.jsonl" \
        > "$log" 2>&1 || { echo "sessions-vs-spark: Millrace's $impl run on $state failed, see $log" >&2; exit 1; }
      result=$(tail -1 "$out/millrace.jsonl")
      rps=$(rows_per_sec <<< "$result")
      checks=$(grep -o '"checks" *: *{[^}]*}' <<< "$result" || true)
      held=$(grep -o ': *true' <<< "$checks" | wc -l || true)
      failed=$(grep -o ': *false' <<< "$checks" | wc -l || true)
      if [[ $failed -gt 0 || $held -eq 0 ]]; then
        verdict="$failed of $((held + failed)) checks FAILED, see $log"
      elif [[ ${#data_args[@]} -gt 0 ]]; then
        verdict="every line read (no Spark figures for this dataset)"
      else
        verdict="all $held checks held (Spark's fingerprint)"
      fi
      printf '%s\t%s\tmillrace\t%s\t%s\t%sx\t%s\n' "$r" "$impl" "$state" "$rps" \
        "$(awk -v m="$rps" -v s="$spark_tws" 'BEGIN { printf "%.2f", m / s }')" "$verdict"
    done
  done
done

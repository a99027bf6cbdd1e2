#!/usr/bin/env bash
# Copies a spark-baseline dataset with every "id" mapped through a bijection
# (id * 2654435761 mod 4294967311, a prime above every id), so that id order is no longer
# time order while duplicates stay duplicates. Deduplications keyed on (id, ts) then show
# what they cost when their keys arrive in random order, as event ids usually do.
#   bench/scramble-ids.sh /tmp/spark-baseline/data/bench /tmp/scrambled
#   bench/run.sh e2e --shape dedup --data /tmp/scrambled
set -euo pipefail
src="${1:?source dataset directory}"; dst="${2:?target directory}"
mkdir -p "$dst/input"
cp "$src/manifest.json" "$dst/"
for f in "$src"/input/part-*.json; do
  out="$dst/input/$(basename "$f")"
  perl -pe 's/"id":(\d+)/"id":@{[($1*2654435761) % 4294967311]}/' "$f" > "$out"
  touch -r "$f" "$out" # the source orders files by modification time, as Spark does
done
echo "wrote $(ls "$dst/input" | wc -l) files to $dst/input"

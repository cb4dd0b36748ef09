#!/bin/sh
# Per-core rates for the cost model in Docs/distributed.md: CPU seconds (user + system) of
# atk stats --jobs 1, atk dist shard and atk dist partial on one generated dump, and the wall
# time of the whole Spark pipeline on local[2].
#   PYTHON=.build/spark-venv/bin/python Tools/spark/measure_rates.sh .build/release/atk [USERS]
set -eu
atk=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
users=${2:-3000}
here=$(cd "$(dirname "$0")" && pwd)
python=$(command -v "${PYTHON:-python3}")
case $python in /*) ;; *) python=$PWD/$python ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$atk" generate --users "$users" --seed 42 --faults 0.01 -o dump.jsonl
gzip -1 -c dump.jsonl > dump.jsonl.gz
text=$(wc -c < dump.jsonl)
lines=$(wc -l < dump.jsonl)
echo "dump: $users users, $lines lines, $text bytes of text, $(wc -c < dump.jsonl.gz) bytes gzipped"

# cpu LABEL COMMAND...: CPU seconds of the command, and MB of text per CPU second.
cpu() {
    label=$1
    shift
    /usr/bin/time -f "%U %S %e" -o time.txt "$@"
    awk -v label="$label" -v text="$text" '{ cpu = $1 + $2; printf "%-34s %6.2f s CPU %6.2f s wall %7.1f MB/s per core\n", label, cpu, $3, text / cpu / 1e6 }' time.txt
}

cpu "atk stats --jobs 1 (plain)" sh -c "'$atk' stats --jobs 1 dump.jsonl > /dev/null"
cpu "atk stats --jobs 1 (gzip)" sh -c "'$atk' stats --jobs 1 dump.jsonl.gz > /dev/null"
printf '0\tdump.jsonl\n' > manifest
cpu "atk dist shard --buckets 8 (plain)" sh -c "'$atk' dist shard --buckets 8 < manifest > records"
echo "records: $(wc -c < records) bytes (the shuffle volume), $(awk "BEGIN { printf \"%.3f\", $(wc -c < records) / $text }") x the text"
cpu "atk dist partial stats" sh -c "'$atk' dist partial stats < records > partial"
echo "partial: $(wc -c < partial) bytes"
cpu "atk dist merge stats" sh -c "'$atk' dist merge stats partial > /dev/null"

mkdir split
split -n l/4 -d --additional-suffix=.jsonl dump.jsonl split/part-
start=$(date +%s.%N)
"$python" "$here/atk_spark.py" --master 'local[2]' --buckets 8 --atk "$atk" -- stats split/ > /dev/null 2>&1
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v text="$text" 'BEGIN { printf "%-34s %6.2f s wall, %.1f MB/s on 2 cores (context start included)\n", "atk_spark.py local[2] stats", e - s, text / (e - s) / 1e6 }'

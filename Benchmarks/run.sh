#!/usr/bin/env bash
# make bench: release-build throughput of atk on a ~20,000-user dump, next to pigz -dc on the
# same file, measured in the same run. Prints wall times (median of N runs), MB/s of inflated
# text, the ratio to pigz, and atk's peak memory (max RSS).
set -euo pipefail
cd "$(dirname "$0")/.."

ATK=.build/release/atk
DATA=Benchmarks/data
USERS=${BENCH_USERS:-20000}
RUNS=${BENCH_RUNS:-5}
DUMP=$DATA/bench-$USERS.jsonl.gz

need() {  # command, Debian package
    command -v "$1" >/dev/null 2>&1 && return
    echo "installing $2"
    SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "$2" >/dev/null
}
need pigz pigz
[ -x /usr/bin/time ] || need /usr/bin/time time

mkdir -p "$DATA"
# The dump depends on the generator: rebuild it when the binary is newer.
if [ ! -f "$DUMP" ] || [ "$ATK" -nt "$DUMP" ]; then
    echo "generating $DUMP ($USERS users, faults 0.01)..."
    "$ATK" generate --users "$USERS" --seed 42 --faults 0.01 -o "$DUMP"
fi

inflated=$(pigz -dc "$DUMP" | wc -c)
lines=$(pigz -dc "$DUMP" | wc -l)
compressed=$(stat -c %s "$DUMP")
echo "dump: $DUMP  $((compressed / 1048576)) MB gzip, $((inflated / 1048576)) MB inflated, $lines lines"
echo "machine: $(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"

# Runs a command RUNS times; prints "median_seconds max_rss_kb".
measure() {
    local times=() rss=0
    for _ in $(seq "$RUNS"); do
        local out
        /usr/bin/time -o "$DATA/.time" -f "%e %M" "$@" >/dev/null 2>/dev/null
        out=$(tail -1 "$DATA/.time")
        times+=("${out% *}")
        local r=${out#* }
        (( r > rss )) && rss=$r
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    echo "$median $rss"
}

report() {  # name, seconds, rss_kb, baseline_seconds
    awk -v name="$1" -v s="$2" -v rss="$3" -v base="$4" -v bytes="$inflated" 'BEGIN {
        printf "%-28s %7.2f s  %7.1f MB/s  %6.2f x pigz  peak %6.1f MB\n", name, s, bytes / 1048576 / s, s / base, rss / 1024 }'
}

read -r pigz_s pigz_rss < <(measure sh -c "pigz -dc '$DUMP' > /dev/null")
report "pigz -dc > /dev/null" "$pigz_s" "$pigz_rss" "$pigz_s"
read -r stats_s stats_rss < <(measure "$ATK" stats --quiet "$DUMP")
report "atk stats" "$stats_s" "$stats_rss" "$pigz_s"
read -r json_s json_rss < <(measure "$ATK" stats --quiet --format json "$DUMP")
report "atk stats --format json" "$json_s" "$json_rss" "$pigz_s"
# validate exits 1 on the bench dump's faults: that is its finding, not a failure of the run.
read -r validate_s validate_rss < <(measure sh -c "'$ATK' validate --quiet '$DUMP' > /dev/null; [ \$? -le 1 ]")
report "atk validate" "$validate_s" "$validate_rss" "$pigz_s"
awk -v v="$validate_s" -v s="$stats_s" 'BEGIN { printf "atk validate = %.2f x atk stats (target <= 1.5)\n", v / s }'

# Memory must not grow with the dump: the same command on a dump a quarter the size.
SMALL=$DATA/bench-$((USERS / 4)).jsonl.gz
if [ ! -f "$SMALL" ] || [ "$ATK" -nt "$SMALL" ]; then
    "$ATK" generate --users $((USERS / 4)) --seed 42 --faults 0.01 -o "$SMALL"
fi
read -r small_s small_rss < <(measure "$ATK" stats --quiet "$SMALL")
echo "peak memory: $((small_rss / 1024)) MB on a dump 1/4 the size, $((stats_rss / 1024)) MB on the full dump"
echo "target: atk stats <= 1.5 x pigz (bar for later work: <= 1.0 x)"

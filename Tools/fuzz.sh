#!/usr/bin/env bash
# make fuzz: runs each libFuzzer target of atk-fuzz for FUZZ_SECONDS, one after the other (never
# two fuzzers at once), seeded from Samples/. Corpora and crash inputs stay under .build-fuzz/
# (git-ignored). Exits 1 when any target crashed, naming the saved crash inputs; Docs/fuzzing.md.
#
#   Tools/fuzz.sh BINARY SECONDS TARGET...
set -uo pipefail
cd "$(dirname "$0")/.."

BIN=$1
SECONDS_EACH=$2
shift 2
DIR=.build-fuzz
SEEDS=$DIR/seeds
# Where each target's corpus grows (FUZZ_CORPUS: the smoke starts from the seeds every time).
CORPUS=${FUZZ_CORPUS:-$DIR/corpus}
# Long enough for a few sessions of one user (a line is about 1 KB); longer inputs only run slower.
MAX_LEN=${FUZZ_MAX_LEN:-16384}

# Seeds: runs of 1, 3 and 8 consecutive lines of the sample dump (a user's events are mostly
# adjacent, so runs reach the lifecycle, funnels and impressions), plus the JSON samples for the
# parser. Made once; `make clean` or removing .build-fuzz/seeds makes them again.
if [ ! -d "$SEEDS/dump" ]; then
    mkdir -p "$SEEDS/dump" "$SEEDS/json"
    gzip -dc Samples/demo.jsonl.gz | awk -v dir="$SEEDS/dump" '
        { line[NR] = $0 }
        END {
            for (i = 1; i <= NR; i += 67) print line[i] > (dir "/one-" i)
            for (i = 1; i + 2 <= NR; i += 113) { f = dir "/three-" i; for (k = 0; k < 3; k++) print line[i + k] > f }
            for (i = 1; i + 7 <= NR; i += 331) { f = dir "/eight-" i; for (k = 0; k < 8; k++) print line[i + k] > f }
        }'
    cp Samples/plan.json Samples/visualized.json "$SEEDS/json/"
fi
# The reader target's seeds: a few of those runs gzip- and (when the zstd tool is there)
# zstd-compressed, two members or frames each, so the decoders and their damage rules are reached.
if [ ! -d "$SEEDS/compressed" ]; then
    mkdir -p "$SEEDS/compressed"
    for f in $(ls "$SEEDS/dump" | grep '^eight-' | head -4); do
        gzip -c "$SEEDS/dump/$f" > "$SEEDS/compressed/$f.gz"
        gzip -c "$SEEDS/dump/$f" >> "$SEEDS/compressed/$f.gz"
        if command -v zstd >/dev/null 2>&1; then
            zstd -q -c "$SEEDS/dump/$f" > "$SEEDS/compressed/$f.zst"
            zstd -q -c "$SEEDS/dump/$f" >> "$SEEDS/compressed/$f.zst"
        fi
    done
fi

failed=()
for target in "$@"; do
    corpus=$CORPUS/$target
    crashes=$DIR/crashes/$target
    mkdir -p "$corpus" "$crashes"
    log=$DIR/logs/$target.log
    mkdir -p "$(dirname "$log")"
    echo "== $target: ${SECONDS_EACH}s"
    # New inputs go to the first directory (kept across runs); the seeds are only read.
    # No leak checks: Swift's runtime, Foundation and Regex keep caches LeakSanitizer reports at exit.
    # No Swift backtracer: it would take the trap's signal before libFuzzer and save no input.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} ATK_FUZZ_TARGET=$target "$BIN" -max_total_time="$SECONDS_EACH" -max_len="$MAX_LEN" -timeout=25 \
        -rss_limit_mb=4096 -detect_leaks=0 -dict=Tools/fuzz.dict -artifact_prefix="$crashes/" -print_final_stats=1 \
        "$corpus" "$SEEDS/dump" "$SEEDS/json" $([ "$target" = reader ] && echo "$SEEDS/compressed") >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    if [ "$status" -ne 0 ]; then
        saved=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        echo "   CRASH (exit $status): input saved to ${saved:-$crashes/}; log $log"
        # The error, and the stack from the first frame in atk's sources (not libFuzzer's own).
        grep -m 2 -E 'ERROR|Fatal error' "$log" | sed 's/^/   /'
        grep -E '^    #[0-9]+ .* in ' "$log" | grep -m 6 -E 'Sources/|runtime failure' | sed 's/^/   /'
        echo "   replay: SWIFT_BACKTRACE=enable=no ATK_FUZZ_TARGET=$target $BIN ${saved:-CRASH_FILE}"
        failed+=("$target")
    else
        echo "   ok: ${execs:-?} runs, ${speed:-?} exec/s, corpus $(ls "$corpus" | wc -l) inputs"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: crashes in ${failed[*]} (inputs under $DIR/crashes/)"
    exit 1
fi
echo "fuzz: ${#@} targets, ${SECONDS_EACH}s each, no crash"

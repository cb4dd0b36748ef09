#!/usr/bin/env bash
# make bench-memory: what each command keeps per user, per kept event and per distinct name or
# key, as slopes of peak memory (max RSS, GNU time) between two dumps that differ in one
# quantity only. A slope cancels what every run has (the binary, the reader's blocks, the
# tape); one absolute peak would not. Dumps are written by Benchmarks/memgen.py (and
# atk generate) into Benchmarks/data/mem/, which git ignores, once.
#
#   Benchmarks/memory.sh [GROUP...]    groups: funnel impressions users names generated (all),
#                                      and peaks (Benchmarks/README.md's 250k/1M table)
#
# MEM_SCALE multiplies every size (default 1; 0.2 for a quick look); MEM_RUNS runs per peak
# (default 3, the median). ATK picks the binary.
set -euo pipefail
cd "$(dirname "$0")/.."

ATK=${ATK:-.build/release/atk}
DATA=Benchmarks/data/mem
SCALE=${MEM_SCALE:-1}
RUNS=${MEM_RUNS:-3}
GROUPS_RUN=${*:-funnel impressions users names generated}
mkdir -p "$DATA"
[ -x /usr/bin/time ] || {
    SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq time >/dev/null
}

scaled() { awk -v n="$1" -v s="$SCALE" 'BEGIN { printf "%d", n * s }'; }

# A memgen.py dump, written once; prints its path.
dump() {
    local file="$DATA/$(IFS=-; echo "$*").jsonl"
    [ -f "$file" ] || python3 Benchmarks/memgen.py "$@" > "$file"
    echo "$file"
}

# An atk generate dump, written once; prints its path.
generated() {
    local file="$DATA/generated-$1.jsonl.gz"
    [ -f "$file" ] || "$ATK" generate --users "$1" --seed 42 --faults 0.01 -o "$file"
    echo "$file"
}

# Peak RSS in KiB of a command, the median of MEM_RUNS runs (its exit status is ignored:
# validate exits 1 on findings). At --jobs 2 one run's peak moves by a few MB with which worker
# holds which blocks when it is reached: about 12 bytes a user on stats' 400,000-user slope.
peak() {
    local peaks=() i
    for i in $(seq "$RUNS"); do
        /usr/bin/time -o "$DATA/.time" -f %M "$@" >/dev/null 2>/dev/null || true
        peaks+=("$(tail -1 "$DATA/.time")")
    done
    printf '%s\n' "${peaks[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# slope LABEL UNIT X1 X2 FILE1 FILE2 COMMAND...: runs COMMAND on each file and prints the
# peaks and the slope (bytes per unit) between them.
slope() {
    local label=$1 unit=$2 x1=$3 x2=$4 f1=$5 f2=$6
    shift 6
    local p1 p2
    p1=$(peak "$@" "$f1")
    p2=$(peak "$@" "$f2")
    awk -v l="$label" -v u="$unit" -v x1="$x1" -v x2="$x2" -v p1="$p1" -v p2="$p2" 'BEGIN {
        printf "%-34s %8.1f B per %-14s (%d -> %d: %7.1f -> %7.1f MB)\n",
            l, (p2 - p1) * 1024 / (x2 - x1), u, x1, x2, p1 / 1024, p2 / 1024 }'
}

STEPS='$AppStart,ProductView,AddToCart'
echo "binary: $ATK ($(uname -m), $(nproc) cores), scale $SCALE"

for group in $GROUPS_RUN; do
case $group in
funnel)
    # 20,000 users, 50 or 150 events each; every event matches a step.
    u=$(scaled 20000); a=$(dump funnel "$u" 50); b=$(dump funnel "$u" 150)
    x1=$((u * 50)); x2=$((u * 150))
    slope "funnel (3 steps)" "kept event" $x1 $x2 "$a" "$b" "$ATK" funnel --quiet --steps "$STEPS" --window 1h
    slope "funnel strict-order" "kept event" $x1 $x2 "$a" "$b" \
        "$ATK" funnel --quiet --steps "$STEPS" --window 1h --mode strict-order
    slope "funnel --count conversions" "kept event" $x1 $x2 "$a" "$b" \
        "$ATK" funnel --quiet --steps "$STEPS" --window 1h --count conversions
    slope "funnel --breakdown" "kept event" $x1 $x2 "$a" "$b" \
        "$ATK" funnel --quiet --steps "$STEPS" --window 1h --breakdown '$os'
    ;;
impressions)
    # 20,000 users, 50 or 150 records each (page views and exposures, 1 in 20 a duplicate).
    u=$(scaled 20000); a=$(dump impressions "$u" 50); b=$(dump impressions "$u" 150)
    slope "impressions" "kept record" $((u * 50)) $((u * 150)) "$a" "$b" "$ATK" impressions --quiet
    slope "impressions buffer" "kept record" $((u * 50)) $((u * 150)) "$a" "$b" \
        "$ATK" impressions --quiet --policy buffer
    ;;
users)
    # 200,000 or 600,000 users with 3 events each ($AppStart, ProductView, AddToCart).
    u1=$(scaled 200000); u2=$(scaled 600000)
    a=$(dump funnel "$u1" 3); b=$(dump funnel "$u2" 3)
    slope "stats" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" stats --quiet
    # The same users with the 36-character ids the SDKs write (the ids above have 11).
    ua=$(dump funnel "$u1" 3 uuid); ub=$(dump funnel "$u2" 3 uuid)
    slope "stats (36-byte ids)" "user (3 ev.)" "$u1" "$u2" "$ua" "$ub" "$ATK" stats --quiet
    # Ids of no compact form are kept as their text: 32 hex digits (hashed login ids) and the
    # web SDK's 61-character cookie ids.
    um=$(dump funnel "$u1" 3 md5); un=$(dump funnel "$u2" 3 md5)
    slope "stats (32-byte hex ids)" "user (3 ev.)" "$u1" "$u2" "$um" "$un" "$ATK" stats --quiet
    uw=$(dump funnel "$u1" 3 web); ux=$(dump funnel "$u2" 3 web)
    slope "stats (61-byte web ids)" "user (3 ev.)" "$u1" "$u2" "$uw" "$ux" "$ATK" stats --quiet
    slope "funnel (3 steps)" "user (3 ev.)" "$u1" "$u2" "$a" "$b" \
        "$ATK" funnel --quiet --steps "$STEPS" --window 1h
    slope "validate" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" validate --quiet
    slope "funnel (36-byte ids)" "user (3 ev.)" "$u1" "$u2" "$ua" "$ub" \
        "$ATK" funnel --quiet --steps "$STEPS" --window 1h
    slope "validate (36-byte ids)" "user (3 ev.)" "$u1" "$u2" "$ua" "$ub" "$ATK" validate --quiet
    a=$(dump impressions "$u1" 3); b=$(dump impressions "$u2" 3)
    slope "impressions" "user (3 rec.)" "$u1" "$u2" "$a" "$b" "$ATK" impressions --quiet
    ;;
names)
    # 100,000 or 300,000 events, each of its own name, with 5 keys of their own or shared.
    n1=$(scaled 100000); n2=$(scaled 300000)
    a=$(dump names "$n1" 5); b=$(dump names "$n2" 5)
    slope "validate" "name+5 keys" "$n1" "$n2" "$a" "$b" "$ATK" validate --quiet
    slope "plan infer" "name+5 keys" "$n1" "$n2" "$a" "$b" "$ATK" plan infer --quiet
    slope "stats" "name+5 keys" "$n1" "$n2" "$a" "$b" "$ATK" stats --quiet
    a=$(dump names "$n1" 5 shared); b=$(dump names "$n2" 5 shared)
    slope "validate (shared keys)" "name" "$n1" "$n2" "$a" "$b" "$ATK" validate --quiet
    slope "plan infer (shared keys)" "name (5 pairs)" "$n1" "$n2" "$a" "$b" "$ATK" plan infer --quiet
    ;;
generated)
    # atk generate's demo app: 5,000 or 20,000 users (about 33 events each), every command.
    u1=$(scaled 5000); u2=$(scaled 20000)
    a=$(generated "$u1"); b=$(generated "$u2")
    for cmd in "stats" "validate" "plan infer" "impressions" "elements verify" "elements top" \
               "elements drift" "funnel --path"; do
        # shellcheck disable=SC2086
        slope "$cmd (generated)" "user" "$u1" "$u2" "$a" "$b" "$ATK" $cmd --quiet
    done
    slope "funnel (generated)" "user" "$u1" "$u2" "$a" "$b" "$ATK" funnel --quiet --steps "$STEPS" --window 1h
    slope "elements match (generated)" "user" "$u1" "$u2" "$a" "$b" \
        "$ATK" elements match --quiet --config Samples/visualized.json
    ;;
peaks)
    # Peak memory at 250,000 and 1,000,000 users with 3 events each, for every command that
    # keeps per-user state, with 11-character ids and with the SDKs' 36-character UUIDs: the
    # table of Benchmarks/README.md. Not in the default groups (about 1.6 GB of dumps).
    u1=$(scaled 250000); u2=$(scaled 1000000)
    for ids in "" uuid; do
        # shellcheck disable=SC2086
        a=$(dump funnel "$u1" 3 $ids); b=$(dump funnel "$u2" 3 $ids)
        label=${ids:+ (36-byte ids)}
        slope "stats$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" stats --quiet
        slope "funnel$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" \
            "$ATK" funnel --quiet --steps "$STEPS" --window 1h
        slope "validate$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" validate --quiet
        slope "sessions$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" sessions --quiet
        slope "retention$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" \
            "$ATK" retention --quiet --start '$AppStart' --return AddToCart
        slope "identities$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" identities --quiet
        slope "impressions$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" impressions --quiet
        slope "elements verify$label" "user (3 ev.)" "$u1" "$u2" "$a" "$b" "$ATK" elements verify --quiet
    done
    ;;
*) echo "unknown group $group"; exit 2 ;;
esac
done

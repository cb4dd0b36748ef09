#!/bin/sh
# atk with injected failures, for make dist-test (Tools/spark/dist_test.py). The real binary is
# $ATK_REAL. Each failure is chosen by a variable, which atk_spark.py passes to its pipes:
#   ATK_FAIL_ONCE=DIR     the first `atk dist STEP` (STEP = $ATK_FAIL_STEP, default partial) to run
#                         creates DIR and fails; every later one runs as usual
#   ATK_FAIL_ALWAYS=STEP  every `atk dist STEP` fails
# A failing step reads its input, writes the first 100 bytes of its output and exits 75, as a
# step that crashes half-way would.
set -eu
if [ "${1:-}" = dist ] && [ $# -ge 2 ]; then
    step=$2
    if [ "${ATK_FAIL_ALWAYS:-}" = "$step" ] ||
       { [ -n "${ATK_FAIL_ONCE:-}" ] && [ "${ATK_FAIL_STEP:-partial}" = "$step" ] &&
         mkdir "$ATK_FAIL_ONCE" 2>/dev/null; }; then
        "$ATK_REAL" "$@" | head -c 100
        exit 75
    fi
fi
exec "$ATK_REAL" "$@"

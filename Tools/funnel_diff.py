#!/usr/bin/env python3
"""Differential test: ATKFunnel's FunnelEngine against ClickHouse windowFunnel (chdb).

Generates random small per-user event sequences (few step kinds, many ties,
gaps equal to the window, repeated steps, rows matching several conditions,
unmatched rows, large timestamps), evaluates

    windowFunnel(W[, options])(ts, bitAnd(m, 1) != 0, bitAnd(m, 2) != 0, ...)

per case in chdb, and compares with `atk-funnel-oracle` (Sources/atk-funnel-oracle).
Also checks that the engine's chosen timestamps form a valid chain, that the
two FunnelEventBuffer orderings give the same level, and that conversion
attempts are valid chains that do not overlap.

Usage: pip install chdb && swift build && python3 Tools/funnel_diff.py [--cases N] [--seed S]
Exit status 0 when there is no mismatch.
"""
import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile

import chdb

MODES = [
    (),
    ("strict_order",),
    ("strict_deduplication",),
    ("strict_increase",),
    ("strict_order", "strict_deduplication"),
    ("strict_order", "strict_increase"),
    ("strict_deduplication", "strict_increase"),
    ("strict_order", "strict_deduplication", "strict_increase"),
]
STEP_COUNTS = [1, 2, 3, 4, 5, 8]
WINDOWS = [0, 1, 2, 3, 5, 10]
LARGE_BASE = 1_700_000_000_000


def random_mask(rng, steps):
    """A row's condition mask: mostly one step, sometimes two, some unmatched."""
    roll = rng.random()
    if roll < 0.15:
        return 0
    if roll < 0.30:
        return (1 << rng.randrange(steps)) | (1 << rng.randrange(steps))
    if roll < 0.33:
        return 1 << steps  # a bit beyond the funnel: must be ignored
    # Bias towards early steps so that deep chains occur.
    return 1 << min(rng.randrange(steps), rng.randrange(steps))


def random_events(rng, steps, window):
    count = rng.randint(1, 12)
    span = rng.choice([0, 1, 2, window, window + 1, 2 * window + 2, 15])
    base = rng.choice([0, 0, 0, LARGE_BASE])
    events = []
    time = base
    for _ in range(count):
        if rng.random() < 0.5:
            time = base + rng.randint(0, span)
        else:
            # exact window edges relative to an earlier event
            anchor = rng.choice(events)[0] if events else base
            time = anchor + rng.choice([0, window, window + 1, max(window - 1, 0)])
        events.append([time, random_mask(rng, steps)])
    rng.shuffle(events)
    return events


def clickhouse_levels(cases_by_group, workdir):
    """Returns {case id: level} computed by chdb, one query per (mode, steps, window)."""
    path = os.path.join(workdir, "rows.tsv")
    with open(path, "w") as out:
        for group, cases in cases_by_group.items():
            for case in cases:
                for time, mask in case["events"]:
                    out.write(f"{group}\t{case['id']}\t{time}\t{mask}\n")
    levels = {}
    for group, cases in cases_by_group.items():
        mode, steps, window = cases[0]["key"]
        params = ", ".join([str(window)] + [f"'{option}'" for option in mode])
        conds = ", ".join(f"bitAnd(m, {1 << i}) != 0" for i in range(steps))
        query = (
            f"SELECT cid, windowFunnel({params})(ts, {conds}) "
            f"FROM file('{path}', TSV, 'gid UInt32, cid UInt32, ts UInt64, m UInt32') "
            f"WHERE gid = {group} GROUP BY cid"
        )
        for line in chdb.query(query, "TSV").bytes().decode().splitlines():
            cid, level = line.split("\t")
            levels[int(cid)] = int(level)
    return levels


def chain_problem(times, level, events, window, strict_increase, start_time=None):
    """Why `times` is not a valid chain of `level` steps, or None."""
    if len(times) != level:
        return f"{len(times)} times for level {level}"
    for step, time in enumerate(times):
        if not any(t == time and mask & (1 << step) for t, mask in events):
            return f"no step-{step + 1} event at {time}"
    for a, b in zip(times, times[1:]):
        if b < a or (strict_increase and b == a):
            return f"times out of order: {times}"
    if times and times[-1] - times[0] > window:
        return f"chain longer than the window: {times}"
    if times and start_time is not None and times[0] < start_time:
        return f"attempt starts at {times[0]} before the previous attempt ended at {start_time}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--oracle", default=".build/debug/atk-funnel-oracle")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    keys = list(itertools.product(MODES, STEP_COUNTS, WINDOWS))
    cases_by_group = {}
    cases = []
    for case_id in range(args.cases):
        group = case_id % len(keys)
        mode, steps, window = keys[group]
        case = {
            "id": case_id,
            "key": (mode, steps, window),
            "steps": steps,
            "window": window,
            "mode": "+".join(mode) or "default",
            "events": random_events(rng, steps, window),
        }
        cases.append(case)
        cases_by_group.setdefault(group, []).append(case)

    with tempfile.TemporaryDirectory() as workdir:
        expected = clickhouse_levels(cases_by_group, workdir)

    oracle_input = "".join(
        json.dumps({k: v for k, v in case.items() if k != "key"}) + "\n" for case in cases
    )
    run = subprocess.run([args.oracle], input=oracle_input, capture_output=True, text=True, check=True)
    answers = {a["id"]: a for a in map(json.loads, run.stdout.splitlines())}

    mismatches = 0
    for case in cases:
        answer = answers.get(case["id"])
        want = expected.get(case["id"], 0)
        strict_increase = "strict_increase" in case["key"][0]
        problems = []
        if answer is None:
            problems.append("no answer")
        else:
            for field in ("level", "arbitraryBufferLevel", "orderedBufferLevel"):
                if answer[field] != want:
                    problems.append(f"{field} {answer[field]} != ClickHouse {want}")
            problem = chain_problem(answer["times"], answer["level"], case["events"], case["window"], strict_increase)
            if problem:
                problems.append("times: " + problem)
            attempts = answer["attempts"]
            if answer["bufferedAttempts"] != attempts:
                problems.append("conversion attempts differ after FunnelEventBuffer(.conversions)")
            if (attempts[0][0] if attempts else 0) != want:
                problems.append(f"first attempt level {attempts[0][0] if attempts else 0} != {want}")
            previous_end = None
            for number, attempt in enumerate(attempts):
                level, times = attempt[0], attempt[2:]
                problem = chain_problem(times, level, case["events"], case["window"], strict_increase, previous_end)
                if problem:
                    problems.append(f"attempt {number}: {problem}")
                if number < len(attempts) - 1 and level != case["steps"]:
                    problems.append(f"attempt {number} is incomplete but followed by another")
                previous_end = times[-1] if times else previous_end
        if problems:
            mismatches += 1
            if mismatches <= 20:
                print(json.dumps({k: v for k, v in case.items() if k != "key"}), problems)

    version = chdb.query("SELECT version()", "TSV").bytes().decode().strip()
    compared = len(cases)
    deep = sum(1 for case in cases if expected.get(case["id"], 0) >= 2)
    print(f"ClickHouse {version} (chdb {chdb.__version__}): {compared} cases, "
          f"{len(keys)} (mode, steps, window) groups, {deep} with level >= 2, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

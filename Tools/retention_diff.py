#!/usr/bin/env python3
"""Differential test: `atk retention` against ClickHouse retention() per cohort period (chdb).

Generates random small dumps (a few users, start `S`, return `R` and other events at random times
over a few weeks, many on day and week boundaries, in a random time zone, DST included), runs

    atk retention --start S --return R --period day|week --periods N --tz ZONE --format json

and evaluates, per cohort period c (a period with a start event) and user u,

    retention(e = 'S' AND p = c, e = 'R' AND p = c, e = 'R' AND p = c + 1, ..., e = 'R' AND p = c + N)

in chdb, where p is the event's local day (toDate) or Monday (toMonday) in the zone. A cohort's
size is the users whose first element is 1, and retained[k] the sum of element k + 1.

Usage: pip install chdb && swift build && python3 Tools/retention_diff.py [--cases N] [--seed S]
Exit status 0 when there is no mismatch.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import chdb

ZONES = ["UTC", "Asia/Shanghai", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
# 2026-03-01T00:00:00Z: the range spans the spring DST changes of New York and Berlin.
BASE = 1_772_323_200_000
DAY = 86_400_000


def random_time(rng):
    """Mostly random; often within a minute of a UTC or local midnight, to hit period boundaries."""
    day = rng.randrange(0, 40)
    roll = rng.random()
    if roll < 0.4:
        offset_hours = rng.choice([0, 0, -8, 5, 4, -1, -2, -10, -11])
        return BASE + day * DAY + offset_hours * 3_600_000 + rng.randint(-60_000, 60_000)
    return BASE + day * DAY + rng.randrange(0, DAY)


def random_case(rng):
    users = [f"u{i}" for i in range(rng.randint(1, 6))]
    events = []
    for _ in range(rng.randint(1, 40)):
        events.append((rng.choice(users), rng.choice(["S", "S", "R", "R", "R", "X"]), random_time(rng)))
    return events


def atk_cohorts(atk, path, period, periods, zone):
    out = subprocess.run(
        [atk, "retention", "--start", "S", "--return", "R", "--period", period, "--periods", str(periods),
         "--tz", zone, "--format", "json", path],
        check=True, capture_output=True, text=True).stdout
    return {c["period"]: (c["size"], c["retained"]) for c in json.loads(out)["cohorts"]}


def clickhouse_cohorts(events, period, periods, zone):
    values = ", ".join(f"('{u}', '{e}', {t})" for u, e, t in events)
    local = f"fromUnixTimestamp64Milli(toInt64(t), '{zone}')"
    bucket = f"toDate({local})" if period == "day" else f"toMonday({local})"
    add = "addDays" if period == "day" else "addWeeks"
    conditions = ", ".join(["e = 'S' AND p = c"] + [f"e = 'R' AND p = {add}(c, {k})" for k in range(periods + 1)])
    query = f"""
        WITH ev AS (SELECT u, e, {bucket} AS p FROM VALUES('u String, e String, t Int64', {values})),
             cohorts AS (SELECT DISTINCT p AS c FROM ev WHERE e = 'S')
        SELECT toString(c) AS cohort, r FROM (
            SELECT c, u, retention({conditions}) AS r FROM ev CROSS JOIN cohorts GROUP BY c, u
        ) WHERE r[1] = 1 ORDER BY cohort, u
        FORMAT JSONEachRow"""
    result = {}
    for line in chdb.query(query, "JSONEachRow").bytes().decode().splitlines():
        row = json.loads(line)
        size, retained = result.get(row["cohort"], (0, [0] * (periods + 1)))
        result[row["cohort"]] = (size + 1, [a + b for a, b in zip(retained, row["r"][1:])])
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--atk", default=".build/debug/atk")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    mismatches = 0
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "case.jsonl")
        for case in range(args.cases):
            events = random_case(rng)
            period = rng.choice(["day", "week"])
            periods = rng.randint(0, 5)
            zone = rng.choice(ZONES)
            with open(path, "w") as f:
                for u, e, t in events:
                    f.write(json.dumps({"type": "track", "event": e, "distinct_id": u, "time": t,
                                        "properties": {}}) + "\n")
            ours = atk_cohorts(args.atk, path, period, periods, zone)
            theirs = clickhouse_cohorts(events, period, periods, zone)
            if ours != theirs:
                mismatches += 1
                if mismatches <= 5:
                    print(f"case {case}: --period {period} --periods {periods} --tz {zone}\n"
                          f"  events {events}\n  atk        {ours}\n  clickhouse {theirs}")
    print(f"{args.cases} cases, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()

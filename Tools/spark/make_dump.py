#!/usr/bin/env python3
"""Writes a hostile multi-file dump for make dist-test, from `atk generate`.

    python3 Tools/spark/make_dump.py --atk .build/release/atk --users 400 --out DIR

The generated dump (with `--faults`, and `--journeys`: anonymous users who log in, so
`--identity stitched` has links to follow) is cut, in arrival order, into four files, so a user's
events are spread over several files, and made hostile:
- one very heavy user: a sixth of all lines are rewritten to one `distinct_id`;
- ties in time across files: 60 lines are copied, same user and same `time`, into another file;
- malformed lines (besides the generator's): cut-off JSON, prose, a bare `[`;
- invalid UTF-8: bytes 0xFF 0xFE inside a property value, and inside a `distinct_id`;
- a CRLF line and a line with a BOM;
- a truncated gzip member: d.jsonl.gz is one whole gzip member and then half of a second one.
Files: a.jsonl.gz (two gzip members), b.jsonl (plain), c.log (plain), d.jsonl.gz (truncated).
The same options give the same bytes.
"""

import argparse
import gzip
import os
import random
import re
import subprocess
import sys

DISTINCT_ID = re.compile(rb'"distinct_id":"((?:[^"\\]|\\.)*)"')


def generated_lines(atk, users, seed):
    """The generator's dump, as lines without their newlines."""
    dump = subprocess.run(
        [atk, "generate", "--users", str(users), "--seed", str(seed), "--faults", "0.02", "--journeys", "-o", "-"],
        check=True,
        stdout=subprocess.PIPE,
    ).stdout
    return dump.split(b"\n")[:-1] if dump.endswith(b"\n") else dump.split(b"\n")


def make_heavy(lines, rng):
    """Rewrites a sixth of the lines that have a distinct_id to one user's id."""
    ids = [match.group(1) for line in lines if (match := DISTINCT_ID.search(line))]
    heavy = ids[len(ids) // 2]
    for index, line in enumerate(lines):
        if rng.random() < 1 / 6 and DISTINCT_ID.search(line):
            lines[index] = DISTINCT_ID.sub(b'"distinct_id":"' + heavy + b'"', line, count=1)


def hostile_lines(lines, rng):
    """Malformed and invalid UTF-8 lines, a CRLF line and a BOM line, at random places."""
    valid = [line for line in lines if line.startswith(b"{") and line.endswith(b"}") and DISTINCT_ID.search(line)]
    extra = [
        b'{"event":"ProductView","distinct_id":"cut',
        b"<html>502 Bad Gateway</html>",
        b"[",
        b'{"event":"ProductView","distinct_id":"u\xff\xfe","time":1788220800000,"type":"track","properties":{}}',
    ]
    for line in rng.sample(valid, 6):
        extra.append(line.replace(b'"properties":{', b'"properties":{"note":"bad \xff\xfe bytes",', 1))
    for line in rng.sample(valid, 2):
        extra.append(line + b"\r")
    extra.append(b"\xef\xbb\xbf" + rng.choice(valid))
    for line in extra:
        lines.insert(rng.randrange(len(lines) + 1), line)


def split_in_four(lines):
    """Four contiguous runs of lines, in arrival order."""
    size = len(lines) // 4 + 1
    return [lines[start : start + size] for start in range(0, len(lines), size)]


def tie_across_files(files, rng):
    """Copies 60 lines, same user and same time, from one file into another."""
    for _ in range(60):
        source, target = rng.sample(range(len(files)), 2)
        candidates = [line for line in files[source] if DISTINCT_ID.search(line) and b'"time":' in line]
        line = rng.choice(candidates)
        files[target].insert(rng.randrange(len(files[target]) + 1), line)


def write_files(files, out):
    """a.jsonl.gz (two members), b.jsonl, c.log, d.jsonl.gz (a whole member, then half of one)."""
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        os.remove(os.path.join(out, name))

    def text(lines):
        return b"".join(line + b"\n" for line in lines)

    a, b, c, d = files
    half = len(a) // 2
    with open(os.path.join(out, "a.jsonl.gz"), "wb") as file:
        file.write(gzip.compress(text(a[:half]), mtime=0) + gzip.compress(text(a[half:]), mtime=0))
    with open(os.path.join(out, "b.jsonl"), "wb") as file:
        file.write(text(b))
    with open(os.path.join(out, "c.log"), "wb") as file:
        file.write(text(c))
    half = len(d) // 2
    second = gzip.compress(text(d[half:]), mtime=0)
    with open(os.path.join(out, "d.jsonl.gz"), "wb") as file:
        file.write(gzip.compress(text(d[:half]), mtime=0) + second[: len(second) // 2])


def main(argv):
    """Writes the dump into --out."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--atk", required=True)
    parser.add_argument("--users", type=int, default=400)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--out", required=True)
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    lines = generated_lines(options.atk, options.users, options.seed)
    make_heavy(lines, rng)
    hostile_lines(lines, rng)
    files = split_in_four(lines)
    tie_across_files(files, rng)
    write_files(files, options.out)
    names = sorted(os.listdir(options.out))
    sizes = ", ".join(f"{name} {os.path.getsize(os.path.join(options.out, name))} B" for name in names)
    sys.stderr.write(f"make_dump: {sum(len(f) for f in files)} lines in {options.out}: {sizes}\n")


if __name__ == "__main__":
    main(sys.argv[1:])

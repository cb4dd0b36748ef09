#!/usr/bin/env python3
"""Differential test of the parallel engine: every reading command at --jobs 1, 2, 3 and 7 on
random generated dumps, damaged the ways real dumps are, must write the same bytes.

For each seed, `atk generate` writes a dump whose size, fault rate, span of days and kind
(plain, --journeys, --navigation) follow from the seed. It is cut in four and written as

    in/a.jsonl.gz   two gzip members
    in/b.jsonl.zst  zstd
    in/c.jsonl      plain text: CRLF line ends, blank lines, lines cut short, broken JSON,
                    invalid UTF-8, a line longer than the engine's 1 MiB blocks (and, with
                    --big, one longer than the default 16 MiB limit)
    in/d.jsonl.gz   gzip, cut short on odd seeds (exit 3: read up to the damage)

Each command runs on the directory and on the generated text, at --jobs 1 and then 2, 3 and 7:
stdout, stderr (with the --jobs value blanked) and the exit status must be the same, and so must
the files `atk report` writes. An exit status above 3 is a failure too (a crash).

Usage: swift build && python3 Tools/jobs_diff.py [--seeds N] [--first-seed S] [--atk PATH]
Exit status 0 when every comparison matched.
"""
import argparse
import ctypes
import ctypes.util
import gzip
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STEPS = "$AppStart,ProductView,AddToCart"
# Each command as its arguments before the input (the last argument). `report` writes into -o.
COMMANDS = [
    ["stats"],
    ["stats", "--format", "json"],
    ["stats", "--max-line-bytes", "64K"],
    ["validate"],
    ["validate", "--format", "json"],
    ["validate", "--format", "json", "--plan", os.path.join(ROOT, "Samples/plan.json")],
    ["validate", "--format", "json", "--breakdown", "$screen_name"],
    ["funnel", "--steps", STEPS, "--window", "1h", "--format", "json"],
    ["funnel", "--steps", STEPS, "--window", "2h", "--mode", "strict-order"],
    ["funnel", "--path", "--format", "json"],
    ["funnel", "--steps", STEPS, "--window", "1d", "--format", "csv", "--breakdown", "$screen_name"],
    ["impressions", "--format", "json"],
    ["impressions", "--policy", "buffer", "--format", "json"],
    ["elements", "verify", "--format", "json"],
    ["elements", "top", "--format", "json"],
    ["elements", "match", "--format", "json", "--config", os.path.join(ROOT, "Samples/visualized.json")],
    ["paths", "verify", "--format", "json", "--config", os.path.join(ROOT, "Samples/navigation.json")],
    ["identities", "--format", "json"],
    ["sessions", "--format", "json"],
    ["retention", "--start", "$AppStart", "--return", "AddToCart", "--format", "json"],
    ["retention", "--start", "$AppStart", "--return", "$AppStart", "--period", "week", "--periods", "3"],
    ["plan", "infer"],
    ["report", "--config", os.path.join(ROOT, "Benchmarks/report.yaml"), "-o", "{out}"],
]
JOBS = [2, 3, 7]


def zstd_compress(data):
    """One zstd frame of `data`, by libzstd (installed by make's setup; no command-line tool needed)."""
    library = ctypes.CDLL(ctypes.util.find_library("zstd") or "libzstd.so.1")
    library.ZSTD_compressBound.restype = ctypes.c_size_t
    library.ZSTD_compressBound.argtypes = [ctypes.c_size_t]
    library.ZSTD_compress.restype = ctypes.c_size_t
    library.ZSTD_compress.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int]
    library.ZSTD_isError.argtypes = [ctypes.c_size_t]
    bound = library.ZSTD_compressBound(len(data))
    out = ctypes.create_string_buffer(bound)
    size = library.ZSTD_compress(out, bound, data, len(data), 3)
    if library.ZSTD_isError(size):
        raise RuntimeError("ZSTD_compress failed")
    return out.raw[:size]


def generate(atk, seed, work, big):
    """Writes the seed's inputs; returns the directory and the generated text's path."""
    rng = random.Random(seed)
    users = 150 + rng.randrange(0, 600)
    kind = ["", "--journeys", "--navigation"][seed % 3]
    source = os.path.join(work, "src.jsonl")
    arguments = [atk, "generate", "--users", str(users), "--seed", str(seed), "--faults",
                 f"{rng.random() * 0.3:.2f}", "--days", str(1 + rng.randrange(0, 20)), "-o", source]
    subprocess.run(arguments + ([kind] if kind else []), check=True, capture_output=True)
    with open(source, "rb") as f:
        lines = f.read().split(b"\n")[:-1]
    quarter = len(lines) // 4
    parts = [lines[:quarter], lines[quarter:2 * quarter], lines[2 * quarter:3 * quarter], lines[3 * quarter:]]
    directory = os.path.join(work, "in")
    os.mkdir(directory)

    def text(part):
        return b"".join(line + b"\n" for line in part)

    half = len(parts[0]) // 2
    with open(os.path.join(directory, "a.jsonl.gz"), "wb") as f:
        f.write(gzip.compress(text(parts[0][:half]), mtime=0) + gzip.compress(text(parts[0][half:]), mtime=0))
    with open(os.path.join(directory, "b.jsonl.zst"), "wb") as f:
        f.write(zstd_compress(text(parts[1])))
    damaged = bytearray()
    for line in parts[2]:
        roll = rng.random()
        if roll < 0.01 and line:
            line = line[:rng.randrange(len(line))]
        elif roll < 0.015:
            line = line.replace(b'"', b"'", 1)
        elif roll < 0.02:
            damaged += b"\n   \n"
        elif roll < 0.022:
            line = line[:50] + b"\xff\xfe" + line[50:]
        damaged += line + (b"\r\n" if rng.random() < 0.1 else b"\n")
    long_line = (b'{"type":"track","event":"Big","distinct_id":"big","time":1788220800000,'
                 b'"properties":{"x":"' + b"a" * (3 << 20) + b'"}}\n')
    position = len(damaged) // 2
    position = damaged.index(b"\n", position) + 1 if b"\n" in damaged[position:] else len(damaged)
    damaged[position:position] = long_line + (b'{"x":"' + b"b" * (17 << 20) + b'"}\n' if big else b"")
    with open(os.path.join(directory, "c.jsonl"), "wb") as f:
        f.write(damaged)
    last = gzip.compress(text(parts[3]), mtime=0)
    with open(os.path.join(directory, "d.jsonl.gz"), "wb") as f:
        f.write(last[:len(last) * 3 // 4] if seed % 2 else last)
    return directory, source, f"users {users}{' ' + kind if kind else ''}, {len(lines)} lines"


def run(atk, command, jobs, target, out):
    arguments = [part.replace("{out}", out) for part in command]
    # Each run writes into an empty directory: a file left by the run before cannot stand in
    # for one this run failed to write.
    shutil.rmtree(out, ignore_errors=True)
    result = subprocess.run([atk] + arguments + ["--jobs", str(jobs), target], capture_output=True)
    files = {}
    if "report" == command[0]:
        for name in sorted(os.listdir(out)) if os.path.isdir(out) else []:
            with open(os.path.join(out, name), "rb") as f:
                files[name] = f.read()
    # The output directory and the --jobs value are the only things allowed to differ.
    blank = lambda data: re.sub(rb"--jobs \d+", b"--jobs N", data.replace(out.encode(), b"OUT"))
    return result.returncode, blank(result.stdout), blank(result.stderr), files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=4, help="how many seeds (default 4)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--atk", default=os.path.join(ROOT, ".build/debug/atk"))
    parser.add_argument("--big", action="store_true", help="also a line above the 16 MiB default limit")
    parser.add_argument("--keep", action="store_true", help="keep each seed's inputs (their paths are printed)")
    options = parser.parse_args()
    comparisons = mismatches = 0
    for seed in range(options.first_seed, options.first_seed + options.seeds):
        work = tempfile.mkdtemp(prefix=f"jobs-diff-{seed}-")
        try:
            directory, source, described = generate(options.atk, seed, work, options.big)
            for command in COMMANDS:
                for target in (directory, source):
                    one = run(options.atk, command, 1, target, os.path.join(work, "out1"))
                    if one[0] == 2 or one[0] > 3:
                        # A usage error compares nothing; above 3 is a crash.
                        print(f"seed {seed}: exit {one[0]}: atk {' '.join(command)} --jobs 1 {target}: "
                              f"{one[2].decode(errors='replace')[:300]}")
                        mismatches += 1
                    for jobs in JOBS:
                        other = run(options.atk, command, jobs, target, os.path.join(work, f"out{jobs}"))
                        comparisons += 1
                        if other != one:
                            mismatches += 1
                            what = [name for name, a, b in zip(("exit", "stdout", "stderr", "files"), one, other)
                                    if a != b]
                            print(f"seed {seed}: --jobs {jobs} differs from --jobs 1 in {', '.join(what)}: "
                                  f"atk {' '.join(command)} {target}")
            print(f"seed {seed}: {described}: done", flush=True)
        finally:
            if options.keep:
                print(f"seed {seed}: inputs kept in {work}")
            else:
                shutil.rmtree(work, ignore_errors=True)
    print(f"{comparisons} comparisons, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

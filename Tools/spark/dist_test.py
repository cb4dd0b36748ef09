#!/usr/bin/env python3
"""make dist-test: atk on Spark gives the single command's bytes and exit code (issue 18).

    .build/spark-venv/bin/python Tools/spark/dist_test.py --atk .build/release/atk

On a hostile generated dump (Tools/spark/make_dump.py) it checks, on `local[2,2]` and on
`local-cluster[2,1,1024]` (separate executor JVMs):
- every command and format of COMMANDS, through Spark, prints the single command's stdout, byte
  for byte, and exits with its exit code (8 buckets; on local[2,2] also 3 buckets coalesced into
  2 partitions and 1 bucket);
- the documented command line itself (`atk_spark.py ... -- CMD`), run as a process;
- a task whose partial step, or shard step, fails once (having written some output) is retried
  and the answer is still exact;
- a shard step that fails on every attempt fails the job: exit 4, nothing on stdout;
- a usage error gives the single command's stdout, stderr and exit code (2), before any job;
- on local-cluster, atk shipped to the executors (`addFile`, as `spark-submit --files`) and run
  as `--executor-atk ./atk` gives the same bytes.
Prints each step's time and the total; exits 1 on the first mismatch, naming it.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import atk_spark  # noqa: E402  (beside this file)

# Each command and format checked; the dump directory is appended.
COMMANDS = [
    ["stats"],
    ["stats", "--format", "json"],
    ["stats", "--format", "json", "--since", "2026-09-03", "--where", "$app_version=2.4.0"],
    ["sessions", "--breakdown", "$app_version", "--format", "json"],
    ["retention", "--start", "$AppStart", "--return", "AddToCart", "--periods", "3", "--tz", "Asia/Shanghai"],
    ["elements", "verify", "--format", "json"],
    ["elements", "top", "--recorded-identifiers", "--by-position", "--top", "5"],
    ["elements", "match", "--config", "Samples/visualized.json", "--format", "json"],
    ["elements", "drift"],
    ["funnel", "--steps", "A,B", "--format", "json"],
    ["funnel", "--steps", "$AppStart,ProductView,AddToCart", "--window", "1h", "--format", "csv"],
    ["funnel", "--steps", "ProductView,AddToCart", "--by", "$device_id", "--window", "90s", "--format", "json"],
    ["funnel", "--path", "DL_HOME>DL_PDP", "--format", "json"],
    ["validate", "--plan", "Samples/plan.json", "--format", "json"],
    ["validate", "--max-examples", "3"],
    ["impressions", "--format", "json"],
    ["paths", "verify", "--config", "Samples/navigation.json", "--max-examples", "3"],
    ["identities", "--format", "json"],
    ["sessions", "--identity", "stitched", "--format", "json"],
    ["funnel", "--steps", "$AppStart,ProductView,AddToCart", "--identity", "stitched"],
]
# The command the retry and coalescing checks run.
HEAVY = ["validate", "--plan", "Samples/plan.json", "--format", "json"]
# The command line of the README, run as a process.
DOCUMENTED = ["funnel", "--steps", "A,B", "--format", "json"]
BUCKETS = 8
LOCAL = "local[2,2]"  # two cores; a task may fail once (local[N,F]: F attempts)
CLUSTER = "local-cluster[2,1,1024]"  # two executor JVMs of one core and 1 GB


class Mismatch(Exception):
    """A Spark run differs from the single command."""


def single(atk, command, dump):
    """The single command's stdout and exit code."""
    result = subprocess.run([atk, *command, dump], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return result.stdout, result.returncode


def on_spark(context, atk, command, dump, buckets, partitions=None, executor_atk=None):
    """The driver's stdout and exit code for the command, on an open SparkContext.

    `executor_atk` is what the tasks run (flaky_atk.sh); the driver's own steps run `atk`.
    """
    with tempfile.TemporaryFile() as out:
        layout = atk_spark.Layout(atk, buckets, partitions, executor_atk=executor_atk)
        code = atk_spark.run(context, layout, [*command, dump], stdout=out, stderr=subprocess.DEVNULL)
        out.seek(0)
        return out.read(), code


def expect_same(label, expected, got):
    """Raises Mismatch unless the bytes and exit codes are equal."""
    if expected != got:
        (want, want_code), (have, have_code) = expected, got
        first = next((i for i, (x, y) in enumerate(zip(want, have)) if x != y), min(len(want), len(have)))
        raise Mismatch(
            f"{label}: exit {have_code} (single: {want_code}), {len(have)} bytes (single: {len(want)}),"
            f" first difference at byte {first}"
        )


class Clock:
    """Prints each step with its time."""

    def __init__(self):
        self.start = time.monotonic()

    def step(self, label, function):
        began = time.monotonic()
        result = function()
        print(f"  {time.monotonic() - began:6.1f} s  {label}", flush=True)
        return result


def check_mode(master, settings, atk, flaky, dump, expected, clock, extra_splits):
    """Every command on one master, then a retried task and a failing shard."""
    context = clock.step(f"{master}: start Spark", lambda: atk_spark.spark_context(master, "dist-test", settings))
    try:
        for command in COMMANDS:
            label = f"{master} {' '.join(command)} (buckets {BUCKETS})"
            got = clock.step(label, lambda: on_spark(context, atk, command, dump, BUCKETS))
            expect_same(label, expected[tuple(command)], got)
        if master == LOCAL:
            check_usage_error(context, atk, dump, clock)
        else:
            # atk shipped to the executors as spark-submit --files does, run by a relative path.
            context.addFile(atk)
            shipped = "./" + os.path.basename(atk)
            label = f"{master} {' '.join(DOCUMENTED)} (atk shipped with addFile, --executor-atk {shipped})"
            got = clock.step(label, lambda: on_spark(context, atk, DOCUMENTED, dump, BUCKETS, executor_atk=shipped))
            expect_same(label, expected[tuple(DOCUMENTED)], got)
        for buckets, partitions in extra_splits:
            command = HEAVY
            into = f", coalesced into {partitions} partitions" if partitions else ""
            label = f"{master} {' '.join(command)} (buckets {buckets}{into})"
            got = clock.step(label, lambda: on_spark(context, atk, command, dump, buckets, partitions))
            expect_same(label, expected[tuple(command)], got)
        sys.stderr.write(f"dist-test: {master}: the task errors Spark logs next are the injected failures\n")
        sys.stderr.flush()
        for step in ("partial", "shard"):
            check_retry(context, master, step, atk, flaky, dump, expected, clock)
        os.environ["ATK_FAIL_ALWAYS"] = "shard"
        try:
            label = f"{master} stats, a shard step failing on every attempt"
            clock.step(label, lambda: expect_job_failure(label, context, atk, flaky, dump))
        finally:
            del os.environ["ATK_FAIL_ALWAYS"]
    finally:
        context.stop()


def check_retry(context, master, step, atk, flaky, dump, expected, clock):
    """A task whose `atk dist STEP` fails once, half its output written, is retried to the same bytes."""
    with tempfile.TemporaryDirectory() as scratch:
        marker = os.path.join(scratch, "failed-once")
        os.environ.update(ATK_FAIL_ONCE=marker, ATK_FAIL_STEP=step)
        try:
            label = f"{master} {' '.join(HEAVY)}, a {step} task failing once"
            got = clock.step(label, lambda: on_spark(context, atk, HEAVY, dump, BUCKETS, executor_atk=flaky))
        finally:
            del os.environ["ATK_FAIL_ONCE"], os.environ["ATK_FAIL_STEP"]
        if not os.path.isdir(marker):
            raise Mismatch(f"{label}: the failure was not injected")
        expect_same(label, expected[tuple(HEAVY)], got)


def check_usage_error(context, atk, dump, clock):
    """A command atk refuses: the single command's stdout, stderr and exit code, before any job."""
    command = ["retention", "--start", "A", "--return", "B", "--tz", "Mars/Olympus"]
    single_run = subprocess.run([atk, *command, dump], capture_output=True)

    def spark_run():
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            code = atk_spark.run(context, atk_spark.Layout(atk, BUCKETS), [*command, dump], stdout=out, stderr=err)
            out.seek(0)
            err.seek(0)
            return out.read(), err.read(), code

    label = f"{' '.join(command)} (a usage error)"
    got = clock.step(label, spark_run)
    if single_run.returncode != 2 or got != (single_run.stdout, single_run.stderr, single_run.returncode):
        raise Mismatch(f"{label}: exit {got[2]} (single: {single_run.returncode}), stderr {got[1]!r}")


def expect_job_failure(label, context, atk, flaky, dump):
    """The job must fail (JobFailed), never give a report."""
    try:
        got = on_spark(context, atk, ["stats"], dump, BUCKETS, executor_atk=flaky)
    except atk_spark.JobFailed as failure:
        if "dist shard" not in str(failure):
            raise Mismatch(f"{label}: the job failed for another reason: {failure}") from failure
        return
    raise Mismatch(f"{label}: the job did not fail (exit {got[1]}, {len(got[0])} bytes)")


def check_split(atk):
    """The driver tells inputs from options as atk's own parser does."""
    tree = atk_spark.command_tree(atk)
    cases = [
        (["funnel", "--steps", "A,B", "--format", "json", "dumps/"], ["funnel", "--steps", "A,B", "--format", "json"]),
        (["stats", "a.gz", "-q", "--format=json", "b.gz"], ["stats", "-q", "--format=json"]),
        (["elements", "verify", "--max-examples", "3", "d/"], ["elements", "verify", "--max-examples", "3"]),
        (["report", "--config", "r.yaml", "-o", "out", "d/"], ["report", "--config", "r.yaml", "-o", "out"]),
        (["stats", "--", "-odd-name.gz"], ["stats"]),
        (
            ["funnel", "--path", "DL_HOME>DL_PDP", "--format", "json", "d/"],
            ["funnel", "--path", "--format", "json", "DL_HOME>DL_PDP"],
        ),
        (["funnel", "--path", "DL_HOME", "d/", "e/"], ["funnel", "--path", "DL_HOME"]),
    ]
    for command, options in cases:
        got = atk_spark.split_command(tree, command)
        inputs = [token for token in command if token not in options and token != "--"]
        if command[0] == "funnel":  # the pattern is positional too: it moves after the options
            inputs = [token for token in command[1:] if token not in options]
        if got != (options, inputs):
            raise Mismatch(f"split_command({command}) gave {got}, not {(options, inputs)}")


def check_command_line(python, atk, dump, expected, clock):
    """The documented command line, as a process: stdout and exit code."""
    command = DOCUMENTED
    driver = [python, os.path.join(HERE, "atk_spark.py"), "--master", "local[2]", "--buckets", "8", "--atk", atk, "--"]

    def run():
        result = subprocess.run([*driver, *command, dump], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return result.stdout, result.returncode

    label = f"atk_spark.py --master 'local[2]' --buckets 8 -- {' '.join(command)} (a process)"
    expect_same(label, expected[tuple(command)], clock.step(label, run))


def main(argv):
    """Runs every check; exits 1 on a mismatch."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--atk", required=True, help="the release atk binary")
    parser.add_argument("--users", type=int, default=400)
    parser.add_argument("--work", default=".build/dist-test", help="where the dump is written")
    options = parser.parse_args(argv)
    atk = os.path.abspath(options.atk)
    flaky = os.path.join(HERE, "flaky_atk.sh")
    os.environ["ATK_REAL"] = atk  # the binary flaky_atk.sh runs
    dump = os.path.join(options.work, "dump")
    clock = Clock()
    print(f"dist-test: atk {atk}, {len(COMMANDS)} commands, {BUCKETS} buckets", flush=True)
    make_dump = [sys.executable, os.path.join(HERE, "make_dump.py"), "--atk", atk, "--users", str(options.users)]
    clock.step(
        f"make_dump.py --users {options.users}",
        lambda: subprocess.run([*make_dump, "--out", dump], check=True),
    )
    expected = {}
    for command in COMMANDS:
        expected[tuple(command)] = clock.step(f"single: atk {' '.join(command)}", lambda: single(atk, command, dump))
        print(f"           exit {expected[tuple(command)][1]}, {len(expected[tuple(command)][0])} bytes", flush=True)
    try:
        if expected[("stats",)][1] != 3:
            raise Mismatch("the dump must hold a damaged input (atk stats exits 3 on the truncated gzip member)")
        clock.step("the driver's reading of command lines", lambda: check_split(atk))
        check_command_line(sys.executable, atk, dump, expected, clock)
        check_mode(LOCAL, [], atk, flaky, dump, expected, clock, [(3, 2), (1, None)])
        check_mode(CLUSTER, ["spark.task.maxFailures=2"], atk, flaky, dump, expected, clock, [])
    except Mismatch as mismatch:
        print(f"dist-test: FAILED: {mismatch}", flush=True)
        return 1
    print(f"dist-test: every check passed in {time.monotonic() - clock.start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        sys.exit("dist-test: no java (make dist-test installs a headless JRE)")
    sys.exit(main(sys.argv[1:]))

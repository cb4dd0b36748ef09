#!/usr/bin/env python3
"""Run an atk command on Apache Spark and print exactly what the single command prints.

    python3 Tools/spark/atk_spark.py --master 'local[2]' --buckets 8 --atk .build/release/atk \\
        -- funnel --steps 'A,B' --format json dumps/

Spark only moves bytes; atk does every bit of reading and analysis (Docs/distributed.md):

    driver     atk dist manifest INPUTS               one `index<TAB>path` line per file
    stage 1    parallelize(manifest lines, one slice per file)
               .pipe(atk dist shard --buckets N)      `bucket<TAB>input<TAB>line<TAB>payload`
               keyed by the bucket, partitionBy(N, identity)
               [.coalesce(P)]                         whole buckets together, as adaptive
                                                      execution would
    stage 2    .pipe(atk dist partial COMMAND ARGS)   one ASCII partial state per partition
    driver     collect the partials into a temporary directory,
               atk dist merge --manifest M COMMAND ARGS PARTIALS
                                                      stdout, stderr and exit code forwarded

Every pipe runs with checkCode=True (a failing step fails its task; Spark retries it, then fails
the job, and this script exits 4: never a silent undercount), an explicit environment (PATH,
HOME, TZ, LANG, LC_* and ATK_* from this process) and an absolute path to atk. A retried task
reads its input again and gives the same records: the partial sorts its records by (input,
line), so neither the shuffle's order nor the number of buckets per partition changes a byte.

The command's positional arguments are its inputs: they go to `atk dist manifest` and are
replaced by the partial files for `atk dist merge`. Which arguments are positional is read from
atk's own description of its options (`atk --experimental-dump-help`), never guessed.

Exit codes: the merge's (atk's: 0, 1, 2, 3); 2 for a usage error of this script; 4 when the
Spark job fails (a shard or partial step failed on every attempt, or Spark itself failed).
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

JOB_FAILED = 4
USAGE = 2
FORWARDED_ENVIRONMENT = ("PATH", "HOME", "TZ", "LANG", "TMPDIR")
HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message, code):
    """Prints `atk-spark: message` on standard error and exits with `code`."""
    sys.stderr.write(f"atk-spark: {message}\n")
    sys.stderr.flush()
    sys.exit(code)


def parse_arguments(argv):
    """This script's options, then the atk command after `--`."""
    parser = argparse.ArgumentParser(
        prog="atk_spark.py",
        description="Run an atk command on Spark, exact to the byte (Docs/distributed.md).",
        usage="%(prog)s [options] -- COMMAND [ARGS...] INPUTS...",
    )
    parser.add_argument(
        "--master", default=None, help="Spark master URL (default: spark-submit's --master, else local[2])"
    )
    parser.add_argument("--buckets", type=int, default=8, help="user buckets, the shuffle's partitions (default: 8)")
    parser.add_argument(
        "--partitions",
        type=int,
        default=None,
        help="coalesce the N buckets into P partitions, whole buckets each (default: one per bucket)",
    )
    parser.add_argument("--atk", default="atk", help="the atk binary (a path; made absolute)")
    parser.add_argument(
        "--by", default=None, help="shard by this property (default: the command's own --by, else distinct_id)"
    )
    parser.add_argument(
        "--executor-atk",
        default=None,
        help="atk's path on the executors (default: --atk made absolute); ./atk when shipped with --files",
    )
    parser.add_argument(
        "--executor-dir",
        default=None,
        help="the directory the shards open relative inputs from (default: this one; . for the executor's own)",
    )
    parser.add_argument(
        "--executor-env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a variable for the atk steps on the executors (repeatable)",
    )
    parser.add_argument("--app-name", default="atk", help="the Spark application's name")
    parser.add_argument(
        "--conf", action="append", default=[], metavar="KEY=VALUE", help="a Spark setting (repeatable)"
    )
    parser.add_argument("--timings", action="store_true", help="print each stage's time on standard error")
    if "--" not in argv:
        parser.print_usage(sys.stderr)
        fail("the atk command goes after `--`", USAGE)
    split = argv.index("--")
    options = parser.parse_args(argv[:split])
    command = argv[split + 1 :]
    if not command:
        fail("no atk command after `--`", USAGE)
    if options.buckets < 1:
        fail("--buckets must be at least 1", USAGE)
    if options.partitions is not None and not 1 <= options.partitions <= options.buckets:
        fail("--partitions must be from 1 to --buckets", USAGE)
    return options, command


def resolve_atk(path):
    """The absolute path of the atk binary (the pipes run with an explicit environment)."""
    found = shutil.which(path) if os.sep not in path else path
    if found is None or not os.access(found, os.X_OK):
        fail(f"atk not found or not executable: {path}", USAGE)
    return os.path.abspath(found)


def command_tree(atk):
    """atk's commands and their arguments, from argument-parser's `--experimental-dump-help`."""
    result = subprocess.run([atk, "--experimental-dump-help"], capture_output=True)
    if result.returncode != 0:
        fail(f"{atk} --experimental-dump-help failed: {result.stderr.decode(errors='replace').strip()}", USAGE)
    return json.loads(result.stdout)["command"]


def split_command(tree, command):
    """Splits an atk command line into (command path and options, inputs).

    Subcommand names are walked from the root; then each token is an option (with its value when
    the option takes one), a flag, or a positional argument: an input.
    """
    node = tree
    path = []
    index = 0
    while True:
        names = {}
        for child in node.get("subcommands") or []:
            for name in [child["commandName"], *(child.get("aliases") or [])]:
                names[name] = child
        if index < len(command) and command[index] in names:
            node = names[command[index]]
            path.append(command[index])
            index += 1
        elif node.get("defaultSubcommand") in names:  # `atk report --config ...` is `report run`
            node = names[node["defaultSubcommand"]]
        else:
            break
    valued_long, valued_short, known_long, known_short = set(), set(), set(), set()
    for argument in node.get("arguments") or []:
        for name in argument.get("names") or []:
            long_form = name["kind"] in ("long", "longWithSingleDash")
            (known_long if long_form else known_short).add(name["name"])
            if argument["kind"] == "option":
                (valued_long if long_form else valued_short).add(name["name"])
    options, inputs = [], []
    while index < len(command):
        token = command[index]
        index += 1
        if token == "--":
            inputs.extend(command[index:])
            break
        if token.startswith("--"):
            name = token[2:].split("=", 1)[0]
            options.append(token)
            if "=" not in token and name in valued_long and index < len(command):
                options.append(command[index])
                index += 1
        elif token.startswith("-") and token != "-":
            options.append(token)
            letters = token[1:]
            if letters in valued_long or letters in known_long:  # -name (single dash long)
                if letters in valued_long and index < len(command):
                    options.append(command[index])
                    index += 1
                continue
            for position, letter in enumerate(letters):
                if letter in valued_short:
                    if position == len(letters) - 1 and index < len(command):
                        options.append(command[index])
                        index += 1
                    break
        else:
            inputs.append(token)
    if path == ["funnel"] and "--path" in options and inputs and is_path_pattern(inputs[0], len(inputs) > 1):
        options.append(inputs.pop(0))
    return path + options, inputs


def is_path_pattern(argument, inputs_follow):
    """Whether `funnel --path`'s first positional argument is its PATTERN, not an input.

    The rule of `FunnelCommand.isPattern`: it holds `>`, or it is a bare node name (letters,
    digits, `_`, `-`, `#`) that names no file or directory, and inputs follow it.
    """
    if ">" in argument:
        return True
    if not inputs_follow or not argument or argument == "-":
        return False
    node_name = all(character.isalpha() or character in "0123456789_-#" for character in argument)
    return node_name and not os.path.exists(argument)


def pipe_environment(extra=()):
    """The only environment the pipe steps see: PATH, HOME, the locale, the zone, ATK_* and `extra`."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key in FORWARDED_ENVIRONMENT or key.startswith("LC_") or key.startswith("ATK_")
    }
    for setting in extra:
        key, _, value = setting.partition("=")
        environment[key] = value
    return environment


class UsageError(Exception):
    """The command cannot run on Spark as given."""


class StepFailed(Exception):
    """An atk step on the driver failed (it printed why); carries its exit code."""

    def __init__(self, code):
        super().__init__(f"exit {code}")
        self.code = code


def is_stitched(command):
    """Whether the command counts persons (`--identity stitched`): it needs a first pass for links."""
    return option_value(command, "--identity") == "stitched"


def identity_links(context, layout, lines, directory, stderr):
    """The first pass of a stitched command: every line's identity links, merged into one file.

    The file is in the driver's temporary directory, which the executors read it from: on a
    cluster, point TMPDIR at a directory every executor mounts.
    """
    paths = partials_on_spark(context, layout, ["identities"], lines, directory, name="identities")
    links = os.path.join(directory, "links")
    with open(links, "wb") as file:
        merge = [layout.atk, "dist", "merge", "--partial", "identities", *paths]
        merged = subprocess.run(merge, stdout=file, stderr=stderr)
    if merged.returncode != 0:
        raise StepFailed(merged.returncode)
    return links


def preflight(atk, arguments, stderr):
    """`atk dist partial ARGUMENTS` on no records: StepFailed when atk refuses the command."""
    check = subprocess.run(
        [atk, "dist", "partial", *arguments], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr
    )
    if check.returncode != 0:
        raise StepFailed(check.returncode)


def command_and_inputs(atk, full_command, stderr=None, check=True):
    """The command with its options, and its inputs, checked before Spark runs anything.

    Raises UsageError when there is no file to read, and StepFailed with atk's exit code (its
    message on `stderr`) when `atk dist partial` refuses the command or its options: a usage
    error exits 2 with the single command's message, not 4 after every task failed. A stitched
    command is checked once its links are made (`check` False here).
    """
    command, inputs = split_command(command_tree(atk), full_command)
    if not inputs:
        raise UsageError("the command names no input: Spark reads files, not standard input")
    if "-" in inputs:
        raise UsageError("standard input (-) cannot be read on Spark: name files or directories")
    if check:
        preflight(atk, command, stderr)
    return command, inputs


class JobFailed(Exception):
    """The Spark job failed: a step failed on every attempt, or Spark itself did."""


def manifest(atk, inputs, stderr):
    """`atk dist manifest INPUTS` on the driver: its text, as printed (merge --manifest checks the
    partials against it, byte for byte); atk's message and code when it fails."""
    result = subprocess.run([atk, "dist", "manifest", "--", *inputs], stdout=subprocess.PIPE, stderr=stderr)
    if result.returncode != 0:
        raise StepFailed(result.returncode)
    return result.stdout


def bucket_of(record):
    """The bucket a shard record is routed to: its first field, a decimal number."""
    field = record.split("\t", 1)[0]
    if not field.isdigit():
        raise ValueError(f"not a shard record (no bucket): {record[:80]!r}")
    return int(field)


def quoted(argv):
    """A command line for `RDD.pipe`, which splits it with shlex."""
    return " ".join(shlex.quote(part) for part in argv)


def in_directory(directory, argv):
    """A pipe command that runs argv in `directory`, so relative inputs and option files (`--plan
    plan.json`) open as on the driver.

    A relative program path (`./atk`, shipped with --files) is taken from where the task starts.
    """
    script = 'p=$1; case $p in /*) ;; *) p=$PWD/$p ;; esac; cd "$2" && shift 2 && exec "$p" "$@"'
    return quoted(["/bin/sh", "-c", script, "sh", argv[0], directory, *argv[1:]])


def option_value(command, name):
    """The value of the command's last `name VALUE` or `name=VALUE`, or None."""
    value = None
    for index, token in enumerate(command):
        if token == name and index + 1 < len(command):
            value = command[index + 1]
        elif token.startswith(name + "="):
            value = token[len(name) + 1 :]
    return value


def spark_context(master=None, app_name="atk", settings=()):
    """A SparkContext that logs errors only, to standard error.

    `master` None keeps spark-submit's --master (local[2] without spark-submit).
    """
    from pyspark import SparkConf, SparkContext

    conf = SparkConf().setAppName(app_name)
    if master is not None or not conf.contains("spark.master"):
        conf.setMaster(master or "local[2]")
    if conf.get("spark.master").startswith("local"):
        # The executors' Python workers run this interpreter (the one PySpark is installed in).
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    conf.set("spark.ui.enabled", "false")
    conf.set("spark.ui.showConsoleProgress", "false")
    conf.set("spark.log.level", "ERROR")
    quiet = f"-Dlog4j2.configurationFile={os.path.join(HERE, 'log4j2.properties')}"
    conf.set("spark.driver.extraJavaOptions", quiet)
    conf.set("spark.executor.extraJavaOptions", quiet)
    for setting in settings:
        key, _, value = setting.partition("=")
        conf.set(key, value)
    context = SparkContext(conf=conf)
    context.setLogLevel("ERROR")
    # The tasks' functions live in this file; a script that imports it (dist_test.py) needs it
    # shipped to the workers.
    context.addPyFile(os.path.abspath(__file__))
    return context


def failure_summary(text):
    """The line of a Spark error that says why: the step that exited, else the abort, else the first."""
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    for marker in ("[PIPE_FUNCTION_EXITED]", "failed", "Error"):
        for line in lines:
            if marker in line:
                return line[:500]
    return lines[0][:500] if lines else "unknown error"


def partials_on_spark(context, layout, command, lines, directory, links=None, name="part"):
    """The shard, shuffle and partial stages; writes one partial file per partition into directory.

    `links` (a file every executor can read) buckets by person and goes to the partials too.
    """
    environment = pipe_environment(layout.executor_env)
    atk = layout.executor_atk
    buckets, partitions = layout.buckets, layout.partitions
    linked = ["--links", links] if links is not None else []
    shard = [atk, "dist", "shard", "--buckets", str(buckets), *linked]
    by = layout.by if layout.by is not None else option_value(command, "--by")
    if by is not None:
        shard += ["--by", by]
    max_line_bytes = option_value(command, "--max-line-bytes")
    if max_line_bytes is not None:
        shard += ["--max-line-bytes", max_line_bytes]
    records = (
        context.parallelize(lines, len(lines))
        .pipe(in_directory(layout.executor_dir, shard), env=environment, checkCode=True)
        .map(lambda record: (bucket_of(record), record))
        .partitionBy(buckets, lambda bucket: bucket)
        .values()
    )
    if partitions is not None and partitions < buckets:
        records = records.coalesce(partitions)
    partial = [atk, "dist", "partial", *linked, *command]
    partials = records.pipe(in_directory(layout.executor_dir, partial), env=environment, checkCode=True)
    try:
        collected = partials.glom().collect()
    except Exception as error:  # Py4JJavaError, PySparkRuntimeError
        raise JobFailed(failure_summary(str(error))) from error
    paths = []
    for index, partial in enumerate(collected):
        path = os.path.join(directory, f"{name}-{index:05d}")
        with open(path, "w", encoding="ascii") as file:
            file.writelines(line + "\n" for line in partial)
        paths.append(path)
    return paths


class Layout:
    """Where atk runs and how the records are bucketed."""

    def __init__(self, atk, buckets, partitions=None, by=None, executor_atk=None, executor_dir=None, executor_env=()):
        self.atk = atk
        self.executor_env = executor_env
        self.buckets = buckets
        self.partitions = partitions
        self.by = by
        self.executor_atk = executor_atk or atk
        self.executor_dir = executor_dir or os.getcwd()


def run(context, layout, full_command, stdout=None, stderr=None, timings=None):
    """Runs one atk command through Spark; returns its exit code, its report written to stdout.

    Raises JobFailed when the Spark job fails, UsageError when the command reads no file.
    `timings`, when given, receives the seconds of the manifest and Spark stages and of the merge.
    """
    atk = layout.atk
    started = time.monotonic()
    stitched = is_stitched(full_command)
    try:
        command, inputs = command_and_inputs(atk, full_command, stderr, check=not stitched)
        manifest_text = manifest(atk, inputs, stderr)
    except StepFailed as failure:
        return failure.code
    lines = [line for line in manifest_text.decode("utf-8").split("\n") if line]
    if not lines:
        raise UsageError("the manifest lists no file")
    with tempfile.TemporaryDirectory(prefix="atk-spark-") as directory:
        # merge --manifest: a shard task lost without failing (every input must have been read)
        # exits 3 naming the input, never a silent undercount.
        manifest_path = os.path.join(directory, "manifest")
        with open(manifest_path, "wb") as file:
            file.write(manifest_text)
        linked = []
        if stitched:
            try:
                links = identity_links(context, layout, lines, directory, stderr)
                linked = ["--links", links]
                preflight(atk, [*linked, *command], stderr)
            except StepFailed as failure:
                return failure.code
        paths = partials_on_spark(context, layout, command, lines, directory, linked[1] if linked else None)
        spark_done = time.monotonic()
        merged = subprocess.run(
            [atk, "dist", "merge", "--manifest", manifest_path, *linked, *command, *paths], stdout=stdout, stderr=stderr
        )
    if timings is not None:
        timings.append((spark_done - started, time.monotonic() - spark_done))
    return merged.returncode


def main(argv):
    """Runs the pipeline and exits with the merge's exit code."""
    options, full_command = parse_arguments(argv)
    atk = resolve_atk(options.atk)
    timings = []
    try:
        command_and_inputs(atk, full_command, check=not is_stitched(full_command))
    except UsageError as error:
        fail(str(error), USAGE)
    except StepFailed as failure:
        return failure.code
    context = spark_context(options.master, options.app_name, options.conf)
    try:
        sys.stdout.flush()
        layout = Layout(
            atk,
            options.buckets,
            options.partitions,
            options.by,
            options.executor_atk,
            options.executor_dir,
            options.executor_env,
        )
        code = run(context, layout, full_command, timings=timings)
    except UsageError as error:
        fail(str(error), USAGE)
    except JobFailed as error:
        fail(f"the Spark job failed, no report was made: {error}", JOB_FAILED)
    finally:
        context.stop()
    if options.timings and timings:
        spark, merge = timings[0]
        sys.stderr.write(f"atk-spark: manifest and spark {spark:.1f} s, merge {merge:.1f} s\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

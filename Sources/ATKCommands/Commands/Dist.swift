import ArgumentParser

/// `atk dist`: the steps of a distributed run, for Spark, Hadoop Streaming or a shell pipeline.
struct Dist: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dist",
        abstract: "Run a command over many machines: manifest, shard, partial, merge (Docs/distributed.md).",
        discussion: """
            A distributed run gives the bytes and exit code the single command gives. Four steps, \
            each reading and writing text lines, so any engine that moves lines can drive them:

              atk dist manifest dumps/ > manifest
              atk dist shard --buckets 8 < manifest > records
              (move the records so each bucket's lines meet, in any order; per bucket:)
              atk dist partial stats --max-examples 5 < bucket-3 > partial-3
              atk dist merge --manifest manifest stats --max-examples 5 partial-*

            manifest lists index<TAB>path per input; shard writes \
            bucket<TAB>input<TAB>line<TAB>payload per line; merge prints what atk stats \
            --max-examples 5 dumps/ prints.

            The command's options must be the same in partial and merge (except --format, -o, \
            --quiet and --jobs, which only shape the report); partials of other options, commands or \
            inputs are refused, and merge refuses partials that do not account for every line read \
            (and, given the manifest, for every input it lists).

            Commands: \(DistCommandLine.supportedList).

            Exit codes: those of the command; 2 also for partials of other commands or options, 3 \
            also for a damaged or missing partial or shard record.
            """,
        subcommands: [Manifest.self, Shard.self, Partial.self, Merge.self]
    )
}

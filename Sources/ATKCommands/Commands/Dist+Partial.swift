import ATKCore
import ArgumentParser

extension Dist {
    /// `atk dist partial`: one bucket's (or several buckets') records in, a partial state out.
    struct Partial: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "partial",
            abstract: "Run a command over shard records on standard input; write its partial state.",
            discussion: """
                Reads records (atk dist shard) in any order, puts them back in input order, runs \
                COMMAND with ARGS over them exactly as the single command reads its inputs, and writes \
                the partial state: ASCII text, a header line then base64 lines \
                (Docs/distributed.md#the-partial-format). The records may hold any number of \
                buckets, as long as each bucket's records all reach the same partial.

                COMMAND ARGS are those of the single command without the dump files; --since and \
                --until take dates or times, not -7d (each step would count back from its own now).

                Examples:
                  atk dist partial stats < bucket-0 > partial-0
                  atk dist partial funnel --steps 'A,B' --window 1h < bucket-0 > partial-0

                Exit codes: 0 written; 2 usage error (an unknown command, ARGS it refuses, records \
                bucketed by another key than the command's); 3 records that are not records, or a \
                line received twice.
                """
        )

        @Option(
            help: ArgumentHelp(
                "With --identity stitched: the merged partial of atk dist partial identities (the persons).",
                valueName: "file"))
        var links: String?

        @Argument(
            parsing: .captureForPassthrough,
            help: ArgumentHelp(
                "The command and its options, as for the single run, without files.", valueName: "command"))
        var arguments: [String] = []

        func validate() throws {
            // ARGS are captured whole, --help included: the first word asks for this command's help.
            if let first = arguments.first, ["-h", "--help", "help"].contains(first) {
                throw CleanExit.helpRequest(self)
            }
            if arguments.isEmpty {
                throw ValidationError("give the command and its options, e.g. atk dist partial stats")
            }
        }

        func run() throws {
            let links = try links.map(Links.load)
            let line = try DistCommandLine(arguments, filesAllowed: false, links: links?.hash)
            var batch = RecordBatch()
            do {
                try batch.add(try InputSource.standardInput.readAll())
            } catch let error as DistFormatError {
                throw CommandError("standard input: \(error.description)", exit: CommandExit.unreadableInput)
            } catch {
                throw CommandError("\(error)", exit: CommandExit.unreadableInput)
            }
            let input = try line.command.readInput()
            var runner = Replay(
                batch: batch, selection: try input.selection(), maxLineLength: input.maxLineBytes.bytes,
                name: line.name,
                links: links?.hash)
            try line.command.run(&runner, persons: links?.graph)
            var partial = DistPartial(
                command: line.name, optionsHash: try line.optionsHash(), facts: runner.batch.facts,
                errors: runner.batch.errors, seen: runner.batch.linesPerInput, state: runner.state)
            partial.malformed = runner.malformed
            let output = OutputFile.standardOutput()
            do {
                try output.write(partial.text)
                try output.commit()
            } catch {
                throw CommandError(error)
            }
        }

        /// Replays the records into an empty partial of the command's analysis and keeps its
        /// state; never reports.
        struct Replay: AnalysisRunner {
            var batch: RecordBatch
            let selection: EventSelection
            let maxLineLength: Int
            let name: String
            /// The hash of `--links`, when given.
            let links: UInt64?
            /// The analysis's state, once run.
            var state: [UInt8] = []
            /// The malformed lines per input, under the command's `--max-line-bytes`.
            var malformed: [Int: Int] = [:]

            mutating func run<Analysis: DistributableAnalysis>(
                _ prototype: Analysis, report: (Analysis, [FileReport], Bool, ReportOutput) throws -> Void
            ) throws {
                for fact in batch.facts.values where !fact.key.matches(prototype.partitionKey, links: links) {
                    throw CommandError(
                        "the records were bucketed by \(Partial.describe(fact.key)); \(name) needs them bucketed by "
                            + "\(Partial.describe(prototype.partitionKey)) (atk dist shard"
                            + "\(Partial.byOption(prototype.partitionKey)))",
                        exit: CommandExit.usage)
                }
                do {
                    if selection.isEmpty {
                        try replay(prototype)
                    } else {
                        try replay(SelectedAnalysis(prototype, selection: selection))
                    }
                } catch {
                    throw CommandError("standard input: \(error.description)", exit: CommandExit.unreadableInput)
                }
            }

            /// Nothing to read again: a partial never reports.
            var reread: SerialReread? { nil }

            private mutating func replay<A: DistributableAnalysis>(_ prototype: A) throws(DistFormatError) {
                var analysis = prototype.makePartial()
                malformed = try batch.replay(into: &analysis, maxLineLength: maxLineLength)
                var writer = StateWriter()
                analysis.encodeState(to: &writer)
                state = writer.bytes
            }
        }

        /// A shard's key in words.
        static func describe(_ key: ShardKey) -> String {
            switch key {
            case .distinctId: "distinct_id"
            case .property(let name): "the property \(name)"
            case .person(let links): "the persons of links \(DistPartial.hex(links))"
            }
        }

        /// A command's key in words.
        static func describe(_ key: PartitionKey) -> String {
            switch key {
            case .distinctId: "distinct_id"
            case .property(let name): "the property \(name)"
            case .person: "the persons of these --links"
            }
        }

        /// The shard option that buckets by `key`.
        static func byOption(_ key: PartitionKey) -> String {
            switch key {
            case .distinctId: " without --by"
            case .property(let name): " --by '\(name)'"
            case .person: " --links FILE, the same file"
            }
        }
    }
}

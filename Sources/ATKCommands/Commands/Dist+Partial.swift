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
            let line = try DistCommandLine(arguments, filesAllowed: false)
            try write(line.command, name: line.name, optionsHash: try line.optionsHash())
        }

        private func write<C: DistributableCommand>(_ command: C, name: String, optionsHash: UInt64) throws {
            var batch = RecordBatch()
            do {
                try batch.add(try InputSource.standardInput.readAll())
            } catch let error as DistFormatError {
                throw CommandError("standard input: \(error.description)", exit: CommandExit.unreadableInput)
            } catch {
                throw CommandError("\(error)", exit: CommandExit.unreadableInput)
            }
            let analysis = try command.makeAnalysis()
            for fact in batch.facts.values where fact.key != analysis.partitionKey {
                throw CommandError(
                    "the records were bucketed by \(Self.describe(fact.key)); \(C.distName) needs them bucketed by "
                        + "\(Self.describe(analysis.partitionKey)) (atk dist shard\(Self.byOption(analysis.partitionKey)))",
                    exit: CommandExit.usage)
            }
            let selection = try command.input.selection()
            let limit = command.input.maxLineBytes.bytes
            let state: [UInt8]
            let malformed: [Int: Int]
            do {
                (state, malformed) =
                    selection.isEmpty
                    ? try Self.state(of: analysis, batch: &batch, maxLineLength: limit)
                    : try Self.state(
                        of: SelectedAnalysis(analysis, selection: selection), batch: &batch, maxLineLength: limit)
            } catch {
                throw CommandError("standard input: \(error.description)", exit: CommandExit.unreadableInput)
            }
            var partial = DistPartial(
                command: name, optionsHash: optionsHash, facts: batch.facts, errors: batch.errors,
                seen: batch.linesPerInput, state: state)
            partial.malformed = malformed
            let output = OutputFile.standardOutput()
            do {
                try output.write(partial.text)
                try output.commit()
            } catch {
                throw CommandError(error)
            }
        }

        /// Replays the batch into an empty partial of `prototype`; its state, and the malformed
        /// lines per input.
        private static func state<A: DistributableAnalysis>(
            of prototype: A, batch: inout RecordBatch, maxLineLength: Int
        ) throws(DistFormatError) -> (state: [UInt8], malformed: [Int: Int]) {
            var analysis = prototype.makePartial()
            let malformed = try batch.replay(into: &analysis, maxLineLength: maxLineLength)
            var writer = StateWriter()
            analysis.encodeState(to: &writer)
            return (writer.bytes, malformed)
        }

        /// A key in words.
        static func describe(_ key: PartitionKey) -> String {
            switch key {
            case .distinctId: "distinct_id"
            case .property(let name): "the property \(name)"
            }
        }

        /// The shard option that buckets by `key`.
        static func byOption(_ key: PartitionKey) -> String {
            switch key {
            case .distinctId: " without --by"
            case .property(let name): " --by '\(name)'"
            }
        }
    }
}

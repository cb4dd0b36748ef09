import ATKCore
import ArgumentParser

extension Dist {
    /// `atk dist merge`: partial states in, the single command's report (or a merged partial) out.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge partial states into the report the single command prints, or into one partial.",
            discussion: """
                COMMAND ARGS are those given to atk dist partial (--format, -o, --quiet and --jobs may \
                differ: they only shape the report), followed by the partial files (- for standard \
                input; a file may hold several partials one after another). The report is the single \
                command's, byte for byte, in every format, with its exit code.

                Before merging, merge checks that the partials are of this command, these options and \
                one manifest (exit 2 otherwise, naming both), and that together they hold exactly the \
                lines the shards read from each input (exit 3 otherwise, with the counts: a partial is \
                missing, or given twice). With --partial it writes one merged partial instead (for \
                tree merges), checking everything but completeness.

                --manifest FILE (the output of atk dist manifest) also checks that the partials are of \
                that manifest and that the shards read every one of its inputs: without it, a lost shard \
                run of the last inputs goes unnoticed. Drivers should always pass it.

                validate (and report's validate section) whose partials kept too few lines of a \
                property type conflict reads the inputs again, as the single run does: at the \
                manifest's paths, relative to the current directory (exit 3 when one cannot be opened \
                there, or changed since the shard read it).

                Examples:
                  atk dist merge --manifest manifest stats --format json partial-*
                  atk dist merge --partial stats partial-0 partial-1 > partial-01
                  atk dist merge stats partial-01 partial-23

                Exit codes: those of the command; 2 also for partials of other commands, options or \
                manifests; 3 also for a damaged, missing or duplicated partial.
                """
        )

        @Flag(help: "Write the merged partial state to standard output instead of the report.")
        var partial = false

        @Option(
            help: ArgumentHelp(
                "With --identity stitched: the merged partial of atk dist partial identities (the persons).",
                valueName: "file"))
        var links: String?

        @Option(
            help: ArgumentHelp(
                "The manifest the shards read (atk dist manifest's output): every input in it must be in the partials.",
                valueName: "file"))
        var manifest: String?

        @Argument(
            parsing: .captureForPassthrough,
            help: ArgumentHelp("The command and its options, then the partial files.", valueName: "command"))
        var arguments: [String] = []

        func validate() throws {
            // ARGS are captured whole, --help included: the first word asks for this command's help.
            if let first = arguments.first, ["-h", "--help", "help"].contains(first) {
                throw CleanExit.helpRequest(self)
            }
            if arguments.isEmpty { throw ValidationError("give the command, its options and the partial files") }
        }

        func run() throws {
            let links = try links.map(Links.load)
            let line = try DistCommandLine(arguments, filesAllowed: true, links: links?.hash)
            let command = line.command
            let input = try command.readInput()
            let resolved = try input.resolve(writing: partial ? [] : command.outputs)
            for error in resolved.errors { throw CommandError(error.description, exit: CommandExit.unreadableInput) }
            var partials: [DistPartial] = []
            for source in resolved.sources {
                do {
                    partials += try DistPartial.parseAll(try source.readAll())
                } catch let error as InputError {
                    throw CommandError(error.description, exit: CommandExit.unreadableInput)
                } catch {
                    throw CommandError("\(source.displayName): \(error)", exit: CommandExit.unreadableInput)
                }
            }
            let merged = try Self.combine(partials, name: line.name, optionsHash: try line.optionsHash())
            if let manifest { try Self.check(merged, against: try Self.loadManifest(manifest), whole: !partial) }
            if !partial { try Self.checkComplete(merged) }
            var runner = Fold(
                partials: partials, merged: merged, selection: try input.selection(), input: input,
                writesPartial: partial,
                command: command)
            try command.run(&runner, persons: links?.graph)
        }

        /// Reads every partial's state into an empty partial of the command's analysis, merges
        /// them, and writes the merged partial or has the command report it.
        struct Fold: AnalysisRunner {
            let partials: [DistPartial]
            let merged: DistPartial
            let selection: EventSelection
            /// The command's dump options (its files are the partials: never read again).
            let input: InputOptions
            let writesPartial: Bool
            let command: any DistributableCommand

            mutating func run<Analysis: DistributableAnalysis>(
                _ prototype: Analysis, report: (Analysis, [FileReport], Bool, ReportOutput) throws -> Void
            ) throws {
                if selection.isEmpty {
                    let result = try Merge.mergeStates(partials, prototype: prototype)
                    if writesPartial {
                        try Merge.writePartial(result, merged: merged)
                    } else {
                        try finish(result, report)
                    }
                } else {
                    let result = try Merge.mergeStates(
                        partials, prototype: SelectedAnalysis(prototype, selection: selection))
                    if writesPartial {
                        try Merge.writePartial(result, merged: merged)
                    } else {
                        InputOptions.noteLeftOut(result)
                        try finish(result.inner, report)
                    }
                }
            }

            /// The manifest's inputs, as the facts name them (relative to where merge runs), and
            /// what the shards found in each.
            var reread: SerialReread? {
                var inputs = ResolvedInputs()
                let facts = merged.facts.keys.sorted().compactMap { merged.facts[$0] }
                inputs.sources = facts.map(\.report.source)
                inputs.errors = merged.errors.keys.sorted().compactMap { merged.errors[$0] }
                return SerialReread(input: input, inputs: inputs, expected: facts.map(\.report))
            }

            /// Has the command report the merged analysis, with the single run's diagnostics and
            /// exit code.
            private func finish<Analysis>(
                _ analysis: Analysis, _ report: (Analysis, [FileReport], Bool, ReportOutput) throws -> Void
            ) throws {
                // The malformed lines under the command's --max-line-bytes, which the shard's may exceed.
                let reports = merged.facts.keys.sorted().compactMap { index in
                    merged.facts[index].map { fact in
                        var report = fact.report
                        report.malformedLines = merged.malformed[index] ?? 0
                        return report
                    }
                }
                let errors = merged.errors.keys.sorted().compactMap { merged.errors[$0] }
                for error in errors { Terminal.diagnose(error.description) }
                for report in reports { if let error = report.error { Terminal.diagnose(error.description) } }
                let unreadable = !errors.isEmpty || reports.contains { $0.error != nil }
                try report(analysis, reports, unreadable, try command.openDestination())
            }
        }

        /// Writes the merged partial state (`--partial`).
        static func writePartial<A: DistributableAnalysis>(_ analysis: A, merged: DistPartial) throws {
            var writer = StateWriter()
            analysis.encodeState(to: &writer)
            var result = merged
            result.state = writer.bytes
            let output = OutputFile.standardOutput()
            do {
                try output.write(result.text)
                try output.commit()
            } catch {
                throw CommandError(error)
            }
        }

        /// The partials' headers joined: one command, one options hash, one manifest; the facts
        /// of all, the lines seen added up (never more than an input's lines).
        static func combine(_ partials: [DistPartial], name: String, optionsHash: UInt64) throws -> DistPartial {
            var merged = DistPartial(
                command: name, optionsHash: optionsHash, facts: [:], errors: [:], seen: [:], state: [])
            var manifest: UInt64 = 0
            for (number, partial) in partials.enumerated() {
                let which = "partial \(number + 1) of \(partials.count)"
                guard partial.command == name else {
                    throw CommandError(
                        "\(which) is of atk \(partial.command.replacingOccurrences(of: ".", with: " ")), not of atk "
                            + name.replacingOccurrences(of: ".", with: " "), exit: CommandExit.usage)
                }
                guard partial.optionsHash == optionsHash else {
                    throw CommandError(
                        "\(which) was made with other options (options=\(DistPartial.hex(partial.optionsHash)), these are "
                            + "options=\(DistPartial.hex(optionsHash))): give merge the partial's options",
                        exit: CommandExit.usage)
                }
                if partial.manifestHash != 0 {
                    if manifest == 0 {
                        manifest = partial.manifestHash
                        merged.facts = partial.facts
                        merged.errors = partial.errors
                    } else if manifest != partial.manifestHash {
                        throw CommandError(
                            "\(which) is of another manifest (manifest=\(DistPartial.hex(partial.manifestHash)), the first "
                                + "is manifest=\(DistPartial.hex(manifest))): partials of other inputs",
                            exit: CommandExit.usage)
                    }
                }
                for (input, lines) in partial.seen { merged.seen[input, default: 0] += lines }
                for (input, lines) in partial.malformed { merged.malformed[input, default: 0] += lines }
            }
            for (input, lines) in merged.seen.sorted(by: { $0.key < $1.key }) {
                guard let fact = merged.facts[input] else {
                    throw CommandError(
                        "the partials hold \(lines) lines of input \(input), which their manifest does not list",
                        exit: CommandExit.unreadableInput)
                }
                guard lines <= fact.report.lines else {
                    throw CommandError(
                        "the partials hold \(lines) lines of input \(input) (\(fact.report.source.displayName)); the shard "
                            + "read \(fact.report.lines): a partial was given twice", exit: CommandExit.unreadableInput)
                }
            }
            return merged
        }

        /// The text of the manifest in `path` (`--manifest`), parsed.
        ///
        /// - Throws: ``CommandError`` 3 for a file that cannot be read, 2 for one that is not a manifest.
        static func loadManifest(_ path: String) throws -> (text: [UInt8], entries: [DistManifest.Entry]) {
            let text: [UInt8]
            do {
                text = try InputSource.file(path).readAll()
            } catch {
                throw CommandError("--manifest: \(error.description)", exit: CommandExit.unreadableInput)
            }
            do {
                let entries = try text.split(separator: 0x0A).map { try DistManifest.entry(parsing: $0) }
                return (text, entries)
            } catch {
                throw CommandError("--manifest \(PathName.display(path)): \(error)", exit: CommandExit.usage)
            }
        }

        /// Throws unless the partials' facts are of `manifest` (`--manifest`).
        ///
        /// Every input and error it lists must be known to the partials (exit 3, naming the ones
        /// no shard read), then their manifest hash must be the file's (exit 2). Partials that received nothing know no input: they
        /// pass unless `whole` (a report is due, not `--partial`).
        static func check(
            _ merged: DistPartial, against manifest: (text: [UInt8], entries: [DistManifest.Entry]), whole: Bool
        ) throws {
            let hash = BucketHash.fnv1a64(manifest.text)
            if whole || merged.manifestHash != 0 {
                var lost: [String] = []
                for entry in manifest.entries {
                    switch entry {
                    case .input(let index, let source) where merged.facts[index] == nil:
                        lost.append("input \(index), \(source.displayName): no shard read it")
                    case .error(let index, _) where merged.errors[index] == nil:
                        lost.append("manifest error \(index): no shard read it")
                    default: break
                    }
                }
                if !lost.isEmpty {
                    throw CommandError(
                        "the partials lack inputs of --manifest (a shard run was lost): "
                            + lost.joined(separator: "; "), exit: CommandExit.unreadableInput)
                }
            }
            guard merged.manifestHash == 0 || merged.manifestHash == hash else {
                throw CommandError(
                    "the partials are of another manifest (manifest=\(DistPartial.hex(merged.manifestHash)), --manifest "
                        + "is manifest=\(DistPartial.hex(hash))): partials of other inputs", exit: CommandExit.usage)
            }
        }

        /// Throws unless the partials hold every line of every input, and the manifest is whole.
        static func checkComplete(_ merged: DistPartial) throws {
            guard !merged.facts.isEmpty || !merged.errors.isEmpty else {
                throw CommandError(
                    "the partials know no input: they saw no shard records (was the shard output empty?)",
                    exit: CommandExit.unreadableInput)
            }
            guard merged.manifestIsWhole else {
                throw CommandError(
                    "the partials know inputs \(merged.facts.keys.sorted().map(String.init).joined(separator: ",")): "
                        + "the manifest's inputs were not all sharded", exit: CommandExit.unreadableInput)
            }
            let expected = merged.facts.values.reduce(0) { $0 + $1.report.lines }
            let seen = merged.seen.values.reduce(0, +)
            for index in merged.facts.keys.sorted() {
                guard let fact = merged.facts[index] else { continue }
                let lines = merged.seen[index] ?? 0
                guard lines == fact.report.lines else {
                    throw CommandError(
                        "the partials hold \(Terminal.grouped(seen)) of the \(Terminal.grouped(expected)) lines the shards "
                            + "read (input \(index), \(fact.report.source.displayName): \(Terminal.grouped(lines)) of "
                            + "\(Terminal.grouped(fact.report.lines))): a partial is missing",
                        exit: CommandExit.unreadableInput)
                }
            }
        }

        /// Reads every partial's state into an empty partial of `prototype` and merges them.
        static func mergeStates<A: DistributableAnalysis>(_ partials: [DistPartial], prototype: A) throws -> A {
            var result = prototype.makePartial()
            for (number, partial) in partials.enumerated() {
                var reader = StateReader(partial.state)
                var decoded = prototype.makePartial()
                do {
                    try decoded.decodeState(from: &reader)
                    try reader.expectEnd()
                } catch {
                    throw CommandError(
                        "partial \(number + 1) of \(partials.count): a damaged state (\(error))",
                        exit: CommandExit.unreadableInput)
                }
                result.merge(consume decoded)
            }
            return result
        }
    }
}

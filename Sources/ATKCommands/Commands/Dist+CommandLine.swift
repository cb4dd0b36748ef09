import ATKCore
import ArgumentParser

/// The `COMMAND ARGS` of `atk dist partial` and `atk dist merge`, parsed as `atk COMMAND ARGS`
/// would be, with the hash of the options that shape the partial state.
struct DistCommandLine {
    /// The commands `atk dist` runs.
    static let commands: [any DistributableCommand.Type] = [
        StatsCommand.self, ValidateCommand.self, FunnelCommand.self, ImpressionsCommand.self, Elements.Verify.self,
        Elements.Top.self,
        Elements.Match.self, Elements.Drift.self, Paths.Verify.self, Paths.Attribution.self, SessionsCommand.self,
        RetentionCommand.self, IdentitiesCommand.self, Report.Run.self,
    ]

    /// Their names as typed (`stats`, `elements verify`).
    static var supported: [String] {
        commands.map { command in
            String(
                decoding: command.distName.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
    }

    /// ``supported``, comma-separated, as `atk dist --help` lists them.
    ///
    /// Written out: argument-parser builds every command's configuration on every run of atk, and
    /// working the names out of the command types there (type names, Foundation's string
    /// replacement) was 2.0 M of the 26.4 M instructions `atk stats` takes on a one-line dump.
    /// `DistCommandLineTests` checks that it is ``supported``.
    static let supportedList =
        "stats, validate, funnel, impressions, elements verify, elements top, elements match, elements drift, "
        + "paths verify, paths attribution, sessions, retention, identities, report run"

    /// The parsed command.
    let command: any DistributableCommand
    /// The arguments that shape the state: ARGS without the file arguments and without the
    /// options that only shape the report (`--format`, `-o`, `--quiet`, `--jobs`).
    let stateArguments: [String]

    /// The file argument dist partial parses its command with (never opened: records are read
    /// from standard input).
    static let recordsPlaceholder = "/dev/stdin"

    /// Options that shape only the report, with whether they take a value.
    static let reportOnlyOptions: [String: Bool] = [
        "--format": true, "-o": true, "--output": true, "--quiet": false, "--jobs": true,
    ]

    /// The hash of `--links`, when given.
    let links: UInt64?

    /// Parses `arguments` (`COMMAND ARGS [FILES]`).
    ///
    /// - Parameter filesAllowed: whether file arguments may follow (merge's partials); they must
    ///   come last.
    /// - Throws: argument-parser's errors for ARGS the command refuses; a usage error (exit 2) for a
    ///   command `atk dist` does not run, or for relative `--since`/`--until` times.
    init(_ arguments: [String], filesAllowed: Bool, links: UInt64? = nil) throws {
        // dist partial's dump is its standard input: the command is parsed as reading a file
        // there, which --identity stitched accepts and after which a one-node funnel --path
        // pattern is told from a file, as in a single run with files.
        let refusal = CommandError(
            "atk dist runs \(Self.supported.joined(separator: ", ")); not '\(arguments.prefix(2).joined(separator: " "))'",
            exit: CommandExit.usage)
        // An unknown command is refused before parsing: argument-parser would name the records
        // placeholder among the unexpected arguments.
        let named = Self.supported.contains { name in
            let words = name.split(separator: " ").map(String.init)
            // `report` runs `report run`, its default subcommand; `elements` and `paths` have none.
            let needed = words.first == "report" ? 1 : words.count
            return arguments.count >= needed && Array(arguments.prefix(needed)) == Array(words.prefix(needed))
        }
        guard named else { throw refusal }
        let parsed = try ATK.parseAsRoot(filesAllowed ? arguments : arguments + [Self.recordsPlaceholder])
        guard let command = parsed as? any DistributableCommand else { throw refusal }
        self.command = command
        self.links = links
        try command.checkDistributable()
        if command.countsPersons != (links != nil) {
            throw CommandError(
                command.countsPersons
                    ? "--identity stitched in atk dist needs --links FILE before the command: the merged partial of "
                        + "atk dist partial identities over the same records (Docs/distributed.md)"
                    : "--links is for --identity stitched", exit: CommandExit.usage)
        }
        let input = try command.readInput()
        var files = input.files
        if !filesAllowed {
            guard files == [Self.recordsPlaceholder] else {
                throw CommandError(
                    "atk dist partial reads shard records on standard input: give no files "
                        + "(\(files.dropLast().joined(separator: " ")))", exit: CommandExit.usage)
            }
            files = []
        }
        guard arguments.count >= files.count, Array(arguments.suffix(files.count)) == files else {
            throw CommandError("give the partial files last, after the command's options", exit: CommandExit.usage)
        }
        for (option, value) in [("--since", input.since), ("--until", input.until)] {
            if let value, value.hasPrefix("-") {
                throw CommandError(
                    "\(option) \(value) depends on when each step runs; atk dist needs a date or time (2026-09-01T08:00)",
                    exit: CommandExit.usage)
            }
        }
        var kept: [String] = []
        var skipValue = false
        for argument in arguments.dropLast(files.count) {
            if skipValue {
                skipValue = false
                continue
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let takesValue = Self.reportOnlyOptions[name] {
                skipValue = takesValue && !argument.contains("=")
                continue
            }
            if argument.hasPrefix("-o") && argument.count > 2 && !argument.hasPrefix("--") { continue }
            kept.append(argument)
        }
        stateArguments = kept
    }

    /// The command's name in partial headers.
    var name: String { type(of: command).distName }

    /// FNV-1a 64 of the state arguments (each followed by a NUL) and of the selection's bounds
    /// as milliseconds (`today` resolves differently after midnight).
    func optionsHash() throws -> UInt64 {
        Self.hash(stateArguments: stateArguments, selection: try command.readInput().selection(), links: links)
    }

    /// FNV-1a 64 of the arguments (each followed by a NUL), of the selection's bounds, and of
    /// the links' hash (`--links`).
    static func hash(stateArguments: [String], selection: EventSelection = EventSelection(), links: UInt64? = nil)
        -> UInt64
    {
        var text = stateArguments.map { $0 + "\u{0}" }.joined()
        text += "since=\(selection.since.map(String.init) ?? "-")\u{0}until=\(selection.until.map(String.init) ?? "-")"
        if let links { text += "\u{0}links=\(DistPartial.hex(links))" }
        return BucketHash.fnv1a64(text.utf8)
    }
}

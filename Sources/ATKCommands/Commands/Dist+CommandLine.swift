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
        RetentionCommand.self, IdentitiesCommand.self,
    ]

    /// Their names as typed (`stats`, `elements verify`).
    static var supported: [String] { commands.map { $0.distName.replacingOccurrences(of: ".", with: " ") } }

    /// The parsed command.
    let command: any DistributableCommand
    /// The arguments that shape the state: ARGS without the file arguments and without the
    /// options that only shape the report (`--format`, `-o`, `--quiet`, `--jobs`).
    let stateArguments: [String]

    /// Options that shape only the report, with whether they take a value.
    static let reportOnlyOptions: [String: Bool] = [
        "--format": true, "-o": true, "--output": true, "--quiet": false, "--jobs": true,
    ]

    /// Parses `arguments` (`COMMAND ARGS [FILES]`).
    ///
    /// - Parameter filesAllowed: whether file arguments may follow (merge's partials); they must
    ///   come last.
    /// - Throws: argument-parser's errors for ARGS the command refuses; a usage error (exit 2) for a
    ///   command `atk dist` does not run, or for relative `--since`/`--until` times.
    init(_ arguments: [String], filesAllowed: Bool) throws {
        let parsed = try ATK.parseAsRoot(arguments)
        guard let command = parsed as? any DistributableCommand else {
            throw CommandError(
                "atk dist runs \(Self.supported.joined(separator: ", ")); not '\(arguments.prefix(2).joined(separator: " "))'",
                exit: CommandExit.usage)
        }
        self.command = command
        try command.checkDistributable()
        let input = try command.readInput()
        let files = input.files
        if !filesAllowed && !files.isEmpty {
            throw CommandError(
                "atk dist partial reads shard records on standard input: give no files (\(files.joined(separator: " ")))",
                exit: CommandExit.usage)
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
        let selection = try command.readInput().selection()
        var text = stateArguments.map { $0 + "\u{0}" }.joined()
        text += "since=\(selection.since.map(String.init) ?? "-")\u{0}until=\(selection.until.map(String.init) ?? "-")"
        return BucketHash.fnv1a64(text.utf8)
    }
}

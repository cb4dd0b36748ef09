import ArgumentParser

/// The `atk` root command.
public struct ATK: ParsableCommand {
    /// The tool's version, printed by `--version` and in every JSON report.
    public static let version = "0.1.0"

    /// The command name, the help text and the subcommands, one per analysis.
    public static let configuration = CommandConfiguration(
        commandName: "atk",
        abstract: "Analyse the event dumps written by mobile autotrack analytics SDKs.",
        discussion: """
            Input is one JSON event per line (Sensors Analytics format), plain, gzip or zstd (detected \
            by content), from files, directories (every *.jsonl, *.json, *.log, *.gz, *.zst inside) or - \
            for standard input.

            Exit codes: 0 clean, 1 findings (commands that judge), 2 usage error, 3 unreadable input.
            Every command prints text for people, or JSON with --format json. See Docs/.
            """,
        version: version,
        subcommands: [
            StatsCommand.self, ValidateCommand.self, Elements.self, FunnelCommand.self, ImpressionsCommand.self,
            Plan.self, GenerateCommand.self,
            Paths.self,
            IdentitiesCommand.self,
            SessionsCommand.self,
            RetentionCommand.self,
            Report.self,
            Dist.self,
        ]
    )

    /// The root command with no options of its own (argument-parser fills in subcommands).
    public init() {}
}

import ArgumentParser

/// `atk report`: the nightly job in one command (one read, one config, HTML/JSON/JUnit, alerts).
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Run every analysis a config names in one read; write HTML, JSON and JUnit; judge alerts.",
        discussion: """
            atk report --config atk-report.yaml FILES -o DIR runs the config's sections (stats, \
            validate, funnels, path funnels, impressions, elements) in one read and writes \
            DIR/report.html, DIR/report.json and DIR/junit.xml. atk report init FILES writes a \
            starter config. Docs/report.md has the config reference and every metric.
            """,
        subcommands: [Run.self, Init.self],
        defaultSubcommand: Run.self
    )
}

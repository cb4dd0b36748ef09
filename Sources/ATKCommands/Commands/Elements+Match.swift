import ATKCore
import ArgumentParser
import Foundation

extension Elements {
    /// `atk elements match`: `$AppClick` events per visual event of a visualized-autotrack config.
    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "match",
            abstract: "Count $AppClick events and users per visual event of a Sensors visualized-autotrack config.",
            discussion: """
                The config is the Sensors visualized-autotrack format: events[] with event_name, \
                event_type and event {element_path, screen_name, element_position, element_content, \
                limit_element_position, limit_element_content, h5}. A click matches when its \
                $screen_name and $element_path equal the rule's, and its position and content too \
                when the rule limits them. Identifiers are rebuilt from $responder_chain when the \
                event has a valid one (--recorded-identifiers: the recorded ones); $element_content \
                is the recorded one. Every configured event is listed in config order, zero \
                included; H5 and non-appclick events are listed as not matchable.

                Examples:
                  atk elements match --config visualized.json dump.jsonl.gz
                  atk elements match --config visualized.json --format json logs/

                Exit codes: 0, 2 usage error or a config that is not valid, 3 an input or the \
                config was unreadable.
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>
        @OptionGroup var identifiers: IdentifierOptions

        @Option(help: ArgumentHelp("The visualized-autotrack config (JSON).", valueName: "FILE"))
        var config: String

        func run() throws { try runSingle() }
    }
}

extension Elements.Match: SingleAnalysisCommand, WritesReport {
    func makeAnalysis(persons _: IdentityGraph?) throws -> VisualEventCounter {
        let data = try ConfigFile.read(config)
        do {
            return try VisualEventCounter(
                configJSON: data, useRecordedIdentifiers: identifiers.recordedIdentifiers)
        } catch {
            throw CommandError("\(config): \(error.description)", exit: CommandExit.usage)
        }
    }

    func finish(_ counter: VisualEventCounter, reports: [FileReport], unreadable: Bool, to output: ReportOutput) throws
    {
        let report = ElementsMatchReport(
            counter: counter, config: config, recordedIdentifiers: identifiers.recordedIdentifiers, reports: reports
        )
        try output.emit(report.render(outputOptions.format))
        if unreadable { throw CommandExit.unreadableInput }
    }
}

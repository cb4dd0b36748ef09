import ATKCore
import ArgumentParser

extension Report {
    /// `atk report init FILES > atk-report.yaml`: a commented starter config from a dump.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented starter report config from what a dump holds.",
            discussion: """
                Reads the dump once (its event names) and prints a config with the sections \
                that fit it: validate always, a funnel of its launch, page view and most common \
                own event, impressions when it has $AppExposure, elements when it has \
                $AppClick, and alerts on their metrics. Edit it, then run atk report --config.

                Examples:
                  atk report init dump.jsonl.gz > atk-report.yaml
                  atk report init -o atk-report.yaml logs/

                Exit codes: 0, 2 usage error, 3 an input was unreadable.
                """
        )

        @OptionGroup var input: InputOptions
        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>

        func validate() throws {
            guard outputOptions.format == .text else {
                throw ValidationError("report init writes YAML: leave out --format")
            }
        }

        func run() throws {
            var stats = StatsCollector(maxExamples: 0)
            let inputs = try input.resolve(writing: outputOptions.outputs)
            let output = try outputOptions.open()
            let (reports, unreadable) = input.read(inputs, into: &stats)
            try output.emit(Self.config(stats: stats, reports: reports))
            if unreadable { throw CommandExit.unreadableInput }
        }

        /// The starter config for a dump with these counts.
        static func config(stats: StatsCollector, reports: [FileReport]) -> String {
            let names = Set(stats.eventRows.map(\.event))
            let own = stats.eventRows.first { !$0.event.hasPrefix("$") && !$0.event.isEmpty }?.event
            let steps = ["$AppStart", "$AppViewScreen"].filter(names.contains) + (own.map { [$0] } ?? [])
            let files = reports.map(\.source.displayName).joined(separator: ", ")
            var out = """
                # atk report config (Docs/report.md), written by `atk report init` from
                # \(Self.comment(files)): \(stats.events) events, \(stats.userCount) users.
                # Each key of a section is that command's option: max_examples: 5 is --max-examples 5.
                # Paths are relative to this file. Run: atk report --config THIS_FILE DUMPS -o DIR
                title: \(Self.quoted("atk report"))

                # stats always runs; set its options here.
                stats: {max_examples: 10}

                # Validation; add plan: plan.json to check a tracking plan (atk plan infer writes one).
                validate: {max_examples: 5}

                """
            var alerts = [
                "{metric: stats.malformed_line_rate, above: 0.001}", "{metric: validate.error_line_rate, above: 0.01}",
            ]
            if steps.count >= 2 {
                out += """
                    # Event funnels: steps in order (filters as in atk funnel), window, mode, count, by, ...
                    funnels:
                      - name: main
                        steps: [\(steps.map(Self.quoted).joined(separator: ", "))]
                        window: 1h

                    """
                alerts.append("{metric: funnels.main.conversion, falls_by: 0.2}")
            }
            out += """
                # Action-path funnels: conversions by their user_action_path (atk funnel --path).
                # path_funnels:
                #   - {name: cart_paths, conversion: AddToCart}

                """
            if names.contains("$AppExposure") {
                out += "# Duplicate and missing impressions per page view.\nimpressions: {policy: once-per-view}\n\n"
                alerts.append("{metric: impressions.duplicate_rate, rises_by: 0.5}")
            }
            if names.contains("$AppClick") {
                out +=
                    "# Identifiers rebuilt from $responder_chain; add visualized: visualized.json to count visual events.\n"
                    + "elements: {max_examples: 10}\n\n"
                alerts.append("{metric: elements.verify.difference_rate, above: 0.01}")
            }
            out += """
                # Alerts: above/below fire when the value is strictly beyond the threshold; rises_by and
                # falls_by are relative changes from --baseline (0.5 = 50 %); no baseline: not evaluated.
                alerts:

                """
            return out + alerts.map { "  - \($0)\n" }.joined()
        }

        /// A YAML double-quoted scalar (JSON's string syntax, which YAML reads the same).
        static func quoted(_ text: String) -> String {
            var out = ""
            JSONOutput.writeString(text, to: &out)
            return out
        }

        /// `text` on one comment line.
        private static func comment(_ text: String) -> String {
            String(text.map { $0.isNewline ? " " : $0 })
        }
    }
}

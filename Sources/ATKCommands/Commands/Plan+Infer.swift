import ATKCore
import ArgumentParser
import Foundation

extension Plan {
    /// `atk plan infer`: a draft plan from a dump.
    struct Infer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "infer",
            abstract: "Write a draft tracking plan from a dump, for a human to review.",
            discussion: """
                Every track event becomes a schema of its properties: the JSON types seen, \
                "required" for properties present in at least --required-share of the event's \
                occurrences (those with a properties object, which is what validate --plan \
                checks), "enum" for string properties with at most --max-enum values, and \
                "x-atk" annotations (occurrences, presence share, type counts) to review. Validating \
                the same dump against the plan reports no plan.* errors, except for properties \
                required by share that some events lack: those are listed on standard error (use \
                --required-share 1 to require only properties every event has).

                Examples:
                  atk plan infer dump.jsonl.gz -o plan.json
                  atk plan infer --required-share 1 --max-enum 5 logs/ -o plan.json
                  atk validate --plan plan.json tomorrow.jsonl.gz

                Exit codes: 0 written, 2 usage error, 3 an input was unreadable (the plan is still \
                written from what was read).
                """
        )

        @OptionGroup var input: InputOptions

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("Write the plan to FILE (- for standard output).", valueName: "FILE"))
        var output: String = "-"

        @Option(help: "Share of an event's occurrences a property must be present in to be required (0 to 1).")
        var requiredShare = 0.99

        @Option(help: "Most distinct values a string property may have to become an enum (0 to 1,000,000).")
        var maxEnum = 20

        func validate() throws {
            guard (0...1).contains(requiredShare) else {
                throw ValidationError("--required-share must be between 0 and 1")
            }
            try OptionRange.check("--max-enum", maxEnum, in: OptionRange.count)
        }

        func run() throws {
            var inferrer = PlanInferrer(requiredShare: requiredShare, maxEnum: maxEnum)
            let inputs = try input.resolve(writing: [("-o", output)])
            let plan = try OutputFile.opening(output)
            let (_, unreadable) = input.read(inputs, into: &inferrer)
            try write(inferrer, to: plan)
            for gap in inferrer.partlyMissingRequired {
                Terminal.diagnose(
                    Self.gapMessage(
                        event: gap.event, property: gap.property,
                        present: gap.present, checked: gap.checked))
            }
            if unreadable { throw CommandExit.unreadableInput }
        }

        /// Writes the plan piece by piece (a plan of millions of properties is never one text in
        /// memory) through the output mechanism, which renames a file into place only when complete.
        private func write(_ inferrer: PlanInferrer, to plan: OutputFile) throws {
            do {
                try inferrer.write(indent: 2) { (text: String) throws(OutputError) in try plan.write(text) }
                try plan.commit()
            } catch let error as OutputError {
                plan.discard()
                throw CommandError(error)
            }
        }

        /// The note for a property required by share that some of the event's occurrences lack.
        static func gapMessage(event: String, property: String, present: Int, checked: Int) -> String {
            let share = Terminal.percent(Double(present) / Double(checked), decimals: 2)
            return "\(event).\(property) is required (present in \(share) of \(checked)); "
                + "the plan flags the \(checked - present) events without it"
        }
    }
}

import ATKCore
import ATKSchema
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

                With --update PLAN, the plan file PLAN is extended instead: events and properties it \
                does not list (nor its common) are added with their inferred schemas, and string \
                values missing from an existing enum are appended to it; every change is named on \
                standard error. Everything else is kept as written, in its order (descriptions, x- \
                annotations, required, $defs), so plan diff PLAN NEW shows only compatible changes. \
                The result goes to -o, never over PLAN (Docs/plan.md#updating-a-plan).

                Examples:
                  atk plan infer dump.jsonl.gz -o plan.json
                  atk plan infer --required-share 1 --max-enum 5 logs/ -o plan.json
                  atk validate --plan plan.json tomorrow.jsonl.gz
                  atk plan infer --update plan.json tomorrow.jsonl.gz -o plan-next.json

                Exit codes: 0 written, 2 usage error (also -o naming PLAN), 3 an input or PLAN was \
                unreadable (the plan is still written from what was read; not when PLAN was).
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

        @Option(
            help: ArgumentHelp(
                "Extend the plan file PLAN with what the dump shows (new events, properties, enum values) instead.",
                valueName: "PLAN"))
        var update: String?

        func validate() throws {
            guard (0...1).contains(requiredShare) else {
                throw ValidationError("--required-share must be between 0 and 1")
            }
            try OptionRange.check("--max-enum", maxEnum, in: OptionRange.count)
        }

        func run() throws {
            var inferrer = PlanInferrer(requiredShare: requiredShare, maxEnum: maxEnum)
            let inputs = try input.resolve(writing: [("-o", output)])
            let base = try update.map(Self.loadBase)
            if let update {
                do {
                    _ = try OutputGuard.check([("-o", output)], against: InputSource.resolve([update]))
                } catch {
                    throw CommandError(error)
                }
            }
            let plan = try OutputFile.opening(output)
            let (_, unreadable) = input.read(inputs, into: &inferrer)
            if let base {
                try write(inferrer.update(base), to: plan)
                if unreadable { throw CommandExit.unreadableInput }
                return
            }
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

        /// The plan `--update` names, parsed, and checked to be a plan (exit 3 when it is not).
        private static func loadBase(_ path: String) throws -> JSONValue {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CommandError(
                    "plan \(PathName.display(path)): --update takes a plan file, not a directory",
                    exit: CommandExit.unreadableInput)
            }
            do {
                let json = try TrackingPlan.readJSON(path)
                _ = try TrackingPlan(json: json, file: path)
                return json
            } catch {
                throw CommandError("plan \(error.description)", exit: CommandExit.unreadableInput)
            }
        }

        /// Writes an updated plan and names each change on standard error.
        private func write(_ updated: (plan: JSONOutput, changes: [PlanUpdateChange]), to plan: OutputFile) throws {
            do {
                try plan.write(updated.plan.serialized(indent: 2) + "\n")
                try plan.commit()
            } catch {
                plan.discard()
                throw CommandError(error)
            }
            for change in updated.changes { Terminal.diagnose(change.description) }
            Terminal.diagnose(
                updated.changes.isEmpty
                    ? "the plan already covers the dump: no changes" : "\(updated.changes.count) changes")
        }

        /// The note for a property required by share that some of the event's occurrences lack.
        static func gapMessage(event: String, property: String, present: Int, checked: Int) -> String {
            let share = Terminal.percent(Double(present) / Double(checked), decimals: 2)
            return "\(event).\(property) is required (present in \(share) of \(checked)); "
                + "the plan flags the \(checked - present) events without it"
        }
    }
}

import ATKCore
import ATKSchema
import ArgumentParser

extension Plan {
    /// `atk plan diff`: what changed between two plans, and whether it breaks events that met the old one.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two tracking plans: every change, classed breaking or compatible.",
            discussion: """
                Events and properties added and removed, required keys added and removed, and each \
                property's type, enum (or const) and pattern, following local $refs. A change is \
                breaking when an event that met OLD can fail NEW (a removed event or property, a \
                narrowed type or enum, a new required property, a new or changed pattern), \
                compatible otherwise (a new optional property, a widened type or enum). Every kind \
                and its class: Docs/plan.md#comparing-plans. OLD and NEW are plan files or \
                directories, as validate --plan reads them.

                Examples:
                  atk plan diff plan-v1.json plan-v2.json
                  atk plan diff --fail-on breaking --format json main/plan/ branch/plan/

                Exit codes: 0 (also with changes, unless --fail-on), 1 a change of the --fail-on \
                class, 2 usage error, 3 a plan unreadable or not a plan.
                """
        )

        /// Which changes make the command exit 1.
        enum FailOn: String, ExpressibleByArgument, CaseIterable {
            case breaking, any
        }

        @Argument(help: "The old plan: a JSON file or a directory of <event>.json schemas.")
        var old: String

        @Argument(help: "The new plan, likewise.")
        var new: String

        @OptionGroup var outputOptions: OutputOptions<TextOrJSONFormat>

        @Option(help: "Exit 1 when there is a breaking change (breaking) or any change (any).")
        var failOn: FailOn?

        func run() throws {
            do {
                _ = try OutputGuard.check(outputOptions.outputs, against: InputSource.resolve([old, new]))
            } catch {
                throw CommandError(error)
            }
            let output = try outputOptions.open()
            let before: PlanDocument
            let after: PlanDocument
            do {
                before = try PlanDocument.load(path: old)
                after = try PlanDocument.load(path: new)
            } catch {
                throw CommandError("plan \(error.description)", exit: CommandExit.unreadableInput)
            }
            let changes = PlanDiff.changes(from: before, to: after)
            let report = PlanDiffReport(old: PathName.display(old), new: PathName.display(new), changes: changes)
            try output.emit(report.render(outputOptions.format))
            switch failOn {
            case .breaking where report.breaking > 0, .any where !changes.isEmpty: throw CommandExit.findings
            default: return
            }
        }
    }
}

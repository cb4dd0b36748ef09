import ATKCore
import ArgumentParser

/// `atk plan`: tracking plans (JSON Schema per event).
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Work with tracking plans (JSON Schema per event).",
        discussion: """
            A plan is one JSON file {"events": {"<event>": <schema of its properties>}, \
            "common": <schema>, "$defs": {...}} or a directory of <event>.json schemas \
            (Docs/plan.md). Check a dump against one with atk validate --plan PLAN; compare two \
            with atk plan diff OLD NEW; extend one from a dump with atk plan infer --update PLAN.
            """,
        subcommands: [Infer.self, Diff.self]
    )
}

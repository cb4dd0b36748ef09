import ATKCore
import ArgumentParser

/// `atk elements`: element identifiers rebuilt from `$responder_chain`, and what depends on them.
struct Elements: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "elements",
        abstract: "Rebuild element identifiers from $responder_chain; verify, fix, count and match them.",
        discussion: """
            iOS autotrack clicks and exposures may carry $responder_chain, the raw UIKit responder \
            chain ("Class|kind|index|Sib0,Sib1,...|section:row", touched responder first). atk \
            rebuilds $element_path, $element_position and $screen_name from it with the Sensors \
            iOS SDK 4.9.1 rules (Docs/elements.md) and keys every element analysis on the rebuilt \
            identifiers when a valid chain is there, on the recorded ones otherwise.

            Examples:
              atk elements verify dump.jsonl.gz
              atk elements rebuild dump.jsonl.gz --fix -o fixed.jsonl.gz
              atk elements top --top 20 dump.jsonl.gz
              atk elements match --config visualized.json dump.jsonl.gz
              atk elements drift dump.jsonl.gz
            """,
        subcommands: [
            Verify.self, Rebuild.self, Top.self, Match.self, Drift.self,
        ]
    )
}

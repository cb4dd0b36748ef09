import Testing

@testable import ATKCommands

@Suite("atk dist's COMMAND ARGS")
struct DistCommandLineTests {
    /// The message `atk dist partial ARGS` is refused with, or nil when accepted.
    private func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try DistCommandLine(arguments, filesAllowed: false)
            return nil
        } catch {
            return ATK.message(for: error)
        }
    }

    @Test(
        "an unknown command is named, and the records placeholder never is",
        arguments: [["nosuch"], ["elements", "nosuch"], ["paths"], ["generate", "--users", "3"], []])
    func unknownCommand(arguments: [String]) throws {
        let message = try #require(refusal(arguments))
        #expect(message.hasPrefix("atk dist runs stats, validate"), "\(message)")
        #expect(!message.contains(DistCommandLine.recordsPlaceholder), "\(message)")
    }

    @Test("the help's list of commands is every command atk dist runs, in order")
    func helpList() {
        #expect(DistCommandLine.supportedList == DistCommandLine.supported.joined(separator: ", "))
        #expect(Dist.configuration.discussion.contains("Commands: \(DistCommandLine.supportedList)."))
    }

    @Test("report runs its default subcommand; elements and paths need theirs")
    func subcommands() {
        #expect(refusal(["report", "--config", "r.yaml", "-o", "out"]) == nil)
        #expect(refusal(["elements", "verify"]) == nil)
        #expect(refusal(["paths", "verify", "--config", "nav.json"]) == nil)
    }
}

import ATKCore
import ArgumentParser

/// An error the command layer reports itself, with its exit code.
struct CommandError: Error, CustomStringConvertible {
    /// The message, printed as an `atk:` diagnostic.
    var description: String
    /// The documented exit code (``CommandExit``).
    var exit: ExitCode

    init(_ description: String, exit: ExitCode) {
        self.description = description
        self.exit = exit
    }

    /// An output error: refused outputs are usage errors (2), failures unwritable output (3).
    init(_ error: OutputError) {
        self.init(error.description, exit: error.kind == .refused ? CommandExit.usage : CommandExit.unreadableInput)
    }
}

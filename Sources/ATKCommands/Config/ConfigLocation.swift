import Yams

/// A place in a report config: its file, line and column (both from 1).
struct ConfigLocation: Sendable, Equatable {
    /// The config file, as given.
    var file: String
    /// The line, from 1.
    var line: Int
    /// The column, from 1 (in Unicode scalars).
    var column: Int

    /// A place given by its numbers.
    init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The place of `node` in `file` (line 1, column 1 when the parser gave none).
    init(_ node: Node, file: String) {
        self.file = file
        line = node.mark?.line ?? 1
        column = node.mark?.column ?? 1
    }

    /// A usage error (exit 2) at this place: `file:line:column: message`.
    func error(_ message: String) -> CommandError {
        CommandError("\(file):\(line):\(column): \(message)", exit: CommandExit.usage)
    }
}

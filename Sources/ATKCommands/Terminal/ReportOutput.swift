import ATKCore

/// Where a report goes, opened before reading: ``emit(_:)`` writes it and commits the file.
struct ReportOutput {
    /// The file (or standard output) the report is written to.
    let file: OutputFile
    /// Whether the report is text for people (``ReportFormat/isText``), whose layout is sanitized.
    let isText: Bool

    /// Writes the report, ending with a line end, and renames the file into place.
    ///
    /// Text reports pass through ``TerminalText/sanitizedLayout(_:)``: no control character but line
    /// ends and tabs reaches a terminal, whatever the data held.
    func emit(_ text: String) throws {
        var text = isText ? TerminalText.sanitizedLayout(text) : text
        if !text.hasSuffix("\n") { text += "\n" }
        do {
            try file.write(text)
            try file.commit()
        } catch {
            file.discard()
            throw CommandError(error.description, exit: CommandExit.unreadableInput)
        }
    }
}

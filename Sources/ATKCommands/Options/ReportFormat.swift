import ArgumentParser

/// The output formats one command writes, as its `--format` values.
///
/// Each command has its own enum listing only what it writes, so argument-parser rejects any
/// other value with the list of valid ones, and a report's `render` switch has no case it
/// cannot write.
protocol ReportFormat: ExpressibleByArgument, CaseIterable, RawRepresentable<String>, Equatable, Sendable {
    /// Text for people: every command writes it, and it is the default.
    static var text: Self { get }
    /// `--format`'s help line: what each format is for.
    static var help: String { get }
}

extension ReportFormat {
    /// Whether the report is text for a terminal, whose layout ``ReportOutput`` sanitizes (no
    /// control character from data reaches the terminal); machine formats pass through as rendered.
    var isText: Bool { self == .text }
}

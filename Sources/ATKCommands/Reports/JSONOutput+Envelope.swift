import ATKCore

extension JSONOutput {
    /// The standard envelope of every JSON report: `tool`, `command`, `version`,
    /// `schema_version` first, then the report's own `members`.
    static func envelope(command: String, _ members: [(String, JSONOutput)]) -> JSONOutput {
        .object(
            [
                ("tool", .string("atk")), ("command", .string(command)), ("version", .string(ATK.version)),
                ("schema_version", .int(1)),
            ] + members)
    }
}

/// One finding kept for the report: where, which event, the offending value and why.
public struct ValidationExample: Sendable, Equatable {
    /// The line reported.
    public var location: LineLocation
    /// The line's `event`, when it has a string one.
    public var event: String?
    /// The offending value, shortened for display; nil when there is none to show.
    public var value: String?
    /// One line: why the line is reported.
    public var message: String
    /// Further named fields for checks that have them (a plan violation's `instance_path`
    /// and `schema_path`), in order.
    public var details: [(String, String)]

    /// An example; `details` default to none.
    public init(
        location: LineLocation, event: String?, value: String?, message: String, details: [(String, String)] = []
    ) {
        self.location = location
        self.event = event
        self.value = value
        self.message = message
        self.details = details
    }

    /// Whether two examples hold the same fields (details compared in order).
    public static func == (lhs: ValidationExample, rhs: ValidationExample) -> Bool {
        lhs.location == rhs.location && lhs.event == rhs.event && lhs.value == rhs.value && lhs.message == rhs.message
            && lhs.details.map(\.0) == rhs.details.map(\.0) && lhs.details.map(\.1) == rhs.details.map(\.1)
    }

    /// At most 80 characters of `text`, with `…` when cut.
    public static func shortened(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(79)) + "…" : text
    }
}

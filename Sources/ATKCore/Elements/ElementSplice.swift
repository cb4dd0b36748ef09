import ATKElements

/// Rewrites one event line with rebuilt identifiers as a byte splice: only the bytes of the
/// values that change, and the members that are added, differ from the input line.
///
/// A missing field (absent, or `null`) is filled in: a `null` value is replaced in place, an
/// absent one is appended as the last member of `properties`, in the order `$element_path`,
/// `$element_position`, `$screen_name`. With `fix`, a recorded value that differs from the
/// rebuilt one is replaced in place. Fields the rebuild has no value for are never touched.
public struct ElementSplice: Sendable, Equatable {
    /// The rewritten line (without line end).
    public var bytes: [UInt8]
    /// Fields filled in, per ``ElementField`` (by raw value).
    public var added = [0, 0, 0]
    /// Fields replaced because they differed, per ``ElementField``.
    public var replaced = [0, 0, 0]

    /// The line rewritten with `identity`'s values, or nil when nothing changes.
    ///
    /// - Parameters:
    ///   - event: the event.
    ///   - found: its properties (``ElementProperties/object`` must be set to change anything).
    ///   - identity: the identifiers rebuilt from its chain.
    ///   - fix: also replace recorded values that differ.
    /// - Complexity: O(line length) when the line changes; O(fields) otherwise.
    public static func rewrite(
        _ event: Event, _ found: ElementProperties, with identity: ElementIdentity, fix: Bool
    ) -> ElementSplice? {
        guard let properties = found.object, let lineStart = event.line.baseAddress else { return nil }
        var edits: [(range: Range<Int>, replacement: [UInt8])] = []
        var appended: [UInt8] = []
        var splice = ElementSplice(bytes: [])
        for field in ElementField.allCases {
            let recorded = found[field]
            guard let rebuilt = field.rebuilt(identity) else { continue }
            switch ElementField.compare(recorded: recorded, rebuilt: rebuilt) {
            case .agrees, .unjudged:
                continue
            case .mismatch where !fix:
                continue
            case .mismatch, .missing:
                let value = jsonString(rebuilt)
                if let recorded, let start = recorded.sourceBytes.baseAddress {
                    let offset = lineStart.distance(to: start)
                    edits.append((offset..<offset + recorded.sourceBytes.count, value))
                } else {
                    if properties.count > 0 || !appended.isEmpty { appended.append(UInt8(ascii: ",")) }
                    appended += jsonString(field.propertyName.description) + [UInt8(ascii: ":")] + value
                }
                if recorded == nil || recorded?.kind == .null {
                    splice.added[field.rawValue] += 1
                } else {
                    splice.replaced[field.rawValue] += 1
                }
            }
        }
        if !appended.isEmpty, let start = properties.sourceBytes.baseAddress {
            // Before the closing brace of `properties`.
            let close = lineStart.distance(to: start) + properties.sourceBytes.count - 1
            edits.append((close..<close, appended))
        }
        guard !edits.isEmpty else { return nil }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(event.line.count + appended.count + 64)
        var position = 0
        for edit in edits {
            bytes += event.line[position..<edit.range.lowerBound]
            bytes += edit.replacement
            position = edit.range.upperBound
        }
        bytes += event.line[position...]
        splice.bytes = bytes
        return splice
    }

    /// `value` as a JSON string literal.
    static func jsonString(_ value: String) -> [UInt8] {
        var text = ""
        JSONOutput.writeString(value, to: &text)
        return Array(text.utf8)
    }
}

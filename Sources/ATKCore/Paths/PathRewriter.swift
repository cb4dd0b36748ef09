/// Copies a dump line by line, writing the rebuilt action path into the conversions that lack
/// one (and with `fix`, those whose recorded path differs): `atk paths rebuild`'s second pass.
///
/// The paths come from a ``NavigationReplay`` of the same inputs (the first pass): the path at a
/// conversion depends on the user's events before it in time, which may come later in the
/// input, so the whole history is replayed before anything is written, and lines are then
/// written in input order (``LineCopier``: line numbers stay). A rewritten path is a list of
/// `NODE` / `NODE#entity` strings (the form a Sensors property can hold), spliced over the
/// recorded value or appended as the last member of `properties`; every other byte of the line
/// stays. Every other line, malformed ones included, is copied byte for byte. An empty rebuilt
/// path is never written.
///
/// Memory: the rebuilt paths of the conversions to rewrite.
public struct PathRewriter: DumpVisitor {
    /// Conversions whose missing path was filled in.
    public private(set) var filled = 0
    /// Conversions whose differing path was replaced (only with `fix`).
    public private(set) var fixed = 0
    /// Conversions that do not match left as they were: unrebuildable (an empty stack), an empty
    /// rebuilt path, a mismatch without `fix`, or `properties` not an object.
    public private(set) var left = 0
    /// Malformed lines, copied as they were.
    public private(set) var malformedLines = 0
    /// Lines written, blank ones included.
    public var lines: Int { copier.lines }
    /// The first write error; nothing more is written after it.
    public var writeError: OutputError? { copier.writeError }

    private var copier: LineCopier
    private let pathProperty: String
    private let pathKey: [UInt8]
    private var rewrites: [LineLocation: (path: [UInt8], isFill: Bool)] = [:]

    /// - Parameters:
    ///   - replay: the first pass over the same inputs.
    ///   - pathProperty: the property the path is written to.
    ///   - fix: also replace recorded paths that differ from the rebuilt ones.
    ///   - writer: where lines go; the caller closes it.
    public init(replay: NavigationReplay, pathProperty: String, fix: Bool, writer: DumpWriter) {
        copier = LineCopier(writer: writer)
        self.pathProperty = pathProperty
        pathKey = ElementSplice.jsonString(pathProperty)
        for conversion in replay.conversions {
            let isFill: Bool
            switch PathOutcome(recorded: conversion.recorded, rebuilt: conversion.rebuilt) {
            case .match: continue
            case .missing: isFill = true
            case .mismatch: isFill = false
            case .unrebuildable:
                left += 1
                continue
            }
            guard let rebuilt = conversion.rebuilt, !rebuilt.isEmpty, isFill || fix else {
                left += 1
                continue
            }
            var text = "["
            for (index, node) in rebuilt.enumerated() {
                if index > 0 { text += "," }
                JSONOutput.writeString(node, to: &text)
            }
            rewrites[conversion.location] = (Array((text + "]").utf8), isFill)
        }
    }

    /// Writes one event's line, with its path rewritten when the first pass said so.
    ///
    /// - Complexity: O(1) for a line not rewritten; O(line length) for one that is.
    public mutating func visit(_ event: Event) {
        guard let rewrite = rewrites[event.location] else { return copier.write(event.line, at: event.location) }
        guard let bytes = splice(event, rewrite.path) else {
            left += 1
            return copier.write(event.line, at: event.location)
        }
        if rewrite.isFill { filled += 1 } else { fixed += 1 }
        bytes.withUnsafeBytes { copier.write($0, at: event.location) }
    }

    /// Counts a malformed line and writes it through unchanged.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformedLines += 1
        copier.write(line.bytes, at: line.location)
    }

    /// The line with `path` over the recorded value, or appended to `properties`; nil when
    /// `properties` is not an object.
    private func splice(_ event: Event, _ path: [UInt8]) -> [UInt8]? {
        guard let properties = event.properties, properties.kind == .object, let lineStart = event.line.baseAddress,
            let objectStart = properties.sourceBytes.baseAddress
        else { return nil }
        let range: Range<Int>
        var replacement = path
        if let recorded = properties.member(pathProperty), let start = recorded.sourceBytes.baseAddress {
            let offset = lineStart.distance(to: start)
            range = offset..<offset + recorded.sourceBytes.count
        } else {
            // Before the closing brace of `properties`.
            let close = lineStart.distance(to: objectStart) + properties.sourceBytes.count - 1
            range = close..<close
            replacement = (properties.count > 0 ? [UInt8(ascii: ",")] : []) + pathKey + [UInt8(ascii: ":")] + path
        }
        return Array(event.line[..<range.lowerBound]) + replacement + Array(event.line[range.upperBound...])
    }
}

import ATKCore

/// Visits every value of every parsed line through ``JSONNode``'s public accessors.
///
/// What the parser target checks beyond the scan itself (tape links, member counts, string and number
/// decoding, the envelope's field lookup). Its preconditions are the fuzzer's oracle: a broken
/// invariant of the tape must crash here, where libFuzzer sees it.
struct TreeWalker: DumpVisitor {
    /// Values visited, so the walk cannot be optimized away.
    private(set) var values = 0
    private(set) var malformed = 0

    mutating func visit(_ event: Event) {
        for node in [
            event.type, event.event, event.time, event.distinctId, event.properties, event.lib,
            event.trackId, event.flushTime, event.originalId,
        ] {
            if let node { walk(node) }
        }
        _ = event.timeMilliseconds
        _ = event.isTrackType
        _ = event.property("$screen_name")?.stringValue
        walk(event.root)
    }

    mutating func visitMalformed(_ line: MalformedLine) {
        malformed += 1
        _ = line.reason.description
    }

    /// Walks `root` and everything in it with an explicit stack: nesting is unbounded.
    private mutating func walk(_ root: JSONNode) {
        var stack = [root]
        while let node = stack.popLast() {
            values += 1
            _ = node.sourceBytes.count
            switch node.kind {
            case .string:
                _ = node.stringValue
                _ = node.stringLength
            case .number:
                _ = node.int64Value
                _ = node.doubleValue
                _ = node.isIntegerLiteral
            case .bool:
                _ = node.boolValue
            case .null:
                break
            case .array:
                var count = 0
                for element in node.elements {
                    count += 1
                    stack.append(element)
                }
                precondition(count == node.count, "an array's elements disagree with its count")
            case .object:
                var count = 0
                node.forEachMember { key, value in
                    count += 1
                    _ = key.stringValue
                    // By the decoded bytes: a key's String repairs invalid UTF-8, its bytes do not.
                    precondition(key.withUTF8 { node.member($0) } != nil, "a member is not found by its own key")
                    stack.append(value)
                    return true
                }
                precondition(count == node.count, "an object's members disagree with its count")
            }
        }
    }
}

import ATKSchema

/// A view of one value of a parsed line: typed access without copying or re-parsing.
///
/// A node is valid only while the line it was parsed from is (inside the reader's callback).
/// Make a `String` (``stringValue``) only for what you keep.
public struct JSONNode {
    /// The tape's entries, not the tape: a node is plain data (no reference counting as it is
    /// copied through analyses and schema checks), valid while its line is, like `base`.
    let entries: UnsafeMutablePointer<TapeEntry>
    let base: UnsafeRawPointer
    let index: Int

    init(entries: UnsafeMutablePointer<TapeEntry>, base: UnsafeRawPointer, index: Int) {
        self.entries = entries
        self.base = base
        self.index = index
    }

    init(tape: JSONTape, base: UnsafeRawPointer, index: Int) {
        self.init(entries: tape.entries, base: base, index: index)
    }

    var entry: TapeEntry { entries[index] }

    /// Another value of the same parsed line, by its place on the tape (a node's `index`, kept
    /// by an analysis that looks a member up once and reads it later in the same callback).
    func node(at index: Int) -> JSONNode { JSONNode(entries: entries, base: base, index: index) }

    /// The value's JSON kind.
    public var kind: JSONKind { entry.kind }

    /// The value's bytes as written: a string's body without quotes and undecoded, a number's
    /// digits, a container's whole text.
    public var rawBytes: UnsafeRawBufferPointer {
        let e = entry
        return UnsafeRawBufferPointer(start: base + Int(e.start), count: Int(e.end) - Int(e.start))
    }

    /// The whole value as written in the line, quotes included for strings.
    public var sourceBytes: UnsafeRawBufferPointer {
        let e = entry
        if e.kind == .string {
            return UnsafeRawBufferPointer(start: base + Int(e.start) - 1, count: Int(e.end) - Int(e.start) + 2)
        }
        return rawBytes
    }

    /// True for a string that contains backslash escapes (its raw bytes are not its value).
    public var hasEscapes: Bool { entry.isEscaped }

    /// Calls `body` with the decoded UTF-8 bytes of a string value (raw bytes when unescaped).
    ///
    /// - Complexity: O(1) for strings without escapes; O(n) with an allocation otherwise.
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if !hasEscapes { return try body(rawBytes) }
        let decoded = JSONStringEscapes.unescape(rawBytes)
        return try decoded.withUnsafeBytes { try body($0) }
    }

    /// The decoded string, or nil when the value is not a string.
    public var stringValue: String? {
        guard kind == .string else { return nil }
        return withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The number of Unicode scalars in a string value (what SDK length limits count).
    public var stringLength: Int {
        withUTF8 { bytes in
            var scalars = 0
            for byte in bytes where byte & 0xC0 != 0x80 { scalars += 1 }
            return scalars
        }
    }

    /// True for a number written with no fraction and no exponent (`12`, `-3`, not `12.0`).
    public var isIntegerLiteral: Bool { entry.isInteger }

    /// The exact value of an integer literal that fits in Int64; nil otherwise.
    public var int64Value: Int64? {
        guard isIntegerLiteral else { return nil }
        return JSONDecoding.int64(rawBytes)
    }

    /// The value of any number as a Double; nil when not a number.
    public var doubleValue: Double? {
        guard kind == .number else { return nil }
        if isIntegerLiteral, let exact = JSONDecoding.int64(rawBytes), exact.magnitude < (1 << 53) {
            return Double(exact)
        }
        return JSONDecoding.double(rawBytes)
    }

    /// The value of a boolean; nil when not a boolean.
    public var boolValue: Bool? {
        guard entry.kind == .bool else { return nil }
        return entry.isTrue
    }

    /// Elements of an array, members of an object, 0 for scalars.
    ///
    /// - Complexity: O(1) below 65,535; O(n) for a container with that many or more, whose
    ///   members are counted.
    public var count: Int {
        let e = entry
        guard e.count == TapeEntry.countSaturated else { return Int(e.count) }
        // Members span the entries from index + 1 to next; an object's are key, value pairs.
        var members = 0
        var k = index + 1
        let end = Int(e.next)
        while k < end {
            if e.kind == .object { k += 1 }
            k = Int(entries[k].next)
            members += 1
        }
        return members
    }

    /// The elements of an array (empty for other kinds), in order.
    public var elements: JSONElements {
        JSONElements(entries: entries, base: base, first: index + 1, count: kind == .array ? count : 0)
    }

    /// Calls `body` with each member of an object in order; stop early by returning false.
    ///
    /// - Complexity: O(members); skipping a nested value is O(1).
    public func forEachMember(_ body: (_ key: JSONNode, _ value: JSONNode) throws -> Bool) rethrows {
        try forEachMember(fromKeyIndex: index + 1, body)
    }

    /// ``forEachMember(_:)`` from the member whose key is at tape index `keyIndex`: a loop that
    /// stopped part-way goes on without walking the members again.
    ///
    /// - Complexity: O(members from that one).
    func forEachMember(
        fromKeyIndex keyIndex: Int, _ body: (_ key: JSONNode, _ value: JSONNode) throws -> Bool
    ) rethrows {
        let e = entry
        guard e.kind == .object else { return }
        var k = keyIndex
        let end = Int(e.next)
        while k < end {
            let key = JSONNode(entries: entries, base: base, index: k)
            let value = JSONNode(entries: entries, base: base, index: k + 1)
            if try !body(key, value) { return }
            k = Int(entries[k + 1].next)
        }
    }

    /// The value of an object's member whose key equals `key` (UTF-8); the last one if repeated.
    ///
    /// - Complexity: O(members); a member whose unescaped key has another length costs no
    ///   byte comparison (schema checks look up each required property this way).
    public func member(_ key: UnsafeRawBufferPointer) -> JSONNode? {
        let object = entry
        guard object.kind == .object else { return nil }
        var found: JSONNode?
        var k = index + 1
        let end = Int(object.next)
        while k < end {
            let e = entries[k]
            if e.isEscaped || Int(e.end) - Int(e.start) == key.count,
                JSONNode(entries: entries, base: base, index: k).equals(key)
            {
                found = JSONNode(entries: entries, base: base, index: k + 1)
            }
            k = Int(entries[k + 1].next)
        }
        return found
    }

    /// The value of an object's member named `key`.
    public func member(_ key: String) -> JSONNode? {
        var key = key
        return key.withUTF8 { member(UnsafeRawBufferPointer($0)) }
    }

    /// True when this string's decoded value equals `other` (UTF-8 bytes).
    public func equals(_ other: UnsafeRawBufferPointer) -> Bool {
        guard entry.kind == .string else { return false }
        if !hasEscapes { return JSONDecoding.bytesEqual(rawBytes, other) }
        return withUTF8 { JSONDecoding.bytesEqual($0, other) }
    }

    /// True when this string's decoded value equals `other`.
    public func equals(_ other: StaticString) -> Bool {
        equals(UnsafeRawBufferPointer(start: other.utf8Start, count: other.utf8CodeUnitCount))
    }
}

/// The elements of a JSON array, as a collection of ``JSONNode``s.
public struct JSONElements: Sequence {
    let entries: UnsafeMutablePointer<TapeEntry>
    let base: UnsafeRawPointer
    let first: Int
    /// The number of elements.
    public let count: Int

    init(entries: UnsafeMutablePointer<TapeEntry>, base: UnsafeRawPointer, first: Int, count: Int) {
        self.entries = entries
        self.base = base
        self.first = first
        self.count = count
    }

    /// Walks the elements in order, skipping each one's subtree in O(1).
    public struct Iterator: IteratorProtocol {
        let entries: UnsafeMutablePointer<TapeEntry>
        let base: UnsafeRawPointer
        var position: Int
        var remaining: Int

        /// The next element, or nil after the last.
        public mutating func next() -> JSONNode? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let node = JSONNode(entries: entries, base: base, index: position)
            position = Int(entries[position].next)
            return node
        }
    }

    /// An iterator from the first element.
    public func makeIterator() -> Iterator {
        Iterator(entries: entries, base: base, position: first, remaining: count)
    }
}

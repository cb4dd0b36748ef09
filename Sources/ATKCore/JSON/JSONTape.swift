import ATKSchema

/// One value on the tape: its kind, where its bytes are in the line, and where its subtree ends.
///
/// Object members are laid out as key string, value, key string, value, ...; array elements
/// follow their array in order. `next` is the index just past the value's whole subtree, so a
/// reader skips a value of any size in O(1), and a container's members are the entries from its
/// own index + 1 to its `next`.
///
/// 16 bytes: a bench line's tape (about 85 entries) is larger than its text, and every event's
/// tape is written by the worker that parses it and read by the one that owns it.
struct TapeEntry {
    /// The value's kind.
    var kind: JSONKind
    /// What the scanner noted about the value's text, one bit each.
    ///
    /// Bit 0: string with escapes. Bit 1: number written as an integer (no fraction, no exponent).
    /// Bit 2: the literal `true` (for `.bool`). Bit 4: string with a `\u` escape.
    var flags: UInt8
    /// Elements of an array, members of an object, up to ``countSaturated`` (which stands for
    /// that many or more: ``JSONNode/count`` then counts them); 0 for scalars.
    var count: UInt16
    /// Offset of the value's first byte; for strings, the byte after the opening quote.
    var start: UInt32
    /// Offset just past the value; for strings, the offset of the closing quote.
    var end: UInt32
    /// Index of the first entry after this value's subtree.
    var next: UInt32

    /// The stored `count` of a container with 65,535 members or more.
    static let countSaturated: UInt16 = .max

    static let escaped: UInt8 = 1
    static let integer: UInt8 = 2
    static let isTrue: UInt8 = 4
    static let unicodeEscape: UInt8 = 16

    /// A string or key written with backslash escapes: its bytes are not its value.
    var isEscaped: Bool { flags & Self.escaped != 0 }

    /// A number written with no fraction and no exponent.
    var isInteger: Bool { kind == .number && flags & Self.integer != 0 }

    /// The literal `true`.
    var isTrue: Bool { kind == .bool && flags & Self.isTrue != 0 }
}

/// A flat, reusable record of one parsed JSON text (a "tape", after simdjson and swift-foundation's
/// `JSONMap`): values are entries that point into the source bytes, nothing is copied.
///
/// A tape is reused line after line, so parsing a dump allocates only when a line is larger than
/// any before it.
public final class JSONTape {
    /// The current text's entries (after the kept ones, ``commit()``), and the room for them.
    var entries: UnsafeMutablePointer<TapeEntry>
    var capacity: Int
    /// The allocation: entries kept from earlier texts (``kept``), then the current text's.
    private(set) var storage: UnsafeMutablePointer<TapeEntry>
    private(set) var storageCapacity: Int
    /// Entries kept from earlier texts, at the start of ``storage``.
    private(set) var kept = 0
    /// Number of entries in use.
    var count: Int = 0
    /// The union of the string entries' `unicodeEscape` flags: a line without it has no `\u`
    /// escape, so it needs no surrogate check.
    var stringFlags: UInt8 = 0

    /// False for a view of entries another tape scanned (``view(_:count:stringFlags:)``).
    private let ownsEntries: Bool

    /// Creates an empty tape.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storageCapacity = self.capacity
        storage = .allocate(capacity: self.capacity)
        entries = storage
        ownsEntries = true
    }

    /// A tape that only views entries kept elsewhere (a parsed block's arena); it never scans.
    init(viewing entries: UnsafeMutablePointer<TapeEntry>) {
        self.entries = entries
        storage = entries
        storageCapacity = 0
        capacity = 0
        ownsEntries = false
    }

    deinit { if ownsEntries { storage.deallocate() } }

    /// Keeps the current text's entries where they are (at ``kept`` before the call) and starts
    /// the next text after them: a parse worker's tape is its block's arena, so no line's entries
    /// are copied.
    @inline(__always)
    func commit() {
        kept += count
        startText()
    }

    /// Keeps a copy of an event's envelope after the kept entries, and points `envelope` at it.
    ///
    /// The copy is the root, then each envelope field's value (``Envelope``, absent fields
    /// skipped): what an analysis that reads only the envelope's values reads
    /// (``MergeableAnalysis/readsWholeEvents``). The root and every object or array among them
    /// have no members: a count of 0, and a subtree that ends right after the entry, since walks
    /// of members stop at `next`.
    ///
    /// - Returns: the entries kept (at most ten).
    @inline(__always)
    func keep(envelopeOf source: UnsafePointer<TapeEntry>, _ envelope: inout Envelope) -> Int {
        if capacity < 10 { grow() }
        let target = entries
        var kept = 1
        /// Copies entry `index` whole (a scalar's count is 0 already), then gives it no members.
        @inline(__always)
        func copy(_ index: Int32) -> Int32 {
            guard index >= 0 else { return -1 }
            UnsafeMutableRawPointer(target + kept).copyMemory(
                from: source + Int(index), byteCount: MemoryLayout<TapeEntry>.stride)
            target[kept].next = UInt32(truncatingIfNeeded: kept &+ 1)
            target[kept].count = 0
            kept &+= 1
            return Int32(truncatingIfNeeded: kept &- 1)
        }
        envelope.type = copy(envelope.type)
        envelope.event = copy(envelope.event)
        envelope.time = copy(envelope.time)
        envelope.distinctId = copy(envelope.distinctId)
        envelope.properties = copy(envelope.properties)
        envelope.lib = copy(envelope.lib)
        envelope.trackId = copy(envelope.trackId)
        envelope.flushTime = copy(envelope.flushTime)
        envelope.originalId = copy(envelope.originalId)
        // The root: an object of no members (its members' keys are not kept), so its subtree
        // ends at 1, not after the values copied behind it.
        var root = source[0]
        root.count = 0
        root.next = 1
        target[0] = root
        self.kept += kept
        startText()
        return kept
    }

    /// Drops every kept entry; with `shrinkingTo`, returns to that capacity when larger.
    func clearKept(shrinkingTo limit: Int? = nil) {
        if let limit, storageCapacity > limit, ownsEntries {
            storage.deallocate()
            storage = .allocate(capacity: limit)
            storageCapacity = limit
        }
        kept = 0
        startText()
    }

    /// Starts an empty text after the kept entries.
    @inline(__always)
    private func startText() {
        entries = storage + kept
        capacity = storageCapacity - kept
        count = 0
        stringFlags = 0
    }

    /// Points a viewing tape at `count` entries scanned earlier, with their string flags.
    @inline(__always)
    func view(_ entries: UnsafeMutablePointer<TapeEntry>, count: Int, stringFlags: UInt8) {
        self.entries = entries
        self.count = count
        self.stringFlags = stringFlags
    }

    /// A valid address for views of empty byte ranges (whose `baseAddress` may be nil).
    nonisolated(unsafe) static let emptyBytes = UnsafeRawPointer(
        UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 8))

    @inline(__always)
    func reset() {
        count = 0
        stringFlags = 0
    }

    /// The kind of the line's whole value (the first entry), after a successful scan.
    var rootKind: JSONKind { entries[0].kind }

    /// Appends an entry and returns its index.
    @inline(__always)
    func append(kind: JSONKind, flags: UInt8 = 0, start: Int, end: Int) -> Int {
        if count == capacity { grow() }
        let index = count
        entries[index] = TapeEntry(
            kind: kind, flags: flags, count: 0, start: UInt32(truncatingIfNeeded: start),
            end: UInt32(truncatingIfNeeded: end), next: UInt32(truncatingIfNeeded: index + 1))
        count = index + 1
        return index
    }

    /// True when both tapes hold the same entries, field by field, and the same string flags.
    public func hasSameEntries(as other: JSONTape) -> Bool {
        guard count == other.count, stringFlags == other.stringFlags else { return false }
        for index in 0..<count {
            let a = entries[index]
            let b = other.entries[index]
            guard a.kind == b.kind, a.flags == b.flags, a.start == b.start, a.end == b.end, a.next == b.next,
                a.count == b.count
            else { return false }
        }
        return true
    }

    /// Doubles the room for entries, keeping those in use (and the kept ones).
    func grow() {
        let newCapacity = storageCapacity * 2
        let newStorage = UnsafeMutablePointer<TapeEntry>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: kept + count)
        storage.deallocate()
        storage = newStorage
        storageCapacity = newCapacity
        entries = storage + kept
        capacity = storageCapacity - kept
    }
}

/// A block of whole lines after a parse worker is done with it: every line's place, its JSON
/// tape (in one arena) or why it is malformed, and the partial its key sends it to.
///
/// Line numbers are relative to the block until the blocks before it are parsed; the engine
/// then sets ``firstLine`` in input order. The block's bytes stay in ``block`` until every
/// worker has visited its own lines.
final class ParsedBlock {
    /// One non-blank line of the block.
    struct Line {
        /// Offset of the line's first byte in the block (after a BOM), and its length.
        var start: Int
        var count: Int
        /// The line's number counted from the block's start (1 = the block's first line).
        var relativeLine: Int
        /// The line's entries in ``entries``; `tapeCount` is 0 for a malformed line.
        var tapeStart: Int
        var tapeCount: Int
        var stringFlags: UInt8
        /// Where the event's envelope fields are on its tape (found once, by the parse).
        var envelope: Envelope
        /// Why the line is malformed; nil for an event.
        var reason: MalformedLine.Reason?
    }

    /// The envelope of a malformed line (it has none).
    static let noEnvelope = Envelope(
        type: -1, event: -1, time: -1, distinctId: -1, properties: -1, lib: -1, trackId: -1, flushTime: -1,
        originalId: -1)

    /// The block's bytes (nil once recycled).
    var block: LineBlock?
    var lines: [Line] = []
    /// Per line, the partial its key sends it to, or -1 for a malformed line (sent by line
    /// number): apart from ``lines`` because every worker reads them all to find its own, 4
    /// bytes a line instead of a whole ``Line``.
    var owners: [Int32] = []
    /// Every event line's tape entries, one after another: the parse worker's tape, each
    /// event's entries kept where they were scanned (``JSONTape/commit()``).
    let arena = JSONTape(capacity: 1 << 16)
    /// The arena's entries (valid until the next block is parsed into it).
    var entries: UnsafeMutablePointer<TapeEntry> { arena.storage }
    /// Non-blank and malformed lines, and the line numbers the block uses (blank lines included).
    var nonBlankLines = 0
    var malformedLines = 0
    var linesNumbered = 0
    /// The number of the line before the block's first, in its input (set in input order).
    var firstLine = 0
    /// Parsed, waiting for its line numbers; then visited by every worker.
    ///
    /// Changed only under the pass's lock: set once the parse is done, cleared when the block is
    /// recycled.
    var isParsed = false
    /// Workers that still have to visit the block.
    var visitsLeft = 0

    /// Empties the block for the next one (``isParsed`` is false since it was recycled).
    func reset(_ block: LineBlock) {
        self.block = block
        lines.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
        arena.clearKept()
        nonBlankLines = 0
        malformedLines = 0
        linesNumbered = 0
        firstLine = 0
    }

    /// Returns the arena to its usual size after a block of huge lines.
    func shrinkArena() {
        guard arena.storageCapacity > 1 << 20 else { return }
        arena.clearKept(shrinkingTo: 1 << 16)
    }
}

/// The parse worker's visitor: records each line of a block into a ``ParsedBlock``.
///
/// Instead of analysing a line, it records where it is and its tape. The lines are gathered in
/// the recorder (a struct, so appending checks no exclusivity) and handed to the block by
/// ``finish()``.
struct BlockRecorder: DumpVisitor {
    let parsed: ParsedBlock
    let key: PartitionKey
    let partitions: Int
    /// The block's first byte, to turn the lines' addresses into offsets.
    let base: UnsafeRawPointer
    private var lines: [ParsedBlock.Line]
    private var owners: [Int32]

    init(parsed: ParsedBlock, key: PartitionKey, partitions: Int, base: UnsafeRawPointer) {
        self.parsed = parsed
        self.key = key
        self.partitions = partitions
        self.base = base
        lines = parsed.lines
        owners = parsed.owners
        // The recorder's arrays are the only references, so appending does not copy them.
        parsed.lines = []
        parsed.owners = []
    }

    /// Hands the recorded lines to the block.
    mutating func finish() {
        parsed.lines = lines
        parsed.owners = owners
        lines = []
        owners = []
    }

    mutating func visit(_ event: Event) {
        let start = base.distance(to: event.line.baseAddress ?? base)
        let partition = key.partition(of: event, count: partitions)
        let tape = event.tape
        owners.append(Int32(truncatingIfNeeded: partition))
        lines.append(
            ParsedBlock.Line(
                start: start, count: event.line.count, relativeLine: event.location.line,
                tapeStart: tape.kept, tapeCount: tape.count, stringFlags: tape.stringFlags,
                envelope: event.envelope, reason: nil))
        // The event's entries stay in the arena; the next line is scanned after them.
        tape.commit()
    }

    mutating func visitMalformed(_ line: MalformedLine) {
        let start = line.bytes.baseAddress.map { base.distance(to: $0) } ?? 0
        owners.append(-1)
        lines.append(
            ParsedBlock.Line(
                start: start, count: line.bytes.count, relativeLine: line.location.line, tapeStart: 0, tapeCount: 0,
                stringFlags: 0, envelope: ParsedBlock.noEnvelope, reason: line.reason))
    }
}

/// A block of whole lines after a parse worker is done with it: every line's place, its JSON
/// tape (in one arena) or why it is malformed, and the partial its key sends it to.
///
/// Line numbers are relative to the block until the blocks before it are parsed; the engine
/// then sets ``firstLine`` in input order. The block's bytes stay in ``block`` until every
/// worker has visited its own lines.
final class ParsedBlock {
    /// One non-blank line of the block: 72 bytes, read by the worker that owns it (usually not
    /// the one that parsed it), so it is kept small.
    struct Line {
        /// Offset of the line's first byte in the block (after a BOM), and its length.
        var start: Int
        var count: Int
        /// The line's number counted from the block's start (1 = the block's first line).
        var relativeLine: Int
        /// An event's entries in ``entries``; for a malformed line, `tapeStart` is the index of
        /// its reason in ``reasons`` and `tapeCount` is 0.
        var tapeStart: UInt32
        var tapeCount: UInt32
        /// Where the event's envelope fields are on its tape (found once, by the parse).
        var envelope: Envelope
        var stringFlags: UInt8
    }

    /// The block's bytes (nil once recycled).
    var block: LineBlock?
    var lines = PlainBuffer<Line>(capacity: 4096)
    /// Per partial, the indices in ``lines`` of the events its key sends it, in order: a worker
    /// reads only its own lines' records, never the others'.
    let owned: UnsafeMutableBufferPointer<PlainBuffer<Int32>>
    /// The indices in ``lines`` of the malformed lines, in order (they go to a partial by line
    /// number, known once the block is numbered), and their reasons.
    var malformed = PlainBuffer<Int32>(capacity: 64)
    var reasons: [MalformedLine.Reason] = []
    /// Every event line's tape entries, one after another: the parse worker's tape, each
    /// event's entries kept where they were scanned (``JSONTape/commit()``); for an analysis
    /// that reads only the envelope, a copy of each event's envelope entries
    /// (``JSONTape/keep(envelopeOf:_:)``), the line scanned into the worker's own small tape.
    ///
    /// Room for 131,072 entries (2 MiB, reserved, its pages touched only as they are used): a
    /// block of 1 MiB of SDK events takes about 85,000 (1.3 MiB). It started at half that and
    /// doubled in every slot's first block, copying the entries and touching both buffers' pages.
    let arena = JSONTape(capacity: 1 << 17)
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

    /// An empty block for a read with `partitions` partials.
    init(partitions: Int) {
        owned = .allocate(capacity: partitions)
        _ = owned.initialize(from: (0..<partitions).map { _ in PlainBuffer<Int32>(capacity: 4096) })
    }

    deinit {
        lines.deallocate()
        malformed.deallocate()
        for list in owned { list.deallocate() }
        owned.deallocate()
    }

    /// Empties the block for the next one (``isParsed`` is false since it was recycled).
    func reset(_ block: LineBlock) {
        self.block = block
        lines.removeAll()
        for index in owned.indices { owned[index].removeAll() }
        malformed.removeAll()
        reasons.removeAll(keepingCapacity: true)
        arena.clearKept()
        nonBlankLines = 0
        malformedLines = 0
        linesNumbered = 0
        firstLine = 0
    }

    /// Returns the arena to its usual size after a block of huge lines.
    func shrinkArena() {
        guard arena.storageCapacity > 1 << 20 else { return }
        arena.clearKept(shrinkingTo: 1 << 17)
    }
}

/// The parse worker's visitor: records each line of a block into a ``ParsedBlock``.
///
/// Instead of analysing a line, it records where it is and its tape, and appends its index to
/// the list of the partial its key sends it to. The lists are gathered in the recorder (a
/// struct, so appending checks no exclusivity) and handed to the block by ``finish()``.
///
/// With a `scratch` tape (an analysis that reads only the envelope,
/// ``MergeableAnalysis/readsWholeEvents``), lines are scanned into it and only each event's
/// envelope entries are copied to the arena: about 10 entries where the whole tape of a bench
/// line has about 85. Writing whole tapes, 1.7 MB a block (entries were 20 bytes then), to
/// memory the other core reads made `atk stats --jobs 2` about 1% slower on a quiet host and
/// 12% slower in the spells in which the host slows `--jobs 2` but not `--jobs 1`, which keeps
/// no tape (medians of alternating runs: 0.2489 against 0.2457 s, and 0.3656 against 0.3190 s).
///
/// An event the parse worker's own partial does not need (``MergeableAnalysis/needsVisit(_:)``)
/// is not recorded: its entries are dropped with the next line's scan, and ``unvisited`` counts
/// it for that partial. Nor is an event that partial owns when the analysis visits in any order
/// (``MergeableAnalysis/visitsInAnyOrder``): the partial visits it at once.
struct BlockRecorder<Analysis: MergeableAnalysis>: DumpVisitor {
    let key: PartitionKey
    let partitions: Int
    /// The block's first byte, to turn the lines' addresses into offsets.
    let base: UnsafeRawPointer
    private let parsed: ParsedBlock
    /// The block's arena, the tape every event of the block is scanned into (the block holds it).
    private let arena: Unmanaged<JSONTape>
    /// The tape lines are scanned into when only their envelopes are kept (the worker holds it).
    private let scratch: Unmanaged<JSONTape>?
    private var lines: PlainBuffer<ParsedBlock.Line>
    private let owned: UnsafeMutableBufferPointer<PlainBuffer<Int32>>
    private var malformed: PlainBuffer<Int32>
    private var reasons: [MalformedLine.Reason]
    /// The parse worker's own partial, asked whether each event is needed.
    private let partial: UnsafeMutablePointer<Analysis>
    /// Events the partial did not need.
    private(set) var unvisited = 0
    /// The index of the parse worker's own partial, whose events it visits at once instead of
    /// recording them (``MergeableAnalysis/visitsInAnyOrder``); -1 when it records them all.
    private let visitsOwn: Int

    /// - Parameters:
    ///   - scratch: the tape the parser scans into when only envelopes are kept; nil when it
    ///     scans into the block's arena.
    ///   - worker: the index of the parse worker, whose partial `partial` is, when its events are
    ///     visited as they are parsed (``MergeableAnalysis/visitsInAnyOrder``); nil otherwise.
    init(
        parsed: ParsedBlock, key: PartitionKey, partitions: Int, base: UnsafeRawPointer, scratch: JSONTape? = nil,
        partial: UnsafeMutablePointer<Analysis>, visitsOwn worker: Int? = nil
    ) {
        visitsOwn = worker ?? -1
        precondition(parsed.owned.count == partitions, "a block records one list per partial")
        self.parsed = parsed
        self.partial = partial
        self.scratch = scratch.map { Unmanaged.passUnretained($0) }
        self.key = key
        self.partitions = partitions
        self.base = base
        arena = Unmanaged.passUnretained(parsed.arena)
        lines = parsed.lines
        owned = parsed.owned
        malformed = parsed.malformed
        reasons = parsed.reasons
        // The recorder's array is the only reference, so appending does not copy it.
        parsed.reasons = []
    }

    /// Hands the recorded lines to the block (the lists may have moved as they grew).
    mutating func finish() {
        parsed.lines = lines
        parsed.malformed = malformed
        parsed.reasons = reasons
        reasons = []
    }

    mutating func visit(_ event: Event) {
        guard partial.pointee.needsVisit(event) else {
            unvisited += 1
            return
        }
        let partition = key.partition(of: event, count: partitions)
        if partition == visitsOwn {
            partial.pointee.visit(event)
            return
        }
        let start = base.distance(to: event.line.baseAddress ?? base)
        owned[partition].append(Int32(truncatingIfNeeded: lines.count))
        let kept = keep(event)
        lines.append(
            ParsedBlock.Line(
                start: start, count: event.line.count, relativeLine: event.location.line,
                tapeStart: UInt32(truncatingIfNeeded: kept.first), tapeCount: UInt32(truncatingIfNeeded: kept.count),
                envelope: kept.envelope, stringFlags: kept.stringFlags))
    }

    /// Keeps the event's entries in the arena: where they start, how many, and where its
    /// envelope fields are among them.
    @inline(__always)
    private func keep(_ event: Event) -> (first: Int, count: Int, envelope: Envelope, stringFlags: UInt8) {
        arena._withUnsafeGuaranteedRef { tape in
            let first = tape.kept
            guard let scratch else {
                // Scanned into the arena: the entries stay where they are, and the next line is
                // scanned after them.
                let kept = (first, tape.count, event.envelope, tape.stringFlags)
                tape.commit()
                return kept
            }
            return scratch._withUnsafeGuaranteedRef { source in
                var envelope = event.envelope
                let count = tape.keep(envelopeOf: source.entries, &envelope)
                return (first, count, envelope, source.stringFlags)
            }
        }
    }

    mutating func visitMalformed(_ line: MalformedLine) {
        let start = line.bytes.baseAddress.map { base.distance(to: $0) } ?? 0
        malformed.append(Int32(truncatingIfNeeded: lines.count))
        lines.append(
            ParsedBlock.Line(
                start: start, count: line.bytes.count, relativeLine: line.location.line,
                tapeStart: UInt32(truncatingIfNeeded: reasons.count), tapeCount: 0,
                envelope: .absent, stringFlags: 0))
        reasons.append(line.reason)
    }
}

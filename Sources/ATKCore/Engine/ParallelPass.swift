import CScan
import Foundation

/// One parallel read: the shared state of N workers that parse blocks and visit their partials.
///
/// Each worker loops over three jobs, under one lock: visit the next parsed block (its own lines
/// only, in input order), or take the next block from the reader thread and parse it, or wait.
/// Blocks are numbered as they are taken; a block's line numbers are fixed once the blocks before
/// it are parsed; a block is recycled once every worker has visited it. At most ``window``
/// blocks are taken and not yet visited by all, which bounds memory whatever the input.
final class ParallelPass<Analysis: MergeableAnalysis>: ParallelWork, @unchecked Sendable {
    private let condition = NSCondition()
    private let channel: BlockChannel
    private let workers: Int
    private let key: PartitionKey
    private let maxLineLength: Int
    /// Whether the analysis reads whole events (``MergeableAnalysis/readsWholeEvents``), so
    /// that much of each is loaded ahead.
    private let readsWholeEvents: Bool
    /// Whether the analysis visits in any order (``MergeableAnalysis/visitsInAnyOrder``), so
    /// that a parse worker visits its own partial's events as it parses them.
    private let visitsInAnyOrder: Bool
    private let slots: [ParsedBlock]
    /// Blocks taken from the channel (the next block's number).
    private var taken = 0
    /// Blocks whose line numbers are known (a prefix of the taken ones).
    private var numbered = 0
    private var receiving = false
    private var channelDone = false
    /// Per worker: the next block to visit.
    private var visited: [Int]
    /// The previous block's last line number, per the input being numbered.
    private var lastLine = 0
    private(set) var reports: [FileReport]
    private(set) var partials: [Analysis?]
    private var meter: ProgressMeter

    init(
        prototype: Analysis, workers: Int, channel: BlockChannel, window: Int, sources: [InputSource],
        maxLineLength: Int, progress: ((ReadProgress) -> Void)?
    ) {
        self.channel = channel
        self.workers = workers
        self.key = prototype.partitionKey
        self.maxLineLength = maxLineLength
        readsWholeEvents = prototype.readsWholeEvents
        visitsInAnyOrder = prototype.visitsInAnyOrder
        meter = ProgressMeter(report: progress)
        slots = (0..<window).map { _ in ParsedBlock(partitions: workers) }
        visited = Array(repeating: 0, count: workers)
        reports = sources.map { FileReport(source: $0) }
        partials = (0..<workers).map { _ in prototype.makePartial() }
    }

    private func slot(_ number: Int) -> ParsedBlock { slots[number % slots.count] }

    /// The workers' partials, handed over: the pass keeps none, so merging them may change their
    /// storage in place instead of copying it.
    func takePartials() -> [Analysis] {
        defer { partials = [] }
        return partials.compactMap { $0 }
    }

    /// Runs worker `index` until every block is visited; its partial is then in ``partials``.
    func work(_ index: Int) {
        condition.lock()
        guard var partial = partials[index] else { return condition.unlock() }
        partials[index] = nil
        let view = JSONTape(viewing: slots[0].entries)
        // Where this worker scans lines when only their envelopes are kept: a small tape that
        // stays in the core's cache.
        let scratch = readsWholeEvents ? nil : JSONTape()
        while true {
            let next = visited[index]
            if next < numbered {
                condition.unlock()
                visit(slot(next), worker: index, into: &partial, view: view)
                condition.lock()
                if let done = finishVisit(next, worker: index) {
                    // Recycled outside the lock: returning the block's window may unmap it, and
                    // the other workers should not wait on the lock meanwhile.
                    condition.unlock()
                    channel.recycle(done)
                    condition.lock()
                }
                continue
            }
            if !channelDone && !receiving && taken - (visited.min() ?? 0) < slots.count {
                receiving = true
                let number = taken
                condition.unlock()
                let block = channel.receive()
                condition.lock()
                receiving = false
                condition.broadcast()
                guard let block else {
                    channelDone = true
                    continue
                }
                taken += 1
                condition.unlock()
                parse(block, into: slot(number), scratch: scratch, asking: &partial, worker: index)
                condition.lock()
                slot(number).isParsed = true
                numberParsedBlocks()
                continue
            }
            if channelDone && !receiving && next == taken { break }
            condition.wait()
        }
        condition.unlock()
        // Each worker prepares its own partial, while the others may still be visiting.
        partial.prepareForMerge()
        condition.lock()
        partials[index] = partial
        condition.unlock()
    }

    /// Splits and parses `block` into `parsed` (outside the lock).
    ///
    /// Each line goes into the block's arena, or into `scratch` when only the envelopes are
    /// kept. The events `partial` (the worker's own) does not need are counted in it instead of
    /// recorded.
    private func parse(
        _ block: LineBlock, into parsed: ParsedBlock, scratch: JSONTape?, asking partial: inout Analysis, worker: Int
    ) {
        parsed.reset(block)
        var parser = LineParser(maxLineLength: maxLineLength, tape: scratch ?? parsed.arena)
        parser.startFile(block.fileIndex)
        let (lines, malformed, unvisited) = withUnsafeMutablePointer(to: &partial) { partial in
            var recorder = BlockRecorder(
                parsed: parsed, key: key, partitions: workers, base: UnsafeRawPointer(block.storage), scratch: scratch,
                partial: partial, visitsOwn: visitsInAnyOrder ? worker : nil)
            let (lines, malformed) = parser.parse(block, into: &recorder)
            recorder.finish()
            return (lines, malformed, recorder.unvisited)
        }
        if unvisited > 0 { partial.countUnvisited(unvisited) }
        // Back to 4,096 entries after a huge line, as the arena (``ParsedBlock/shrinkArena()``).
        if let scratch, scratch.storageCapacity > 1 << 17 { scratch.clearKept(shrinkingTo: 1 << 12) }
        parsed.nonBlankLines = lines
        parsed.malformedLines = malformed
        parsed.linesNumbered = parser.linesNumbered
    }

    /// Numbers the parsed blocks that follow the numbered ones, in order, and counts them in
    /// their inputs' reports (under the lock).
    private func numberParsedBlocks() {
        var advanced = false
        while numbered < taken, slot(numbered).isParsed {
            let parsed = slot(numbered)
            guard let block = parsed.block else { break }
            if block.startsFile { lastLine = 0 }
            parsed.firstLine = lastLine
            lastLine += parsed.linesNumbered
            parsed.visitsLeft = workers
            let index = block.fileIndex
            reports[index].count(block, lines: parsed.nonBlankLines, malformed: parsed.malformedLines)
            meter.count(block, lines: parsed.nonBlankLines)
            numbered += 1
            advanced = true
        }
        if advanced { condition.broadcast() }
    }

    /// Marks block `number` visited by `worker` (under the lock); the last visitor frees its slot.
    /// - Returns: the block, when `worker` was its last visitor: the caller recycles it.
    private func finishVisit(_ number: Int, worker: Int) -> LineBlock? {
        visited[worker] = number + 1
        let parsed = slot(number)
        parsed.visitsLeft -= 1
        guard parsed.visitsLeft == 0, let block = parsed.block else { return nil }
        parsed.block = nil
        parsed.isParsed = false
        parsed.shrinkArena()
        condition.broadcast()
        return block
    }

    /// Hands worker `worker`'s lines of `parsed` to its partial, in order (outside the lock): its
    /// events (``ParsedBlock/owned``) and the malformed lines whose number sends them to it.
    ///
    /// Another worker parsed most of them, so their records, tapes and text are in another core's
    /// cache: while one event is visited, the record two events on and what the visit of the next
    /// event reads (the whole event, or its envelope: ``MergeableAnalysis/readsWholeEvents``) are
    /// loaded ahead.
    private func visit(_ parsed: ParsedBlock, worker: Int, into partial: inout Analysis, view: JSONTape) {
        guard let block = parsed.block else { return }
        let base = UnsafeRawPointer(block.storage)
        let entries = parsed.entries
        let fileIndex = block.fileIndex
        let firstLine = parsed.firstLine
        let lines = parsed.lines.values
        let own = parsed.owned[worker].values
        let malformed = parsed.malformed.values
        var nextMalformed = 0
        /// Visits the malformed lines before line index `limit` that are this worker's.
        func visitMalformed(before limit: Int32) {
            while nextMalformed < malformed.count, malformed[nextMalformed] < limit {
                let line = lines[Int(malformed[nextMalformed])]
                nextMalformed += 1
                let location = LineLocation(fileIndex: fileIndex, line: firstLine + line.relativeLine)
                guard PartitionKey.partition(ofMalformed: location, count: workers) == worker else { continue }
                partial.visitMalformed(
                    MalformedLine(
                        bytes: UnsafeRawBufferPointer(
                            start: line.count == 0 ? nil : base + line.start, count: line.count),
                        location: location, reason: parsed.reasons[Int(line.tapeStart)]))
            }
        }
        if own.count > 0 { Self.prefetchRecord(lines, Int(own[0])) }
        if own.count > 1 { Self.prefetchRecord(lines, Int(own[1])) }
        if own.count > 0 {
            Self.prefetchEvent(lines[Int(own[0])], entries: entries, text: base, whole: readsWholeEvents)
        }
        for position in own.indices {
            let index = own[position]
            if position + 2 < own.count { Self.prefetchRecord(lines, Int(own[position + 2])) }
            if position + 1 < own.count {
                Self.prefetchEvent(
                    lines[Int(own[position + 1])], entries: entries, text: base, whole: readsWholeEvents)
            }
            if nextMalformed < malformed.count && malformed[nextMalformed] < index { visitMalformed(before: index) }
            let line = lines[Int(index)]
            let location = LineLocation(fileIndex: fileIndex, line: firstLine + line.relativeLine)
            view.view(entries + Int(line.tapeStart), count: Int(line.tapeCount), stringFlags: line.stringFlags)
            withExtendedLifetime(view) {
                partial.visit(
                    Event(
                        line: UnsafeRawBufferPointer(start: base + line.start, count: line.count), location: location,
                        tape: view, envelope: line.envelope))
            }
        }
        visitMalformed(before: Int32.max)
    }

    /// Starts loading line `index`'s record.
    @inline(__always)
    private static func prefetchRecord(_ lines: UnsafeBufferPointer<ParsedBlock.Line>, _ index: Int) {
        guard let start = lines.baseAddress else { return }
        atk_prefetch(start + index, 2)
    }

    /// Starts loading what a visit of `line`'s event reads: its whole tape and text (up to 2 KiB
    /// each) when `whole`, else its tape (the envelope's entries alone, at most 200 bytes) and
    /// the line's first bytes.
    @inline(__always)
    private static func prefetchEvent(
        _ line: ParsedBlock.Line, entries: UnsafeMutablePointer<TapeEntry>, text: UnsafeRawPointer, whole: Bool
    ) {
        let tape = entries + Int(line.tapeStart)
        atk_prefetch(tape, Int32(min(32, (Int(line.tapeCount) * MemoryLayout<TapeEntry>.stride + 63) / 64)))
        atk_prefetch(text + line.start, Int32(min(whole ? 32 : 8, (line.count + 63) / 64)))
    }
}

/// A worker's whole job, without the analysis's type (a thread's closure captures only this).
protocol ParallelWork: AnyObject, Sendable {
    /// Runs worker `index` to the end of the read.
    func work(_ index: Int)
}

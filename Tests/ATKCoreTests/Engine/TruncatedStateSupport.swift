import ATKCore
import Testing

/// Checks that `analysis`'s partial state reads back whole, and that the same bytes cut short
/// anywhere (every cut for small states, about 2,000 evenly spread for larger ones, always the
/// last byte) make ``DistributableAnalysis/decodeState(from:)`` throw instead of trapping.
func expectTruncatedStatesThrow<A: DistributableAnalysis>(
    _ analysis: A, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var writer = StateWriter()
    analysis.encodeState(to: &writer)
    let bytes = writer.bytes
    var whole = StateReader(bytes)
    var copy = analysis.makePartial()
    try copy.decodeState(from: &whole)
    try whole.expectEnd()
    let cuts = Set(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 2000))).union([bytes.count - 1])
    for cut in cuts.sorted() where cut >= 0 {
        var reader = StateReader(Array(bytes.prefix(cut)))
        var partial = analysis.makePartial()
        #expect(
            throws: StateReader.Failure.self, "state cut to \(cut) of \(bytes.count) bytes",
            sourceLocation: sourceLocation
        ) { try partial.decodeState(from: &reader) }
    }
}

/// Checks that a damaged state of `prototype` is refused, never trapped on nor read back: `inputs`
/// fed through one partial and written; the whole state must read back to its end, and every
/// proper prefix of it (up to 4,000 cuts, evenly spread, the last bytes always among them) must
/// make `decodeState` throw ``StateReader/Failure``.
func expectTruncatedStateThrows<A: DistributableAnalysis>(
    _ inputs: [[UInt8]], prototype: A, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var partial = prototype.makePartial()
    for (index, bytes) in inputs.enumerated() { _ = LineFeed.feed(bytes, fileIndex: index, into: &partial) }
    var writer = StateWriter()
    partial.encodeState(to: &writer)
    let state = writer.bytes
    var whole = StateReader(state)
    var copy = prototype.makePartial()
    try copy.decodeState(from: &whole)
    try whole.expectEnd()
    let step = max(1, state.count / 4000)
    let cuts = Set(stride(from: 0, to: state.count, by: step)).union(max(0, state.count - 16)..<state.count)
    for cut in cuts.sorted() {
        var reader = StateReader(Array(state.prefix(cut)))
        var empty = prototype.makePartial()
        #expect(throws: StateReader.Failure.self, "cut at \(cut) of \(state.count)", sourceLocation: sourceLocation) {
            try empty.decodeState(from: &reader)
        }
    }
}

/// ``expectTruncatedStateThrows(_:prototype:sourceLocation:)`` for lines of one input.
func expectTruncatedStateThrows<A: DistributableAnalysis>(
    lines: [String], prototype: A, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try expectTruncatedStateThrows(
        [Array((lines.joined(separator: "\n") + "\n").utf8)], prototype: prototype, sourceLocation: sourceLocation)
}

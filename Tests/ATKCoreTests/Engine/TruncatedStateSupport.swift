import ATKCore
import Testing

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

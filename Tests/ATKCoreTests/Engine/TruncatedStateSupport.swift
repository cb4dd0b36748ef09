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

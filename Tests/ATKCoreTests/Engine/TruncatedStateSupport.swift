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

/// Checks that `analysis`'s partial state with one byte changed (at up to 256 places spread
/// over it, each to three values) never traps: it is refused, or it reads back into a partial
/// that merges and finishes (`finish` runs on it); and that some of the changes are refused.
func expectChangedStatesNeverTrap<A: DistributableAnalysis, R>(
    _ analysis: A, sourceLocation: SourceLocation = #_sourceLocation, _ finish: (A) -> R
) {
    var writer = StateWriter()
    analysis.encodeState(to: &writer)
    let bytes = writer.bytes
    var refused = 0
    for place in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 256)) {
        for value in [bytes[place] ^ 1, 0xFF, 0] where value != bytes[place] {
            var changed = bytes
            changed[place] = value
            var reader = StateReader(changed)
            var partial = analysis.makePartial()
            do {
                try partial.decodeState(from: &reader)
            } catch {
                refused += 1
                continue
            }
            var merged = analysis.makePartial()
            merged.merge(partial)
            _ = finish(merged)
        }
    }
    #expect(refused > 0, "no changed state was refused", sourceLocation: sourceLocation)
}

/// Checks that `analysis`'s partial state, read back, writes the same bytes again: a partial read
/// back can be merged and written on, as a tree of merges (Spark's `treeReduce`) does.
func expectStateReadsBackToItsBytes<A: DistributableAnalysis>(
    _ analysis: A, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    var writer = StateWriter()
    analysis.encodeState(to: &writer)
    var reader = StateReader(writer.bytes)
    var copy = analysis.makePartial()
    try copy.decodeState(from: &reader)
    var again = StateWriter()
    copy.encodeState(to: &again)
    #expect(again.bytes == writer.bytes, "the state read back writes other bytes", sourceLocation: sourceLocation)
}

/// Every damaged-state check of a partial state: cut short anywhere it is refused
/// (``expectTruncatedStatesThrow(_:sourceLocation:)``), read back it writes the same bytes
/// (``expectStateReadsBackToItsBytes(_:sourceLocation:)``), and with one byte changed it is refused
/// or merges and finishes, never traps (``expectChangedStatesNeverTrap(_:sourceLocation:_:)``).
func expectDamagedStatesHandled<A: DistributableAnalysis, R>(
    _ analysis: A, sourceLocation: SourceLocation = #_sourceLocation, _ finish: (A) -> R
) throws {
    try expectTruncatedStatesThrow(analysis, sourceLocation: sourceLocation)
    try expectStateReadsBackToItsBytes(analysis, sourceLocation: sourceLocation)
    expectChangedStatesNeverTrap(analysis, sourceLocation: sourceLocation, finish)
}

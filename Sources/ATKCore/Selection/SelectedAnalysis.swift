/// An analysis fed only the events an ``EventSelection`` selects, counting the others.
///
/// Malformed lines always reach the analysis (they have no time or properties to judge). As a
/// ``MergeableAnalysis`` (when `Inner` is one) it routes by the inner analysis's key and merges
/// the inner partials and the counts.
public struct SelectedAnalysis<Inner: DumpVisitor>: DumpVisitor {
    /// The analysis.
    public var inner: Inner
    /// What it sees.
    public let selection: EventSelection
    /// Events left out by the time window.
    public internal(set) var outsideWindow = 0
    /// Events inside the window left out by a filter.
    public internal(set) var filteredOut = 0

    /// `inner`, fed what `selection` selects.
    public init(_ inner: Inner, selection: EventSelection) {
        self.inner = inner
        self.selection = selection
    }

    /// Hands the event to the analysis when selected; counts it otherwise.
    @inline(__always)
    public mutating func visit(_ event: Event) {
        switch selection.verdict(event) {
        case .selected: inner.visit(event)
        case .outsideWindow: outsideWindow += 1
        case .filteredOut: filteredOut += 1
        }
    }

    /// Hands the malformed line to the analysis.
    public mutating func visitMalformed(_ line: MalformedLine) {
        inner.visitMalformed(line)
    }
}

extension SelectedAnalysis: MergeableAnalysis where Inner: MergeableAnalysis {
    /// The inner analysis's key.
    public var partitionKey: PartitionKey { inner.partitionKey }

    /// Whether the inner analysis or a `--where` filter reads more than the envelope.
    public var readsWholeEvents: Bool { inner.readsWholeEvents || !selection.filters.isEmpty }

    /// Whether the inner analysis visits in any order: a selection judges each event alone.
    public var visitsInAnyOrder: Bool { inner.visitsInAnyOrder }

    /// The inner analysis's empty partial, with no counts.
    public func makePartial() -> SelectedAnalysis<Inner> { SelectedAnalysis(inner.makePartial(), selection: selection) }

    /// Merges the inner analyses (the other moved out) and adds the counts.
    public mutating func merge(_ other: consuming SelectedAnalysis<Inner>) {
        outsideWindow += other.outsideWindow
        filteredOut += other.filteredOut
        inner.merge(movingOut: &other.inner)
    }

    /// Prepares the inner analysis.
    public mutating func prepareForMerge() { inner.prepareForMerge() }
}

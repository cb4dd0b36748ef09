/// An analysis whose work can be split over partials and put back together exactly.
///
/// The engine (``DumpReader/read(into:jobs:progress:)``) makes one partial per worker with
/// ``makePartial()``, feeds each a share of the lines, and folds them into one with ``merge(_:)``
/// before the caller asks for the result. What a partial may rely on:
/// - every line reaches exactly one partial, and each partial sees its lines in input order
///   (by ``LineLocation``: input index, then line);
/// - every event with the same key (``partitionKey``: the `distinct_id`, or a property) reaches
///   the same partial, so per-user state lives in exactly one partial and a merge never joins
///   two halves of one user;
/// - malformed lines and events without the key go to any partial.
///
/// What a merge must guarantee: the result is the one a single serial pass would give, for any
/// number of partials, any split and any merge order. Counts add; per-key tables are disjoint
/// or combine exactly; "first" and "examples" are chosen by ``LineLocation``, never by which
/// partial saw them first; interned ids are local to a partial and remapped by their bytes.
public protocol MergeableAnalysis: DumpVisitor {
    /// The key that sends a user's events to one partial; `distinct_id` unless the analysis
    /// counts users by something else.
    var partitionKey: PartitionKey { get }

    /// A new, empty partial with this analysis's configuration.
    func makePartial() -> Self

    /// Folds `other`, a partial of the same configuration that saw other lines, into this one.
    mutating func merge(_ other: consuming Self)

    /// Work a partial can do alone once it has seen its last line, such as sorting what it kept
    /// so that a merge only has to join sorted runs.
    ///
    /// The engine calls it on every partial, on that partial's own worker and so in parallel,
    /// before any merge; what it leaves to the merges and the finish runs on one thread. A hint
    /// for speed, never for results: a partial may still be visited or merged afterwards.
    mutating func prepareForMerge()

    /// Whether ``visit(_:)`` reads more of an event than its envelope's values: its properties,
    /// say.
    ///
    /// False promises that a visit reads only the values of the envelope's fields (`type`, `event`,
    /// `time`, `distinct_id`, `_track_id`, `_flush_time`, `original_id`, and whether `properties`
    /// and `lib` are there and their kinds), the line's bytes and its location: with several
    /// workers, the engine then keeps only those entries of each event's tape
    /// (``JSONTape/keep(envelopeOf:_:)``), so the event a visit gets has a root and objects and
    /// arrays with no members. The parse worker that routes an event reads all of it (a
    /// ``partitionKey`` may be a property). Most events a partial visits were parsed on another
    /// core: keeping whole tapes that a counting analysis never reads made `atk stats --jobs 2`
    /// write 1.7 MB a block (of 20-byte entries; they are 16 bytes now) to memory that core then
    /// read, and loading them ahead cost it about 4% more. An analysis that says false and reads
    /// more sees empty objects with several workers: `JobsEndToEndTests`, which runs every command
    /// at `--jobs 1, 2, 3, 7` and compares the bytes, is where that shows.
    var readsWholeEvents: Bool { get }

    /// Whether ``visit(_:)`` would do anything with `event` beyond counting it.
    ///
    /// With several workers, the worker that parses an event asks its own partial; an event
    /// that is not needed is not handed to the partial that owns its key, and the asking partial
    /// counts it instead (``countUnvisited(_:)``), so the record, the hand-over and the replay
    /// of the event, about 8% of `atk stats --jobs 1`'s work, are spared. A funnel of three
    /// event names needs about one event in eight of the bench dump. What it may rely on: the
    /// answer is a function of the event and the analysis's configuration alone (any partial
    /// gives the same), and a visit of an event it declines would only have counted it. Reads
    /// of one thread (`--jobs 1`) visit every event and never ask.
    mutating func needsVisit(_ event: Event) -> Bool

    /// Counts `count` events that ``needsVisit(_:)`` declined, as their visits would have.
    mutating func countUnvisited(_ count: Int)

    /// Whether the result is the same whatever order a partial visits its events in, and no visit
    /// reads an event's ``Event/location``: counts, sums, minima, sets.
    ///
    /// True lets a parse worker visit the events its own partial owns as it parses them (about
    /// half of them with two workers), instead of recording them and replaying them once the
    /// blocks before are visited: the record, the replay and the second read of each such event
    /// are spared (`atk stats --jobs 2`: 0.97 × the time). Those events then reach the partial
    /// before events of earlier blocks, with a location relative to their block. Malformed lines
    /// are still visited in order, with their own locations. Like ``readsWholeEvents``, the
    /// engine asks once, before the read. `expectMergesExactly` checks the claim by visiting
    /// every input's events backwards.
    var visitsInAnyOrder: Bool { get }
}

extension MergeableAnalysis {
    /// Routes by `distinct_id`.
    public var partitionKey: PartitionKey { .distinctId }

    /// Reads whole events, unless the analysis says otherwise.
    public var readsWholeEvents: Bool { true }

    /// Nothing to do ahead of a merge, unless the analysis says otherwise.
    public mutating func prepareForMerge() {}

    /// Every event, unless the analysis says otherwise.
    @inline(__always)
    public mutating func needsVisit(_ event: Event) -> Bool { true }

    /// In input order, unless the analysis says otherwise.
    public var visitsInAnyOrder: Bool { false }

    /// Never called for an analysis that needs every event.
    public mutating func countUnvisited(_ count: Int) {}

    /// Merges `member`, a part of a partial being merged (a wrapper's inner analysis), moving it
    /// out and leaving an empty partial in its place.
    ///
    /// A merge may take over the storage of what it merges and write to it (the records
    /// ``ImpressionCollector`` adopts, say). Passing `other.member` would pass a copy while
    /// `other` still holds the same storage, so each such write would copy it first: every
    /// adopted chunk of records, 3 MB each.
    public mutating func merge(movingOut member: inout Self) {
        var theirs = makePartial()
        swap(&theirs, &member)
        merge(consume theirs)
    }
}

/// What sends an event to a partial: the events sharing a key meet in one partial.
public enum PartitionKey: Sendable, Hashable {
    /// The string `distinct_id` (its decoded text; other kinds by their JSON text).
    case distinctId
    /// The text of a member of `properties`, as ``EventProperties/withText(_:_:)`` reads it.
    case property(String)
    /// The person key of the string `distinct_id` with stitched identities: hashed as
    /// ``distinctId`` hashes a `distinct_id` that is the key, so a person's ids meet in one
    /// partial and a stitched read splits as a read of the dump rewritten to person keys does.
    /// An id the graph never saw, and other kinds, hash as ``distinctId`` does.
    case person(IdentityGraph)

    /// A stable 64-bit hash of `event`'s key (the same on every machine and run); 0 without one.
    ///
    /// - Complexity: O(key length), after one lookup of the member.
    public func hash(of event: Event) -> UInt64 {
        switch self {
        case .distinctId:
            guard let id = event.distinctId else { return 0 }
            return id.kind == .string ? id.withUTF8 { Interner.hash($0) } : Interner.hash(id.sourceBytes)
        case .property(let name):
            return EventProperties(event).withText(name) { Interner.hash($0) } ?? 0
        case .person(let persons):
            guard let id = event.distinctId else { return 0 }
            guard id.kind == .string else { return Interner.hash(id.sourceBytes) }
            return id.withUTF8 { persons.personKeyHash(of: $0) ?? Interner.hash($0) }
        }
    }

    /// The partial, of `count`, that `event` belongs to.
    @inline(__always)
    public func partition(of event: Event, count: Int) -> Int {
        count <= 1 ? 0 : Self.partition(hash: hash(of: event), count: count)
    }

    /// The partial, of `count`, for a key hash: the high bits scaled (the low bits index the
    /// partials' own hash tables, which must not all see the same residue).
    @inline(__always)
    static func partition(hash: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: ((hash >> 32) &* UInt64(count)) >> 32)
    }

    /// The partial, of `count`, for a malformed line (it has no key): spread by line number.
    @inline(__always)
    static func partition(ofMalformed location: LineLocation, count: Int) -> Int {
        count <= 1 ? 0 : location.line % count
    }
}

/// Two analyses run over one read: each sees every line, they are merged side by side.
///
/// Nest pairs for more (`AnalysisPair(a, AnalysisPair(b, c))`); every call is specialised, so a
/// pair costs no dynamic dispatch per event.
public struct AnalysisPair<First: MergeableAnalysis, Second: MergeableAnalysis>: MergeableAnalysis {
    /// The first analysis.
    public var first: First
    /// The second analysis.
    public var second: Second

    /// Pairs two analyses that route by the same key.
    ///
    /// - Precondition: `first.partitionKey == second.partitionKey` (one read routes every line
    ///   by one key; run an analysis keyed by another property in a read of its own).
    public init(_ first: First, _ second: Second) {
        precondition(first.partitionKey == second.partitionKey, "analyses in one pass must share a partition key")
        self.first = first
        self.second = second
    }

    /// The key both route by.
    public var partitionKey: PartitionKey { first.partitionKey }

    /// Whether either reads whole events.
    public var readsWholeEvents: Bool { first.readsWholeEvents || second.readsWholeEvents }

    /// Both analyses' empty partials.
    public func makePartial() -> Self { Self(first.makePartial(), second.makePartial()) }

    /// Merges each analysis with its counterpart, each moved out of `other`.
    public mutating func merge(_ other: consuming Self) {
        first.merge(movingOut: &other.first)
        second.merge(movingOut: &other.second)
    }

    /// Prepares both.
    public mutating func prepareForMerge() {
        first.prepareForMerge()
        second.prepareForMerge()
    }

    /// Hands the event to both.
    @inline(__always)
    public mutating func visit(_ event: Event) {
        first.visit(event)
        second.visit(event)
    }

    /// Whether both may visit in any order.
    public var visitsInAnyOrder: Bool { first.visitsInAnyOrder && second.visitsInAnyOrder }

    /// Whether either needs the event.
    @inline(__always)
    public mutating func needsVisit(_ event: Event) -> Bool {
        first.needsVisit(event) || second.needsVisit(event)
    }

    /// Counts the events neither needed, in both.
    public mutating func countUnvisited(_ count: Int) {
        first.countUnvisited(count)
        second.countUnvisited(count)
    }

    /// Hands the malformed line to both.
    @inline(__always)
    public mutating func visitMalformed(_ line: MalformedLine) {
        first.visitMalformed(line)
        second.visitMalformed(line)
    }
}

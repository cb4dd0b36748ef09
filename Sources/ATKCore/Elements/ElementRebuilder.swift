import ATKElements

/// Copies a dump line by line, filling in (and with `fix`, correcting) the identifiers of events
/// whose `$responder_chain` rebuilds (`atk elements rebuild`).
///
/// Every line is written in input order with an LF line end: a line without a change, a line
/// whose chain is absent or invalid, and a malformed line are copied byte for byte; a changed
/// line is an ``ElementSplice``. Blank lines are written as empty lines so line numbers stay
/// the same; a BOM and CR line ends (which the reader removes) are not kept. Several inputs are
/// written one after the other.
///
/// Memory: the writer's buffer and the resolver's cache; nothing per line (``LineCopier``).
public struct ElementRebuilder: DumpVisitor {
    /// Lines written, blank ones included.
    public var lines: Int { copier.lines }
    /// Events read.
    public private(set) var events = 0
    /// Events with a `$responder_chain`.
    public private(set) var withChain = 0
    /// Events whose `$responder_chain` could not be parsed.
    public private(set) var invalidChains = 0
    /// Lines that were not a JSON object.
    public private(set) var malformedLines = 0
    /// Lines written with a field filled in or replaced.
    public private(set) var changedLines = 0
    /// Fields filled in, per ``ElementField`` (by raw value).
    public private(set) var added = [0, 0, 0]
    /// Fields replaced (only with `fix`), per ``ElementField``.
    public private(set) var replaced = [0, 0, 0]
    /// Differing fields left as they are (only without `fix`), per ``ElementField``.
    public private(set) var mismatchesLeft = [0, 0, 0]
    /// The first write error; nothing more is written after it.
    public var writeError: OutputError? { copier.writeError }

    private var copier: LineCopier
    private let fix: Bool
    private var resolver = ElementResolver()

    /// - Parameters:
    ///   - writer: where lines go; the caller closes it.
    ///   - fix: replace recorded identifiers that differ from the rebuilt ones.
    public init(writer: DumpWriter, fix: Bool) {
        copier = LineCopier(writer: writer)
        self.fix = fix
    }

    /// Writes one event's line, with its identifiers rebuilt where its chain allows.
    public mutating func visit(_ event: Event) {
        events += 1
        var splice: ElementSplice?
        let properties = ElementProperties(event)
        switch resolver.chain(properties.responderChain) {
        case .absent: break
        case .invalid:
            withChain += 1
            invalidChains += 1
        case .valid(let identity):
            withChain += 1
            splice = ElementSplice.rewrite(event, properties, with: identity, fix: fix)
            if !fix { countMismatches(properties, identity) }
        }
        if let splice {
            changedLines += 1
            for field in ElementField.allCases {
                added[field.rawValue] += splice.added[field.rawValue]
                replaced[field.rawValue] += splice.replaced[field.rawValue]
            }
            splice.bytes.withUnsafeBytes { copier.write($0, at: event.location) }
        } else {
            copier.write(event.line, at: event.location)
        }
    }

    /// Counts a malformed line and writes it through unchanged.
    public mutating func visitMalformed(_ line: MalformedLine) {
        malformedLines += 1
        copier.write(line.bytes, at: line.location)
    }

    private mutating func countMismatches(_ properties: ElementProperties, _ identity: ElementIdentity) {
        for field in ElementField.allCases
        where ElementField.compare(recorded: properties[field], rebuilt: field.rebuilt(identity)) == .mismatch {
            mismatchesLeft[field.rawValue] += 1
        }
    }
}

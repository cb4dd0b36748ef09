/// One event line of a dump, parsed: typed access to the Sensors envelope and to properties.
///
/// The envelope fields are located once, when the line is parsed; everything else is read on
/// demand from the tape. An `Event` is valid only inside the reader's callback: copy what you keep.
/// Where a key is repeated, the last occurrence wins (as in most JSON decoders).
public struct Event {
    /// The line's bytes, without the line end (and without a BOM on a file's first line).
    public let line: UnsafeRawBufferPointer
    /// Where the line is.
    public let location: LineLocation
    /// Not counted: every reader keeps its tape alive across the callback (an `Event` is valid
    /// only inside it), and retaining it on each copy of an event (analyses hand events and facts
    /// about them to each other) was a few percent of a pass.
    unowned(unsafe) let tape: JSONTape
    let base: UnsafeRawPointer

    /// Top-level field indices on the tape (-1 when absent).
    var typeIndex = -1
    var eventIndex = -1
    var timeIndex = -1
    var distinctIdIndex = -1
    var propertiesIndex = -1
    var libIndex = -1
    var trackIdIndex = -1
    var flushTimeIndex = -1
    var originalIdIndex = -1

    /// Wraps a tape whose root is an object.
    ///
    /// The tape is borrowed, as the event keeps it (unowned): an initializer's parameters are
    /// otherwise owned, and the parse retained and released the tape around every line.
    init(line: UnsafeRawBufferPointer, location: LineLocation, tape: __shared JSONTape) {
        self.line = line
        self.location = location
        self.tape = tape
        self.base = line.baseAddress ?? JSONTape.emptyBytes
        let entries = tape.entries
        guard tape.count > 0, entries[0].kind == .object else { return }
        var k = 1
        let end = Int(entries[0].next)
        while k < end {
            let key = entries[k]
            let valueIndex = k + 1
            k = Int(entries[valueIndex].next)
            // Envelope keys are plain ASCII; a key written with escapes is matched after decoding.
            guard !key.isEscaped else {
                locateEscaped(JSONNode(entries: entries, base: base, index: valueIndex - 1), valueIndex)
                continue
            }
            // Each key is told by one or two little-endian words of its bytes (whole words, the
            // last one overlapping the first where the length is not a multiple); a test checks
            // every envelope key and its near misses.
            let bytes = base + Int(key.start)
            switch Int(key.end) - Int(key.start) {
            case 3:  // lib
                if UInt16(littleEndian: bytes.loadUnaligned(as: UInt16.self)) == 0x696C
                    && bytes.load(fromByteOffset: 2, as: UInt8.self) == 0x62
                {
                    libIndex = valueIndex
                }
            case 4:
                let word = UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
                if word == 0x6570_7974 {  // type
                    typeIndex = valueIndex
                } else if word == 0x656D_6974 {  // time
                    timeIndex = valueIndex
                }
            case 5:  // event
                if UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)) == 0x6E65_7665
                    && bytes.load(fromByteOffset: 4, as: UInt8.self) == 0x74
                {
                    eventIndex = valueIndex
                }
            case 9:  // _track_id
                if UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) == 0x695F_6B63_6172_745F
                    && bytes.load(fromByteOffset: 8, as: UInt8.self) == 0x64
                {
                    trackIdIndex = valueIndex
                }
            case 10:  // properties
                if UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)) == 0x6974_7265_706F_7270
                    && UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt16.self)) == 0x7365
                {
                    propertiesIndex = valueIndex
                }
            case 11:
                let head = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
                let tail = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 7, as: UInt32.self))
                if head == 0x7463_6E69_7473_6964 && tail == 0x6469_5F74 {  // distinct_id
                    distinctIdIndex = valueIndex
                } else if head == 0x745F_6873_756C_665F && tail == 0x656D_6974 {  // _flush_time
                    flushTimeIndex = valueIndex
                } else if head == 0x6C61_6E69_6769_726F && tail == 0x6469_5F6C {  // original_id
                    originalIdIndex = valueIndex
                }
            default:
                break
            }
        }
    }

    /// The envelope's field indices, to rebuild this event on a copy of its tape without walking
    /// the root again (``init(line:location:tape:envelope:)``).
    var envelope: Envelope {
        // A line is at most 1 GiB (--max-line-bytes), so its entries' indices fit in 32 bits.
        Envelope(
            type: Int32(truncatingIfNeeded: typeIndex), event: Int32(truncatingIfNeeded: eventIndex),
            time: Int32(truncatingIfNeeded: timeIndex), distinctId: Int32(truncatingIfNeeded: distinctIdIndex),
            properties: Int32(truncatingIfNeeded: propertiesIndex), lib: Int32(truncatingIfNeeded: libIndex),
            trackId: Int32(truncatingIfNeeded: trackIdIndex), flushTime: Int32(truncatingIfNeeded: flushTimeIndex),
            originalId: Int32(truncatingIfNeeded: originalIdIndex))
    }

    /// Wraps a tape whose envelope fields were located when it was scanned (``envelope``).
    init(line: UnsafeRawBufferPointer, location: LineLocation, tape: __shared JSONTape, envelope: Envelope) {
        self.line = line
        self.location = location
        self.tape = tape
        self.base = line.baseAddress ?? JSONTape.emptyBytes
        typeIndex = Int(envelope.type)
        eventIndex = Int(envelope.event)
        timeIndex = Int(envelope.time)
        distinctIdIndex = Int(envelope.distinctId)
        propertiesIndex = Int(envelope.properties)
        libIndex = Int(envelope.lib)
        trackIdIndex = Int(envelope.trackId)
        flushTimeIndex = Int(envelope.flushTime)
        originalIdIndex = Int(envelope.originalId)
    }

    private mutating func locateEscaped(_ key: JSONNode, _ valueIndex: Int) {
        for (name, path) in [
            ("type", \Event.typeIndex), ("time", \Event.timeIndex), ("lib", \Event.libIndex),
            ("event", \Event.eventIndex), ("_track_id", \Event.trackIdIndex),
            ("properties", \Event.propertiesIndex), ("distinct_id", \Event.distinctIdIndex),
            ("_flush_time", \Event.flushTimeIndex), ("original_id", \Event.originalIdIndex),
        ] where key.stringValue == name {
            self[keyPath: path] = valueIndex
        }
    }

    private func node(_ index: Int) -> JSONNode? {
        index < 0 ? nil : JSONNode(tape: tape, base: base, index: index)
    }

    /// The whole line as a JSON object.
    public var root: JSONNode {
        JSONNode(tape: tape, base: base, index: 0)
    }

    /// `type` (`track`, `profile_set`, ...), any JSON kind.
    public var type: JSONNode? { node(typeIndex) }
    /// `event`, the event name, any JSON kind.
    public var event: JSONNode? { node(eventIndex) }
    /// `time`, any JSON kind.
    public var time: JSONNode? { node(timeIndex) }
    /// `distinct_id`, any JSON kind.
    public var distinctId: JSONNode? { node(distinctIdIndex) }
    /// `properties`, any JSON kind.
    public var properties: JSONNode? { node(propertiesIndex) }
    /// `lib`, any JSON kind.
    public var lib: JSONNode? { node(libIndex) }
    /// `_track_id`, any JSON kind.
    public var trackId: JSONNode? { node(trackIdIndex) }
    /// `_flush_time`, any JSON kind.
    public var flushTime: JSONNode? { node(flushTimeIndex) }
    /// `original_id`, any JSON kind.
    public var originalId: JSONNode? { node(originalIdIndex) }

    /// `time` in milliseconds when it is an integer; nil otherwise.
    public var timeMilliseconds: Int64? { time?.int64Value }

    /// True when `type` is `track` or another event-carrying type (`track_signup`,
    /// `track_id_bind`, `track_id_unbind`), whose lines must have `event` and `properties`.
    public var isTrackType: Bool {
        guard let type, type.kind == .string else { return false }
        return type.equals("track") || type.equals("track_signup") || type.equals("track_id_bind")
            || type.equals("track_id_unbind")
    }

    /// The value of a member of `properties`; nil when absent or when `properties` is no object.
    public func property(_ name: String) -> JSONNode? {
        guard let properties, properties.kind == .object else { return nil }
        return properties.member(name)
    }

    /// The value of a member of `properties`, named by a static string (no allocation).
    public func property(_ name: StaticString) -> JSONNode? {
        guard let properties, properties.kind == .object else { return nil }
        return properties.member(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}

/// Where an event's envelope fields are on its tape (-1: absent): what ``Event`` finds once.
struct Envelope {
    var type: Int32
    var event: Int32
    var time: Int32
    var distinctId: Int32
    var properties: Int32
    var lib: Int32
    var trackId: Int32
    var flushTime: Int32
    var originalId: Int32

    /// No field found (and the envelope of a malformed line, which has none).
    static let absent = Envelope(
        type: -1, event: -1, time: -1, distinctId: -1, properties: -1, lib: -1, trackId: -1, flushTime: -1,
        originalId: -1)
}

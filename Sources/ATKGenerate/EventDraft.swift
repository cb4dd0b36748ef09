/// One event being made: envelope and ordered properties, still open to fault injection, then
/// written as one JSON line in the key order of the Sensors iOS SDK's records.
struct EventDraft {
    /// A property value.
    enum Value {
        case string(String)
        case int(Int64)
        case number(Double, decimals: Int)
        case bool(Bool)
        case strings([String])
        /// Already-serialised JSON (objects, for faults and the seed's path object).
        case raw(String)
    }

    var event: String
    var time: Int64
    var type = "track"
    var distinctId: String?
    /// `track_signup`: the anonymous id the login id replaces.
    var originalId: String?
    /// `track_id_bind`: the `identities` object, in order.
    var identities: [(String, String)] = []
    /// The simulated user's person key (its login id, or its only id): what stitching must find.
    var person = ""
    var anonymousId: String
    var trackId: UInt32
    var flushTime: Int64
    /// When the line reaches the dump (its real flush); faults may change `flushTime` only.
    var arrival: Int64 = 0
    /// Overrides `time` as written (a seconds timestamp fault).
    var writtenTime: Int64?
    var libMethod = "autoTrack"
    var libDetail: String?
    var appVersion: String
    var properties: [(String, Value)] = []
    /// Validate rule ids this line must trigger (the truth file).
    var rules: [String] = []
    /// Fault kinds injected into this line.
    var faults: [String] = []

    subscript(key: String) -> Value? {
        get { properties.first { $0.0 == key }?.1 }
        set {
            if let index = properties.firstIndex(where: { $0.0 == key }) {
                if let newValue { properties[index].1 = newValue } else { properties.remove(at: index) }
            } else if let newValue {
                properties.append((key, newValue))
            }
        }
    }

    /// Marks an injected fault and the rules it must trigger.
    mutating func inject(_ fault: String, rules: [String]) {
        faults.append(fault)
        self.rules += rules
    }

    /// The line's bytes (no line end).
    func serialized() -> [UInt8] {
        var w = LineWriter()
        w.open()
        w.field("_track_id", Int64(trackId))
        w.field("time", writtenTime ?? time)
        w.field("type", type)
        if let distinctId { w.field("distinct_id", distinctId) }
        if let originalId { w.field("original_id", originalId) }
        if !identities.isEmpty {
            w.openObject("identities")
            for (key, value) in identities { w.field(key, value) }
            w.close()
        }
        w.field("anonymous_id", anonymousId)
        w.field("event", event)
        w.openObject("lib")
        w.field("$lib", "iOS")
        w.field("$lib_version", "4.9.1")
        w.field("$app_version", appVersion)
        w.field("$lib_method", libMethod)
        if let libDetail { w.field("$lib_detail", libDetail) }
        w.close()
        w.openObject("properties")
        for (key, value) in properties {
            switch value {
            case .string(let s): w.field(key, s)
            case .int(let i): w.field(key, i)
            case .number(let d, let decimals): w.field(key, d, decimals: decimals)
            case .bool(let b): w.field(key, b)
            case .strings(let list): w.field(key, list)
            case .raw(let json): w.rawField(key, json)
            }
        }
        w.close()
        w.field("_flush_time", flushTime)
        w.close()
        return w.bytes
    }
}

import ATKFunnel

/// A property source backed by a dictionary, for tests.
struct DictionarySource: FunnelPropertySource {
    enum Value {
        case string(String)
        case number(Double, text: String)
    }

    var values: [String: Value]

    func withText<Result>(_ name: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        var text: String
        switch values[name] {
        case .string(let string): text = string
        case .number(_, let token): text = token
        case nil: return nil
        }
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    func numberValue(_ name: String) -> Double? {
        if case .number(let number, _) = values[name] { return number }
        return nil
    }
}

/// An event at `time` matching the given 1-based steps (none: unmatched).
func event(_ time: Int64, _ steps: Int...) -> FunnelEvent {
    FunnelEvent(time: time, mask: steps.reduce(0) { $0 | (1 << UInt32($1 - 1)) })
}

/// A deterministic pseudo-random generator (TestRandom) for property tests.
struct TestRandom: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

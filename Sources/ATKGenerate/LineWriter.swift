import ATKCore

/// Writes one compact JSON object as bytes, key by key, the way SDKs serialise events
/// (`{"a":1,"b":"x"}`, UTF-8 unescaped, no spaces).
struct LineWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() { bytes.reserveCapacity(1024) }

    mutating func open() {
        comma()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func key(_ key: String) {
        comma()
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func openObject(_ key: String) {
        self.key(key)
        open()
    }

    mutating func field(_ key: String, _ value: String) {
        self.key(key)
        writeString(value)
        needsComma = true
    }

    mutating func field(_ key: String, _ value: Int64) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    mutating func field(_ key: String, _ value: Int) { field(key, Int64(value)) }

    mutating func field(_ key: String, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// A number with exactly `decimals` digits after the point (`12.500`).
    mutating func field(_ key: String, _ value: Double, decimals: Int) {
        self.key(key)
        bytes.append(contentsOf: Self.fixed(value, decimals: decimals).utf8)
        needsComma = true
    }

    mutating func field(_ key: String, _ values: [String]) {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for (k, value) in values.enumerated() {
            if k > 0 { bytes.append(UInt8(ascii: ",")) }
            writeString(value)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A value already serialised as JSON.
    mutating func rawField(_ key: String, _ json: String) {
        self.key(key)
        bytes.append(contentsOf: json.utf8)
        needsComma = true
    }

    private mutating func comma() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes `value` as a JSON string literal, escaped as every JSON output of atk is
    /// (``JSONOutput/writeString(_:to:)``).
    private mutating func writeString(_ value: String) {
        var literal = ""
        JSONOutput.writeString(value, to: &literal)
        bytes.append(contentsOf: literal.utf8)
    }

    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let whole = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}

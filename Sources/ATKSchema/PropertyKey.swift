/// An object key known at compile time, kept both as UTF-8 (for lookup) and text (for messages).
struct PropertyKey: Sendable {
    let name: String
    let utf8: [UInt8]

    init(_ name: String) {
        self.name = name
        utf8 = Array(name.utf8)
    }
}

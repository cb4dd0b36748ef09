/// Strings seen on many lines (event names, property keys), each judged once: a dense id per
/// distinct string and what was concluded about it.
///
/// A class, so a check can read it inside a finding's message closure while the findings are
/// being updated.
final class NameCache<Info> {
    private var interner = Interner(capacity: 256)
    private(set) var infos: [Info] = []
    private let judge: (UnsafeRawBufferPointer) -> Info

    /// - Parameter judge: computes a new string's info (once per distinct string).
    init(judge: @escaping (UnsafeRawBufferPointer) -> Info) {
        self.judge = judge
    }

    /// The id of `bytes` (decoded UTF-8), judging it when new.
    ///
    /// - Complexity: O(length) expected.
    @inline(__always)
    func id(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let id = interner.intern(bytes)
        if Int(id) == infos.count { infos.append(judge(bytes)) }
        return id
    }

    /// The id of a JSON string's decoded value.
    @inline(__always)
    func id(_ node: JSONNode) -> Int32 {
        node.withUTF8 { id($0) }
    }

    func name(_ id: Int32) -> String { interner.string(id) }

    var count: Int { infos.count }
}

import Testing

@testable import ATKCore

@Suite("user numbers")
struct UserNumbersTests {
    @Test("keys of every form are numbered densely in the order first seen, one number per text")
    func dense() {
        var ids: [String] = []
        for k in 0..<3_000 {
            let hex = String(repeating: "0", count: 32 - String(k, radix: 16).count) + String(k, radix: 16)
            let chars = Array(hex)
            let dashed = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }.joined(separator: "-")
            ids += [
                "u\(k)", hex, hex.uppercased(), dashed, "login-id-\(k)-of-some-app", "\(k)".padding16,
            ]
        }
        var numbers = UserNumbers()
        var expected: [String: Int32] = [:]
        // Every id, then every id again in reverse, then each twice running.
        for id in ids + ids.reversed() + ids.flatMap({ [$0, $0] }) {
            let number = Array(id.utf8).withUnsafeBytes { numbers.number(of: $0) }
            if let known = expected[id] {
                #expect(number == known, "\(id)")
            } else {
                #expect(number == Int32(expected.count), "\(id)")
                expected[id] = number
            }
        }
        #expect(numbers.count == Set(ids).count)
        #expect(numbers.count == expected.count)
    }
}

extension String {
    /// The string padded with `x` in front to 16 bytes (an ASCII string of at most 16).
    fileprivate var padding16: String { String(repeating: "x", count: 16 - utf8.count) + self }
}

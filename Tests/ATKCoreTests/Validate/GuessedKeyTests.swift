import Testing

@testable import ATKCore

@Suite("The guessed-key loop's records")
struct GuessedKeyTests {
    private static func words(_ bytes: [UInt8]) -> ShortBytes {
        bytes.withUnsafeBytes { ShortBytes($0) }
    }

    @Test("two byte strings of one length up to 32 have the same words exactly when every byte is the same")
    func wordsDecideEquality() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...ShortBytes.longest {
            let key = (0..<length).map { _ in UInt8.random(in: 0x21...0x7E, using: &generator) }
            #expect(Self.words(key) == Self.words(key))
            // A change at any one place, to any other byte, changes the words.
            for place in 0..<length {
                for other: UInt8 in [0x00, 0x20, key[place] ^ 0x01, key[place] ^ 0x80, 0xFF] where other != key[place] {
                    var changed = key
                    changed[place] = other
                    #expect(Self.words(changed) != Self.words(key), "length \(length), byte \(place)")
                }
            }
        }
    }

    @Test("a record keeps the key's length, or -1 past 32 bytes, and what its info says")
    func records() {
        func record(_ text: String) -> GuessedKey {
            Array(text.utf8).withUnsafeBytes { GuessedKey(id: 7, bytes: $0, info: PropertyKeyInfo($0)) }
        }
        let screen = record("$screen_name")
        #expect(screen.id == 7 && screen.length == 12 && screen.presence == PropertyKeyInfo.screenName)
        #expect(!screen.violates && !screen.duration)
        #expect(record("$event_duration").duration && record("event_duration").duration)
        #expect(record("bad key").violates)
        #expect(record(String(repeating: "k", count: 32)).length == 32)
        #expect(record(String(repeating: "k", count: 33)).length == -1)
    }
}

import Testing

@testable import ATKFuzz

@Suite("Token mutations of the fuzzer")
struct LineMutatorTests {
    let line = Array(#"{"time":1788248827115,"event":"$AppEnd","properties":{"event_duration":12.5,"l":[1, -2]}}"#.utf8)

    @Test("a number value becomes an edge number or another number of the input; keys and strings are left")
    func numbers() {
        var seen = Set<String>()
        for seed in 0..<200 as Range<UInt32> {
            var generator = LineMutator.generator(seed: seed)
            var bytes = line
            #expect(LineMutator.replaceNumber(&bytes, maxSize: 4096, using: &generator) || bytes == line)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(#""event":"$AppEnd""#) && text.contains(#""event_duration":"#))
            seen.insert(text)
        }
        #expect(
            seen.contains(
                #"{"time":-9223372036854775808,"event":"$AppEnd","properties":{"event_duration":12.5,"l":[1, -2]}}"#))
        #expect(
            seen.contains(
                #"{"time":1788248827115,"event":"$AppEnd","properties":{"event_duration":9.3e15,"l":[1, -2]}}"#))
        #expect(
            seen.contains(
                #"{"time":1788248827115,"event":"$AppEnd","properties":{"event_duration":12.5,"l":[1, 12.5]}}"#))
    }

    @Test("a duplicated line is a whole line; nothing grows past maxSize")
    func lines() {
        var generator = LineMutator.generator(seed: 7)
        var bytes = line + [0x0A] + Array("{}".utf8)
        #expect(LineMutator.duplicateLine(&bytes, maxSize: 4096, using: &generator))
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && Set(lines).count == 2)
        var full = line
        #expect(!LineMutator.duplicateLine(&full, maxSize: line.count, using: &generator) && full == line)
        for seed in 0..<100 as Range<UInt32> {
            var generator = LineMutator.generator(seed: seed)
            var bytes = line
            _ = LineMutator.mutate(&bytes, maxSize: line.count + 8, using: &generator)
            #expect(bytes.count <= line.count + 8)
        }
    }
}

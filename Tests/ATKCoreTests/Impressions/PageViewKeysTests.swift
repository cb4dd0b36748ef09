import ATKGenerate
import Testing

@testable import ATKCore

/// The impression evaluator's table of the keys one page view exposed (``PageViewKeys``).
@Suite("page-view keys: the same answers as a dictionary, across growth and forgetting")
struct PageViewKeysTests {
    @Test("random sets and lookups over many page views agree with a dictionary")
    func agreesWithDictionary() {
        var table = PageViewKeys()
        var model: [Int32: PageViewKeys.Exposed] = [:]
        var random = SplitMix64(seed: 7)
        for pageView in 0..<300 {
            // Page views of 0 to about 2,000 keys: the table grows past its first 64 slots and
            // keeps that size while it is emptied and refilled.
            let keys = Int(random.next() % 2_000) * (pageView % 3 == 0 ? 1 : 0) + Int(random.next() % 40)
            let range = pageView % 5 == 0 ? UInt64(Int32.max) : UInt64(keys * 2 + 1)
            for step in 0..<keys {
                let key = Int32(truncatingIfNeeded: random.next() % range)
                let exposed = PageViewKeys.Exposed(first: step, lastTime: Int64(bitPattern: random.next()))
                #expect(table[key] == model[key])
                table.set(key, exposed)
                model[key] = exposed
            }
            #expect(table.count == model.count)
            for key in model.keys { #expect(table[key] == model[key]) }
            for _ in 0..<50 {
                let key = Int32(truncatingIfNeeded: random.next() % range)
                #expect(table[key] == model[key])
            }
            table.removeAll()
            model.removeAll()
            #expect(table.count == 0)
            #expect(table[0] == nil && table[Int32.max] == nil)
        }
    }

    @Test("31 keys placed in the same one of 64 slots are all kept (the probe walks past each)")
    func collisions() {
        var table = PageViewKeys()
        // The keys the table's placement puts in slot 0 while it has 64 slots.
        let keys = (0..<Int32.max).lazy.filter { (UInt32($0) &* 0x9E37_79B9) >> 26 == 0 }.prefix(31).map { $0 }
        #expect(keys.count == 31)
        for (index, key) in keys.enumerated() { table.set(key, .init(first: index, lastTime: Int64(index))) }
        for (index, key) in keys.enumerated() { #expect(table[key] == .init(first: index, lastTime: Int64(index))) }
        #expect(table[1 << 25] == nil)
        #expect(table[-1] == nil)
    }
}

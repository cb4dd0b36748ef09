import Testing

@testable import ATKCore

@Suite("Indices kept per chain id of a resolver's cache")
struct ChainSlotsTests {
    @Test func keepsAnIndexPerChainAndNoneElsewhere() {
        var slots = ChainSlots()
        #expect(slots.index(ofChain: 0, generation: 0) == nil)
        let unchanged = slots.renumbered(generation: 0)
        #expect(!unchanged)
        slots.set(4, forChain: 3)
        slots.set(0, forChain: 1)
        #expect(slots.index(ofChain: 3, generation: 0) == 4)
        #expect(slots.index(ofChain: 1, generation: 0) == 0)
        // Ids below the highest set, and above it, have none.
        #expect(slots.index(ofChain: 0, generation: 0) == nil)
        #expect(slots.index(ofChain: 2, generation: 0) == nil)
        #expect(slots.index(ofChain: 4, generation: 0) == nil)
        slots.set(7, forChain: 3)
        #expect(slots.index(ofChain: 3, generation: 0) == 7)
    }

    @Test func aNewGenerationHidesEveryIndexUntilTheTableIsRenumbered() {
        var slots = ChainSlots()
        slots.set(2, forChain: 5)
        // The resolver emptied its cache: its id 5 may now name another chain.
        #expect(slots.index(ofChain: 5, generation: 1) == nil)
        let first = slots.renumbered(generation: 1)
        let again = slots.renumbered(generation: 1)
        #expect(first && !again)
        #expect(slots.index(ofChain: 5, generation: 1) == nil)
        slots.set(0, forChain: 5)
        #expect(slots.index(ofChain: 5, generation: 1) == 0)
        // An index of the generation before is never read as one of this generation.
        #expect(slots.index(ofChain: 5, generation: 0) == nil)
    }

    @Test func removeAllForgetsEveryIndex() {
        var slots = ChainSlots()
        for chain in 0..<10 { slots.set(chain * 2, forChain: chain) }
        slots.removeAll()
        #expect((0..<10).allSatisfy { slots.index(ofChain: $0, generation: 0) == nil })
        slots.set(1, forChain: 9)
        #expect(slots.index(ofChain: 9, generation: 0) == 1)
        #expect(slots.index(ofChain: 8, generation: 0) == nil)
    }
}

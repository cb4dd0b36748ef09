import Testing

@testable import ATKCore

@Suite("Clamped arithmetic on times and spans")
struct Int64ClampedTests {
    @Test("sums and differences past 64 bits stop at the bounds")
    func clamped() {
        #expect(Int64.max.addingClamped(1) == .max)
        #expect(Int64.min.addingClamped(-1) == .min)
        #expect(Int64(5).addingClamped(-7) == -2)
        #expect(Int64.min.subtractingClamped(1) == .min)
        #expect(Int64(1_788_248_827_115).subtractingClamped(.min) == .max)
        #expect(Int64(-2).subtractingClamped(.max) == .min)
        #expect(Int64(5).subtractingClamped(7) == -2)
    }

    @Test("distances are exact over the whole range")
    func distance() {
        #expect(Int64.max.distance(from: .min) == .max)
        #expect(Int64.min.distance(from: .max) == .max)
        #expect(Int64(1_788_248_827_115).distance(from: .min) == 9_223_373_825_103_602_923)
        #expect(Int64(3).distance(from: 10) == 7)
        #expect(Int64(10).distance(from: 3) == 7)
    }

    @Test("doubles round to the nearest Int64, stopping at the bounds; NaN has none")
    func doubles() {
        #expect(Int64(clampingRounded: 2.5) == 3)
        #expect(Int64(clampingRounded: -2.5) == -3)
        #expect(Int64(clampingRounded: 1e16 * 1000) == .max)
        #expect(Int64(clampingRounded: 0x1p63) == .max)
        #expect(Int64(clampingRounded: -0x1p63) == .min)
        #expect(Int64(clampingRounded: -.infinity) == .min)
        #expect(Int64(clampingRounded: .infinity) == .max)
        #expect(Int64(clampingRounded: .nan) == nil)
    }
}

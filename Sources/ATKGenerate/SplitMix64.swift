/// A small, fast, deterministic random number generator (SplitMix64), so a `--seed` gives the
/// same dump on every machine and Swift version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// A generator for one part of the output, independent of the order parts are made in.
    public init(seed: UInt64, stream: UInt64, substream: UInt64 = 0) {
        var mixer = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        state = mixer.next() ^ (stream &* 0x9E37_79B9_7F4A_7C15) ^ (substream &* 0xC2B2_AE3D_27D4_EB4F)
        _ = next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        p > 0 && Double(next() >> 11) / Double(1 << 53) < p
    }

    /// A uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A uniform element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &self)]
    }
}

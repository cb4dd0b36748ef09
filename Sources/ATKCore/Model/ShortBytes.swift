/// Up to 32 bytes as four words, to compare a short byte string (a property key, an event name)
/// with a known one in a few instructions: two byte strings of the same length are equal exactly
/// when their words are.
struct ShortBytes: Equatable {
    var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0

    /// The longest byte string the words hold whole.
    static let longest = 32

    /// The words of an empty byte string.
    init() {}

    private init(a: UInt64, b: UInt64 = 0, c: UInt64 = 0, d: UInt64 = 0) {
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }

    /// The `count` (at most ``longest``) bytes at `p`: the 8 bytes at 0, 8, count - 16 and
    /// count - 8 from 16 bytes on (they overlap below 32); the first and last 8 from 8 bytes; the
    /// first and last 4 from 4; the first, middle and last byte below that.
    ///
    /// Each case makes the whole value at once: assigning the words one by one over zeros made
    /// validate's guessed-key loop 22% more instructions (callgrind).
    @inline(__always)
    init(_ p: UnsafeRawPointer, count: Int) {
        switch count {
        case 16...:
            self.init(
                a: p.loadUnaligned(as: UInt64.self), b: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                c: p.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self),
                d: p.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        case 8...:
            self.init(
                a: p.loadUnaligned(as: UInt64.self), b: p.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        case 4...:
            self.init(
                a: UInt64(p.loadUnaligned(as: UInt32.self))
                    | UInt64(p.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32)
        case 1...:
            self.init(
                a: UInt64(p.load(as: UInt8.self)) | UInt64(p.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
                    | UInt64(p.load(fromByteOffset: count &- 1, as: UInt8.self)) << 16)
        default:
            self.init()
        }
    }

    /// The words of `bytes` (at most ``longest`` of them).
    init(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress { self.init(base, count: bytes.count) } else { self.init() }
    }
}

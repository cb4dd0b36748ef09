import ATKCore
import ATKGenerate

/// Mutations of dump text that libFuzzer's byte-level ones almost never make, used half the time
/// by `atk-fuzz`'s custom mutator (`LLVMFuzzerCustomMutator`).
///
/// Arithmetic bugs hide behind values: a `time` of `-9223372036854775808` next to a real one, an
/// `event_duration` of `1e16`. Inserting or flipping bytes inside `1788248827115` nearly always
/// makes invalid JSON or another ordinary number, so these mutations work on tokens: a number is
/// replaced by a value at an edge atk cares about (or by another number of the input), a string
/// by another string of the input, and a line is duplicated so that pairs exist (two exposures
/// of one element, a session's start and end) for the other mutations to pull apart.
public enum LineMutator {
    /// Numbers at the edges of 64-bit integers, doubles, validate's time and duration ranges,
    /// and 32-bit ids.
    static let edgeNumbers: [[UInt8]] = [
        "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "0", "-1", "1", "-0", "0.5", "-0.001", "1e16", "-1e16", "1e999", "-1e999",
        "1e-999", "9.2e15", "9.3e15", "86400", "86400.001", "1788248827115", "1788248827116", "1788248837115",
        "1431656640000", "1431656639999", "9999999999999", "10000000000000", "1788248827", "253402300799999",
        "2147483647", "2147483648", "4294967295", "4294967296", "999999999", "1000000000", "-2147483649",
    ].map { Array($0.utf8) }

    /// The generator of mutations: SplitMix64 seeded by libFuzzer's seed, so a mutation replays.
    public static func generator(seed: UInt32) -> SplitMix64 {
        SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// Applies one to three token mutations to `bytes`, keeping it at most `maxSize` bytes.
    ///
    /// - Returns: false when none applied (no number, string or line to work on, or no room).
    /// - Complexity: O(bytes) per mutation.
    public static func mutate(_ bytes: inout [UInt8], maxSize: Int, using generator: inout SplitMix64) -> Bool {
        var changed = false
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let applied: Bool
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: applied = replaceNumber(&bytes, maxSize: maxSize, using: &generator)
            case 5..<8: applied = replaceString(&bytes, maxSize: maxSize, using: &generator)
            default: applied = duplicateLine(&bytes, maxSize: maxSize, using: &generator)
            }
            changed = changed || applied
        }
        return changed
    }

    /// Replaces a number value with an edge number (4 times in 5) or with another number of the input.
    static func replaceNumber(_ bytes: inout [UInt8], maxSize: Int, using generator: inout SplitMix64) -> Bool {
        let numbers = tokens(in: bytes, isStart: { $0 == UInt8(ascii: "-") || isDigit($0) }, end: numberEnd)
        guard let target = numbers.randomElement(using: &generator) else { return false }
        let replacement: [UInt8]
        if Int.random(in: 0..<5, using: &generator) == 0, let other = numbers.randomElement(using: &generator) {
            replacement = Array(bytes[other])
        } else {
            replacement = edgeNumbers.randomElement(using: &generator) ?? []
        }
        return replace(&bytes, target, with: replacement, maxSize: maxSize)
    }

    /// Replaces a string value with another string (value or key) of the input.
    static func replaceString(_ bytes: inout [UInt8], maxSize: Int, using generator: inout SplitMix64) -> Bool {
        let strings = tokens(in: bytes, isStart: { $0 == UInt8(ascii: "\"") }, end: stringEnd)
        let keysToo = allStrings(in: bytes)
        guard let target = strings.randomElement(using: &generator),
            let source = keysToo.randomElement(using: &generator)
        else { return false }
        return replace(&bytes, target, with: Array(bytes[source]), maxSize: maxSize)
    }

    /// Inserts a copy of a line (with its line end) after it.
    static func duplicateLine(_ bytes: inout [UInt8], maxSize: Int, using generator: inout SplitMix64) -> Bool {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<index + 1)
            start = index + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        guard let line = lines.randomElement(using: &generator) else { return false }
        var copy = Array(bytes[line])
        if copy.last != 0x0A { copy.insert(0x0A, at: 0) }
        guard bytes.count + copy.count <= maxSize else { return false }
        bytes.insert(contentsOf: copy, at: line.upperBound)
        return true
    }

    // MARK: - Tokens

    /// Ranges of the values that start with a byte `isStart` accepts right after `:`, `,` or `[`
    /// (spaces skipped), ending where `end` says.
    private static func tokens(
        in bytes: [UInt8], isStart: (UInt8) -> Bool, end: ([UInt8], Int) -> Int
    ) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var previous: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == 0x09 {
                index += 1
                continue
            }
            if isStart(byte)
                && (previous == UInt8(ascii: ":") || previous == UInt8(ascii: ",")
                    || previous == UInt8(ascii: "["))
            {
                let stop = end(bytes, index)
                ranges.append(index..<stop)
                previous = 0
                index = max(stop, index + 1)
                continue
            }
            if byte == UInt8(ascii: "\"") {
                // Skip a key or any other string whole: its bytes are not tokens.
                index = stringEnd(bytes, index)
                previous = UInt8(ascii: "\"")
                continue
            }
            previous = byte
            index += 1
        }
        return ranges
    }

    /// Every string of the input, keys included, quotes included.
    private static func allStrings(in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                let stop = stringEnd(bytes, index)
                ranges.append(index..<stop)
                index = stop
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// The index after a number's characters.
    private static func numberEnd(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count,
            isDigit(bytes[index])
                || [
                    UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                    UInt8(ascii: "e"), UInt8(ascii: "E"),
                ].contains(bytes[index])
        {
            index += 1
        }
        return index
    }

    /// The index after a string's closing quote (or the end of a line cut inside it).
    private static func stringEnd(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            case 0x0A: return index
            default: index += 1
            }
        }
        return min(index, bytes.count)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Replaces `range` with `replacement` when the result fits in `maxSize`.
    private static func replace(_ bytes: inout [UInt8], _ range: Range<Int>, with replacement: [UInt8], maxSize: Int)
        -> Bool
    {
        guard bytes.count - range.count + replacement.count <= maxSize, Array(bytes[range]) != replacement else {
            return false
        }
        bytes.replaceSubrange(range, with: replacement)
        return true
    }
}

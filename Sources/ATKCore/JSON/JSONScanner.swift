import ATKSchema
import CScan

/// Why a line is not a JSON text, and where it stopped making sense.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidEscape
        case controlCharacterInString
        case invalidNumber
        case invalidLiteral
        case trailingData
        case tooLong
    }

    /// What was wrong.
    public var reason: Reason
    /// Byte offset in the line (0-based).
    public var offset: Int

    /// The reason and the 1-based column, for reports.
    public var description: String {
        let column = offset + 1
        switch reason {
        case .unexpectedEnd: return "unexpected end of line at column \(column) (cut off?)"
        case .unexpectedByte(let byte):
            if byte >= 0x20 && byte < 0x7F {
                return "unexpected '\(Character(Unicode.Scalar(byte)))' at column \(column)"
            }
            return "unexpected byte 0x\(String(byte, radix: 16, uppercase: true)) at column \(column)"
        case .invalidEscape: return "invalid escape sequence at column \(column)"
        case .controlCharacterInString: return "unescaped control character in string at column \(column)"
        case .invalidNumber: return "invalid number at column \(column)"
        case .invalidLiteral: return "invalid literal at column \(column)"
        case .trailingData: return "data after the JSON value at column \(column)"
        case .tooLong: return "line longer than 4 GiB"
        }
    }
}

/// A validating, non-recursive JSON scanner that fills a ``JSONTape`` from raw bytes.
///
/// It checks the full RFC 8259 grammar (strings, escapes, numbers, literals, nesting), copies
/// nothing, and decodes nothing: strings and numbers are decoded later, only when asked for.
/// Nesting depth is limited only by memory (an explicit stack, not recursion).
///
/// Two scanners share one grammar: `atk_json_scan` (CScan, C) fills the tape of every valid
/// line; the Swift state machine here runs only on the lines C rejects, to say why and at which
/// column (and is the reference the C one is tested against, entry by entry).
public struct JSONScanner {
    @usableFromInline var stack: [Int] = []
    /// The C scanner's stack of open containers (tape indices); grown when a line nests deeper.
    private var openContainers = [UInt32](repeating: 0, count: 64)

    /// A scanner; reuse it line after line, so its stack is allocated once.
    public init() {}

    /// Scans one JSON text into `tape` (which is reset first).
    ///
    /// - Complexity: O(n) in the length of `bytes`.
    public mutating func scan(_ bytes: UnsafeRawBufferPointer, into tape: JSONTape) throws(JSONSyntaxError) {
        if fastScan(bytes, into: tape) { return }
        try referenceScan(bytes, into: tape)
    }

    /// Scans with the C scanner only: true when the text is JSON (the tape then holds it),
    /// false when it is not (the tape is then meaningless).
    public mutating func fastScan(_ bytes: UnsafeRawBufferPointer, into tape: JSONTape) -> Bool {
        tape.reset()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0,
            bytes.count < Int(UInt32.max)
        else { return false }
        while true {
            var count: UInt32 = 0
            var stringFlags: UInt8 = 0
            let capacity = UInt32(truncatingIfNeeded: min(tape.capacity, Int(UInt32.max)))
            let status = openContainers.withUnsafeMutableBufferPointer { stack in
                UnsafeMutableRawPointer(tape.entries).withMemoryRebound(to: atk_tape_entry.self, capacity: 1) {
                    atk_json_scan(
                        base, bytes.count, $0, capacity, &count, stack.baseAddress, UInt32(stack.count), &stringFlags)
                }
            }
            switch Int(status) {
            case Int(ATK_SCAN_OK):
                tape.count = Int(count)
                tape.stringFlags = stringFlags
                return true
            case Int(ATK_SCAN_TAPE_FULL):
                tape.grow()
            case Int(ATK_SCAN_STACK_FULL):
                openContainers.append(contentsOf: repeatElement(0, count: openContainers.count))
            default:
                return false
            }
        }
    }

    /// Scans with the Swift state machine, which says why and where a text is not JSON.
    ///
    /// ``scan(_:into:)`` runs it on the lines the C scanner rejects; should it accept one (the
    /// two are tested and fuzzed to agree), its tape is the answer, so a line is never lost to a
    /// disagreement.
    public mutating func referenceScan(_ bytes: UnsafeRawBufferPointer, into tape: JSONTape) throws(JSONSyntaxError) {
        tape.reset()
        stack.removeAll(keepingCapacity: true)
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else {
            throw JSONSyntaxError(reason: .unexpectedEnd, offset: 0)
        }
        let n = bytes.count
        guard n < Int(UInt32.max) else { throw JSONSyntaxError(reason: .tooLong, offset: 0) }
        var i = 0

        // States of the explicit-stack machine.
        enum State { case value, key, afterValue }
        var state = State.value

        while true {
            switch state {
            case .value:
                i = Self.skipWhitespace(base, i, n)
                guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
                let c = base[i]
                switch c {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = c == UInt8(ascii: "{")
                    stack.append(tape.append(kind: isObject ? .object : .array, start: i, end: i))
                    i = Self.skipWhitespace(base, i + 1, n)
                    guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
                    if base[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        i += 1
                        close(tape, end: i)
                        state = .afterValue
                    } else {
                        state = isObject ? .key : .value
                    }
                case UInt8(ascii: "\""):
                    i = try Self.scanString(base, i, n, tape)
                    state = .afterValue
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    i = try Self.scanNumber(base, i, n, tape)
                    state = .afterValue
                case UInt8(ascii: "t"):
                    try Self.expectLiteral(base, i, n, (0x74, 0x72, 0x75, 0x65), length: 4)
                    _ = tape.append(kind: .bool, flags: TapeEntry.isTrue, start: i, end: i + 4)
                    i += 4
                    state = .afterValue
                case UInt8(ascii: "f"):
                    guard i + 5 <= n, base[i + 4] == UInt8(ascii: "e") else {
                        throw JSONSyntaxError(reason: i + 5 > n ? .unexpectedEnd : .invalidLiteral, offset: i)
                    }
                    try Self.expectLiteral(base, i, n, (0x66, 0x61, 0x6C, 0x73), length: 4)
                    _ = tape.append(kind: .bool, start: i, end: i + 5)
                    i += 5
                    state = .afterValue
                case UInt8(ascii: "n"):
                    try Self.expectLiteral(base, i, n, (0x6E, 0x75, 0x6C, 0x6C), length: 4)
                    _ = tape.append(kind: .null, start: i, end: i + 4)
                    i += 4
                    state = .afterValue
                default:
                    throw JSONSyntaxError(reason: .unexpectedByte(c), offset: i)
                }

            case .key:
                i = Self.skipWhitespace(base, i, n)
                guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
                guard base[i] == UInt8(ascii: "\"") else {
                    throw JSONSyntaxError(reason: .unexpectedByte(base[i]), offset: i)
                }
                i = try Self.scanString(base, i, n, tape)
                i = Self.skipWhitespace(base, i, n)
                guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
                guard base[i] == UInt8(ascii: ":") else {
                    throw JSONSyntaxError(reason: .unexpectedByte(base[i]), offset: i)
                }
                i += 1
                state = .value

            case .afterValue:
                guard let top = stack.last else {
                    i = Self.skipWhitespace(base, i, n)
                    if i != n { throw JSONSyntaxError(reason: .trailingData, offset: i) }
                    return
                }
                let members = tape.entries[top].count
                if members != TapeEntry.countSaturated { tape.entries[top].count = members + 1 }
                i = Self.skipWhitespace(base, i, n)
                guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
                let c = base[i]
                let isObject = tape.entries[top].kind == .object
                if c == UInt8(ascii: ",") {
                    i += 1
                    state = isObject ? .key : .value
                } else if (isObject && c == UInt8(ascii: "}")) || (!isObject && c == UInt8(ascii: "]")) {
                    i += 1
                    close(tape, end: i)
                } else {
                    throw JSONSyntaxError(reason: .unexpectedByte(c), offset: i)
                }
            }
        }
    }

    @inline(__always)
    private mutating func close(_ tape: JSONTape, end: Int) {
        let index = stack.removeLast()
        tape.entries[index].end = UInt32(truncatingIfNeeded: end)
        tape.entries[index].next = UInt32(truncatingIfNeeded: tape.count)
    }

    @inline(__always)
    private static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ start: Int, _ n: Int) -> Int {
        var i = start
        while i < n {
            let c = base[i]
            // space, \t, \n, \r
            if c > 0x20 || (c != 0x20 && c != 0x09 && c != 0x0A && c != 0x0D) { break }
            i += 1
        }
        return i
    }

    @inline(__always)
    private static func expectLiteral(
        _ base: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ bytes: (UInt8, UInt8, UInt8, UInt8), length: Int
    ) throws(JSONSyntaxError) {
        guard i + length <= n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
        guard base[i] == bytes.0, base[i + 1] == bytes.1, base[i + 2] == bytes.2, base[i + 3] == bytes.3 else {
            throw JSONSyntaxError(reason: .invalidLiteral, offset: i)
        }
    }

    /// Scans a string starting at its opening quote; returns the offset after the closing quote.
    ///
    /// Sixteen bytes at a time (`atk_string_specials16`), eight (SWAR) near the end, to the next
    /// quote, backslash or control byte. Bytes above 0x7F are taken as they are; `validate`
    /// checks UTF-8 on its own (`StringEncoding`), so the other commands pay nothing for it. A
    /// `\u` escape flags its string.
    @inline(__always)
    private static func scanString(
        _ base: UnsafePointer<UInt8>, _ quote: Int, _ n: Int, _ tape: JSONTape
    ) throws(JSONSyntaxError) -> Int {
        var i = quote + 1
        var flags: UInt8 = 0
        let raw = UnsafeRawPointer(base)
        while true {
            // Jump to the next quote, backslash or control byte: 16 bytes a step with the vector
            // unit, 8 with SWAR near the line's end, then byte by byte.
            if i + 16 <= n {
                let special = atk_string_specials16(base + i)
                if special == 0 {
                    i += 16
                    continue
                }
                i += special.trailingZeroBitCount
            } else if i + 8 <= n {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let special = Self.specialBytes(word)
                if special == 0 {
                    i += 8
                    continue
                }
                // The lowest flag is exact (a false flag only follows a true one): jump to it.
                i += special.trailingZeroBitCount >> 3
            }
            guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
            let c = base[i]
            if c == UInt8(ascii: "\"") {
                tape.stringFlags |= flags & TapeEntry.unicodeEscape
                _ = tape.append(kind: .string, flags: flags, start: quote + 1, end: i)
                return i + 1
            } else if c == UInt8(ascii: "\\") {
                flags |= TapeEntry.escaped
                guard i + 1 < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i + 1) }
                switch base[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard i + 6 <= n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: n) }
                    for k in 2..<6 where JSONStringEscapes.hexDigit(base[i + k]) == nil {
                        throw JSONSyntaxError(reason: .invalidEscape, offset: i)
                    }
                    flags |= TapeEntry.unicodeEscape
                    i += 6
                default:
                    throw JSONSyntaxError(reason: .invalidEscape, offset: i)
                }
            } else if c < 0x20 {
                throw JSONSyntaxError(reason: .controlCharacterInString, offset: i)
            } else {
                i += 1
            }
        }
    }

    /// True when one of the eight bytes is `"`, `\` or below 0x20.
    @inline(__always)
    static func hasSpecialByte(_ x: UInt64) -> Bool { specialBytes(x) != 0 }

    /// The high bit of each of the eight bytes (little-endian) that is `"`, `\` or below 0x20;
    /// the lowest bit set marks the first such byte exactly (bits above it may be false alarms,
    /// from the borrow of a subtraction).
    @inline(__always)
    static func specialBytes(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = x ^ (ones &* 0x22)
        let backslash = x ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        let hasControl = (x &- ones &* 0x20) & ~x & highs
        return hasQuote | hasBackslash | hasControl
    }

    /// Scans a number per the JSON grammar; returns the offset after it.
    @inline(__always)
    private static func scanNumber(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ n: Int, _ tape: JSONTape
    ) throws(JSONSyntaxError) -> Int {
        var i = start
        var integer = true
        if base[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
        if base[i] == UInt8(ascii: "0") {
            i += 1
        } else if base[i] >= UInt8(ascii: "1") && base[i] <= UInt8(ascii: "9") {
            i += 1
            while i < n && base[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        } else {
            throw JSONSyntaxError(reason: .invalidNumber, offset: start)
        }
        if i < n && base[i] == UInt8(ascii: ".") {
            integer = false
            i += 1
            guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
            guard base[i] &- UInt8(ascii: "0") < 10 else {
                throw JSONSyntaxError(reason: .invalidNumber, offset: start)
            }
            while i < n && base[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        }
        if i < n && (base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E")) {
            integer = false
            i += 1
            if i < n && (base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-")) { i += 1 }
            guard i < n else { throw JSONSyntaxError(reason: .unexpectedEnd, offset: i) }
            guard base[i] &- UInt8(ascii: "0") < 10 else {
                throw JSONSyntaxError(reason: .invalidNumber, offset: start)
            }
            while i < n && base[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        }
        _ = tape.append(kind: .number, flags: integer ? TapeEntry.integer : 0, start: start, end: i)
        return i
    }
}

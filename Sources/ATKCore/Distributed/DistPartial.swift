import Foundation

/// A partial state as `atk dist partial` writes it and `atk dist merge` reads it: ASCII text,
/// so it passes through `RDD.pipe`, Hadoop Streaming and shell pipes unchanged
/// (Docs/distributed.md#the-partial-format).
///
/// ```
/// atk-partial 1 COMMAND options=HEX16 manifest=HEX16 seen=INPUT:LINES:MALFORMED,... bytes=N fnv=HEX16
/// BASE64 (lines of at most 76 characters)
/// ```
/// The header names the format version, the command, the hash of its options, the manifest's
/// hash (``DistManifest/hash``, rebuilt from the facts; 0 for a partial that received nothing),
/// and the lines seen per input with how many of them were malformed under the command's
/// `--max-line-bytes` (`-` for none). The body is the state's bytes in base64: the
/// input facts, the resolution errors, then the analysis's own state
/// (``DistributableAnalysis/encodeState(to:)``); `fnv` is FNV-1a 64 of those bytes. Several
/// partials may follow each other in one file.
public struct DistPartial {
    /// The format written; a partial of another version is refused.
    public static let formatVersion = 1

    /// The command the partial is of (`stats`, `elements.verify`).
    public var command: String
    /// The hash of the options that shape the state.
    public var optionsHash: UInt64
    /// What the shards learnt about each input, by manifest index.
    public var facts: [Int: InputFact]
    /// The inputs that could not be resolved, by position.
    public var errors: [Int: InputError]
    /// The lines this partial (and the partials merged into it) saw, by input.
    public var seen: [Int: Int]
    /// How many of them were malformed, by input (absent for none).
    public var malformed: [Int: Int] = [:]
    /// The analysis's state.
    public var state: [UInt8]

    /// A partial of `command`.
    public init(
        command: String, optionsHash: UInt64, facts: [Int: InputFact], errors: [Int: InputError],
        seen: [Int: Int], state: [UInt8]
    ) {
        self.command = command
        self.optionsHash = optionsHash
        self.facts = facts
        self.errors = errors
        self.seen = seen
        self.state = state
    }

    /// The manifest the facts describe.
    public var manifest: DistManifest {
        var manifest = DistManifest()
        manifest.sources = facts.keys.sorted().compactMap { facts[$0]?.report.source }
        manifest.errors = errors.keys.sorted().compactMap { errors[$0] }
        return manifest
    }

    /// The manifest's hash; 0 for a partial that received no fact.
    public var manifestHash: UInt64 { facts.isEmpty && errors.isEmpty ? 0 : manifest.hash }

    /// Whether the facts cover inputs 0 to n-1 and errors 0 to m-1, with no gap.
    public var manifestIsWhole: Bool {
        facts.keys.sorted() == Array(0..<facts.count) && errors.keys.sorted() == Array(0..<errors.count)
    }

    /// The partial's text.
    public var text: String {
        var writer = StateWriter()
        writer.write(facts.keys.sorted().compactMap { facts[$0] })
        writer.write(errors.count)
        for index in errors.keys.sorted() {
            writer.write(index)
            errors[index].map { writer.write($0) }
        }
        let body = writer.bytes + state
        let seenText =
            seen.isEmpty
            ? "-" : seen.keys.sorted().map { "\($0):\(seen[$0] ?? 0):\(malformed[$0] ?? 0)" }.joined(separator: ",")
        var text =
            "atk-partial \(Self.formatVersion) \(command) options=\(Self.hex(optionsHash)) "
            + "manifest=\(Self.hex(manifestHash)) seen=\(seenText) bytes=\(body.count) "
            + "fnv=\(Self.hex(BucketHash.fnv1a64(body)))\n"
        let encoded = Data(body).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
        if !encoded.isEmpty { text += encoded + "\n" }
        return text
    }

    /// A hash as 16 lowercase hexadecimal digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Every partial in `text`, in order.
    ///
    /// - Throws: ``DistFormatError`` for text that is not partials, of another format version,
    ///   or damaged (the body's length or hash does not match its header).
    public static func parseAll(_ text: [UInt8]) throws(DistFormatError) -> [DistPartial] {
        var lines = text.split(separator: 0x0A, omittingEmptySubsequences: true)[...]
        var partials: [DistPartial] = []
        while let header = lines.popFirst() {
            partials.append(try parse(header: header, body: &lines))
        }
        return partials
    }

    private static func parse(
        header: ArraySlice<UInt8>, body lines: inout ArraySlice<ArraySlice<UInt8>>
    ) throws(DistFormatError) -> DistPartial {
        let words = header.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
        guard words.count == 8, words[0] == "atk-partial" else {
            throw DistFormatError("not an atk partial (it starts with neither 'atk-partial' nor a partial's header)")
        }
        guard words[1] == String(formatVersion) else {
            throw DistFormatError("a partial of format \(words[1]); this atk reads format \(formatVersion)")
        }
        func field(_ word: String, _ name: String) throws(DistFormatError) -> String {
            guard word.hasPrefix(name + "=") else { throw DistFormatError("a partial header without \(name)=") }
            return String(word.dropFirst(name.count + 1))
        }
        guard let options = UInt64(try field(words[3], "options"), radix: 16),
            let manifest = UInt64(try field(words[4], "manifest"), radix: 16),
            let count = Int(try field(words[6], "bytes")), count >= 0,
            let fnv = UInt64(try field(words[7], "fnv"), radix: 16)
        else { throw DistFormatError("a damaged partial header") }
        var seen: [Int: Int] = [:]
        var malformed: [Int: Int] = [:]
        let seenText = try field(words[5], "seen")
        if seenText != "-" {
            for pair in seenText.split(separator: ",") {
                let parts = pair.split(separator: ":")
                guard parts.count == 3, let input = Int(parts[0]), let lines = Int(parts[1]), let bad = Int(parts[2]),
                    input >= 0, lines >= 0, bad >= 0, bad <= lines, seen.updateValue(lines, forKey: input) == nil
                else { throw DistFormatError("a damaged seen= in a partial header") }
                if bad > 0 { malformed[input] = bad }
            }
        }
        let encodedLength = (count + 2) / 3 * 4
        var encoded: [UInt8] = []
        while encoded.count < encodedLength, let line = lines.popFirst() {
            encoded += line
        }
        guard encoded.count == encodedLength, let data = Data(base64Encoded: Data(encoded)), data.count == count else {
            throw DistFormatError("a partial's body is shorter or longer than its header says (a truncated file?)")
        }
        let body = Array(data)
        guard BucketHash.fnv1a64(body) == fnv else { throw DistFormatError("a partial's body does not match its hash") }
        var reader = StateReader(body)
        var partial = DistPartial(
            command: words[2], optionsHash: options, facts: [:], errors: [:], seen: seen, state: [])
        partial.malformed = malformed
        do {
            for fact in try reader.read([InputFact].self) { partial.facts[fact.index] = fact }
            for _ in 0..<(try reader.readCount()) {
                partial.errors[try reader.readTally()] = try reader.read(InputError.self)
            }
        } catch {
            throw DistFormatError("a damaged partial (\(error))")
        }
        partial.state = Array(body[reader.offset...])
        guard partial.manifestHash == manifest else {
            throw DistFormatError("a partial whose inputs do not match its manifest hash")
        }
        return partial
    }
}

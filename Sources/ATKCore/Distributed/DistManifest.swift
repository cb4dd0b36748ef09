/// The inputs of a distributed run, as `atk dist manifest` prints them and `atk dist shard`
/// reads them (Docs/distributed.md#the-manifest).
///
/// One line per input, `INDEX<TAB>PATH` (the path a ``RecordField``: raw, or `~b64:` and its
/// bytes), in the order every command reads them; then one line per argument that could not be
/// resolved, `!K<TAB>~error:` and the ``InputError``'s state in base64. Its hash (FNV-1a 64 of
/// this text) is what every partial names, so partials of other inputs are never merged.
public struct DistManifest {
    /// The inputs, in index order.
    public var sources: [InputSource] = []
    /// The arguments that could not be resolved (exit 3 once the rest is read).
    public var errors: [InputError] = []

    /// An empty manifest.
    public init() {}

    /// The manifest of what ``InputSource/resolve(_:)`` made of the arguments.
    public init(_ resolved: ResolvedInputs) {
        sources = resolved.sources
        errors = resolved.errors
    }

    /// The manifest's text.
    public var text: [UInt8] {
        var output: [UInt8] = []
        for (index, source) in sources.enumerated() {
            output += Array("\(index)\t".utf8)
            PathName.bytes(source.path).withUnsafeBytes { RecordField.append($0, allowTab: false, to: &output) }
            output.append(0x0A)
        }
        for (index, error) in errors.enumerated() {
            var writer = StateWriter()
            error.encode(to: &writer)
            output += Array("!\(index)\t".utf8)
            RecordField.append(marker: "~error:", base64: writer.bytes, to: &output)
            output.append(0x0A)
        }
        return output
    }

    /// FNV-1a 64 of ``text``.
    public var hash: UInt64 { BucketHash.fnv1a64(text) }

    /// One parsed manifest line.
    public enum Entry {
        /// Input `index`, at this path.
        case input(index: Int, source: InputSource)
        /// The `index`-th argument that could not be resolved.
        case error(index: Int, InputError)
    }

    /// Parses one manifest line (without its line end).
    ///
    /// - Throws: ``DistFormatError`` for a line that is not a manifest line.
    public static func entry(parsing line: ArraySlice<UInt8>) throws(DistFormatError) -> Entry {
        guard let tab = line.firstIndex(of: 0x09) else {
            throw DistFormatError("not a manifest line (INDEX<TAB>PATH)")
        }
        let head = line[line.startIndex..<tab]
        let field = line[(tab + 1)...]
        if head.first == UInt8(ascii: "!") {
            guard let index = head.dropFirst().decimal, index >= 0,
                let encoded = field.dropPrefix(ShardRecord.errorMarker)
            else { throw DistFormatError("a damaged manifest error line") }
            var reader = StateReader(try RecordField.base64(encoded))
            do {
                let error = try InputError(from: &reader)
                try reader.expectEnd()
                return .error(index: index, error)
            } catch {
                throw DistFormatError("a damaged manifest error line (\(error))")
            }
        }
        guard let index = head.decimal, index >= 0, let path = try RecordField.decode(field), !path.isEmpty else {
            throw DistFormatError("not a manifest line (INDEX<TAB>PATH)")
        }
        return .input(index: index, source: .file(PathName.string(bytes: path)))
    }
}

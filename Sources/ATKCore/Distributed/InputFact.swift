/// What `atk dist shard` learnt about one input of the manifest, sent as a record to every
/// bucket: its report (lines, bytes, gzip members or zstd frames, the error that ended it), and
/// how its lines were bucketed.
///
/// Every partial holds the facts of every input, so `atk dist merge` prints the per-input
/// reports a single run prints and checks that the partials account for every line.
public struct InputFact {
    /// The input's index in the manifest (its ``LineLocation/fileIndex``).
    public var index: Int
    /// What reading it found.
    public var report: FileReport
    /// The key its lines were bucketed by.
    public var key: ShardKey
    /// The number of buckets.
    public var buckets: Int

    /// A fact about input `index`.
    public init(index: Int, report: FileReport, key: ShardKey, buckets: Int) {
        self.index = index
        self.report = report
        self.key = key
        self.buckets = buckets
    }
}

extension InputFact: StateCodable {
    /// Writes the index, the report field by field, the key and the bucket count.
    public func encode(to writer: inout StateWriter) {
        writer.write(index)
        writer.write(report.source.path)
        writer.write(report.lines)
        writer.write(report.malformedLines)
        writer.write(report.bytes)
        writer.write(report.inputBytes)
        writer.write(report.isGzip)
        writer.write(report.gzipMembers)
        writer.write(report.isZstd)
        writer.write(report.zstdFrames)
        writer.write(report.error)
        writer.write(key)
        writer.write(buckets)
    }

    /// Reads a fact ``encode(to:)`` wrote.
    public init(from reader: inout StateReader) throws {
        index = try reader.readTally()
        report = FileReport(source: .file(try reader.readString()))
        report.lines = try reader.readTally()
        report.malformedLines = try reader.readTally()
        report.bytes = try reader.readInt64()
        report.inputBytes = try reader.readInt64()
        report.isGzip = try reader.readBool()
        report.gzipMembers = try reader.readTally()
        report.isZstd = try reader.readBool()
        report.zstdFrames = try reader.readTally()
        report.error = try reader.read(InputError?.self)
        key = try reader.read(ShardKey.self)
        buckets = try reader.readTally()
    }

    /// The fact's bytes, to compare two copies of it.
    var stateBytes: [UInt8] {
        var writer = StateWriter()
        encode(to: &writer)
        return writer.bytes
    }
}

/// The visitor behind `atk dist shard`: writes one ``ShardRecord`` per non-blank line of one
/// input, in its bucket, and flushes them to the output in blocks.
///
/// Memory stays at about one block of records (1 MiB), whatever the input.
public struct ShardWriter: DumpVisitor {
    /// The manifest index of the input being read (the reader numbers its one input 0).
    public var input = 0
    /// The number of buckets.
    public let buckets: Int
    /// The key lines are bucketed by.
    public let key: PartitionKey
    private let output: OutputFile
    private var pending: [UInt8] = []
    /// The first error writing the output, after which nothing more is written.
    public private(set) var failure: OutputError?

    /// A writer of records for `buckets` buckets by `key` to `output`.
    public init(buckets: Int, key: PartitionKey, output: OutputFile) {
        self.buckets = max(1, buckets)
        self.key = key
        self.output = output
        pending.reserveCapacity(1 << 20 + 4096)
    }

    /// Writes the event's record, in the bucket of its key (or of its location without one).
    public mutating func visit(_ event: Event) {
        let location = LineLocation(fileIndex: input, line: event.location.line)
        let hash = BucketHash.keyHash(of: event, key: key) ?? BucketHash.locationHash(location)
        ShardRecord.append(
            bucket: BucketHash.bucket(hash: hash, count: buckets), input: input, line: location.line,
            bytes: event.line, to: &pending)
        flushIfFull()
    }

    /// Writes the malformed line's record, in the bucket of its location.
    public mutating func visitMalformed(_ line: MalformedLine) {
        let location = LineLocation(fileIndex: input, line: line.location.line)
        let bucket = BucketHash.bucket(hash: BucketHash.locationHash(location), count: buckets)
        if case .tooLong(let length, _) = line.reason {
            ShardRecord.append(
                bucket: bucket, input: input, line: location.line, payload: .tooLong(length), to: &pending)
        } else {
            ShardRecord.append(bucket: bucket, input: input, line: location.line, bytes: line.bytes, to: &pending)
        }
        flushIfFull()
    }

    /// Writes a fact record to every bucket, so every partial knows every input.
    public mutating func broadcast(input: Int, _ payload: ShardRecord.Payload) {
        for bucket in 0..<buckets {
            ShardRecord.append(bucket: bucket, input: input, line: 0, payload: payload, to: &pending)
            flushIfFull()
        }
    }

    /// Writes what is pending.
    public mutating func flush() {
        defer { pending.removeAll(keepingCapacity: true) }
        guard failure == nil, !pending.isEmpty else { return }
        let result: Result<Void, OutputError> = pending.withUnsafeBytes { bytes in
            do throws(OutputError) {
                try output.write(bytes)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = result { failure = error }
    }

    private mutating func flushIfFull() {
        if pending.count >= 1 << 20 { flush() }
    }
}

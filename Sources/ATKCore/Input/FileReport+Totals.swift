extension Collection<FileReport> {
    /// Non-blank lines over all inputs: the denominator of every share a report prints.
    public var totalLines: Int { reduce(0) { $0 + $1.lines } }

    /// Malformed lines over all inputs.
    public var totalMalformedLines: Int { reduce(0) { $0 + $1.malformedLines } }

    /// Decompressed bytes over all inputs.
    public var totalBytes: Int64 { reduce(0) { $0 + $1.bytes } }

    /// Bytes read from files and pipes over all inputs (compressed sizes for gzip).
    public var totalInputBytes: Int64 { reduce(0) { $0 + $1.inputBytes } }
}

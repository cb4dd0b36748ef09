import CZlib

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to an ``OutputFile``, gzip-compressed or plain, through one reused buffer:
/// the dumps of `generate` and `elements rebuild`, and `validate --bad-rows`.
public final class DumpWriter {
    /// The file written; renamed into place by ``close()``.
    public let output: OutputFile
    private var stream = z_stream()
    private let compress: Bool
    private var buffer: UnsafeMutablePointer<UInt8>
    private let bufferSize = 256 * 1024
    private var pending: [UInt8] = []
    private var closed = false

    /// Opens `path` through ``OutputFile`` (`-` is standard output); gzip when `gzip` is true.
    /// - Throws: ``OutputError`` when the file cannot be opened.
    public convenience init(path: String, gzip: Bool) throws(OutputError) {
        try self.init(output: OutputFile(path: path), gzip: gzip)
    }

    /// Writes into `output`; gzip when `gzip` is true.
    public init(output: OutputFile, gzip: Bool) throws(OutputError) {
        self.output = output
        compress = gzip
        buffer = .allocate(capacity: bufferSize)
        pending.reserveCapacity(bufferSize)
        if gzip && atk_deflateInit2(&stream, 6) != Z_OK {
            throw OutputError(.failed, "\(output.displayName): zlib could not start")
        }
    }

    deinit {
        if compress { deflateEnd(&stream) }
        buffer.deallocate()
    }

    /// Appends bytes (buffered).
    public func write(_ bytes: [UInt8]) throws(OutputError) {
        pending.append(contentsOf: bytes)
        if pending.count >= bufferSize { try flushPending(finish: false) }
    }

    /// Appends bytes (buffered) without making an array of them first.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        pending.append(bytes: bytes)
        if pending.count >= bufferSize { try flushPending(finish: false) }
    }

    /// Flushes everything, ends the gzip stream and commits the output (renames it into place).
    ///
    /// After an error the output is discarded: the old file stays as it was.
    public func close() throws(OutputError) {
        guard !closed else { return }
        closed = true
        do {
            try flushPending(finish: true)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Abandons the output: nothing is written under its name.
    public func discard() {
        closed = true
        output.discard()
    }

    private func flushPending(finish: Bool) throws(OutputError) {
        guard compress else {
            let written = pending.withUnsafeBytes { bytes in
                Result { () throws(OutputError) in try writeAll(bytes) }
            }
            pending.removeAll(keepingCapacity: true)
            try written.get()
            return
        }
        let compressed = pending.withUnsafeMutableBytes { input in
            Result { () throws(OutputError) in
                stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = UInt32(input.count)
                repeat {
                    stream.next_out = buffer
                    stream.avail_out = UInt32(bufferSize)
                    let result = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    guard result != Z_STREAM_ERROR else {
                        throw OutputError(.failed, "\(output.displayName): zlib deflate failed")
                    }
                    try writeAll(UnsafeRawBufferPointer(start: buffer, count: bufferSize - Int(stream.avail_out)))
                    if finish && result == Z_STREAM_END { break }
                } while stream.avail_out == 0 || (finish && stream.avail_in > 0) || finish
            }
        }
        pending.removeAll(keepingCapacity: true)
        try compressed.get()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        try output.write(bytes)
    }
}

import CZlib

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a file descriptor, gzip-compressed or plain, through one reused buffer.
public final class DumpWriter {
    /// Why writing failed.
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    private let fd: Int32
    private let ownsDescriptor: Bool
    private var stream = z_stream()
    private let compress: Bool
    private var buffer: UnsafeMutablePointer<UInt8>
    private let bufferSize = 256 * 1024
    private var pending: [UInt8] = []
    private var closed = false

    /// Opens `path` for writing (`-` is standard output); gzip when `gzip` is true.
    public init(path: String, gzip: Bool) throws {
        if path == "-" {
            fd = 1
            ownsDescriptor = false
        } else {
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw WriteError(description: "\(path): cannot create: \(InputError.message(for: errno))") }
            ownsDescriptor = true
        }
        compress = gzip
        buffer = .allocate(capacity: bufferSize)
        pending.reserveCapacity(bufferSize)
        if gzip && atk_deflateInit2(&stream, 6) != Z_OK {
            throw WriteError(description: "\(path): zlib could not start")
        }
    }

    deinit {
        if compress { deflateEnd(&stream) }
        buffer.deallocate()
        if ownsDescriptor { _ = Glibc.close(fd) }
    }

    /// Appends bytes (buffered).
    public func write(_ bytes: [UInt8]) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= bufferSize { try flushPending(finish: false) }
    }

    /// Appends bytes (buffered) without making an array of them first.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: bytes)
        if pending.count >= bufferSize { try flushPending(finish: false) }
    }

    /// Flushes everything and ends the gzip stream.
    public func close() throws {
        guard !closed else { return }
        closed = true
        try flushPending(finish: true)
    }

    private func flushPending(finish: Bool) throws {
        guard compress else {
            try pending.withUnsafeBytes { try writeAll($0) }
            pending.removeAll(keepingCapacity: true)
            return
        }
        try pending.withUnsafeMutableBytes { input in
            stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = UInt32(input.count)
            repeat {
                stream.next_out = buffer
                stream.avail_out = UInt32(bufferSize)
                let result = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                guard result != Z_STREAM_ERROR else { throw WriteError(description: "zlib deflate failed") }
                try writeAll(UnsafeRawBufferPointer(start: buffer, count: bufferSize - Int(stream.avail_out)))
                if finish && result == Z_STREAM_END { break }
            } while stream.avail_out == 0 || (finish && stream.avail_in > 0) || finish
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw WriteError(description: "write failed: \(InputError.message(for: errno))") }
            offset += n
        }
    }
}

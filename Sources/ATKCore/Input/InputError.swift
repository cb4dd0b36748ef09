/// Why (part of) an input could not be read.
///
/// Every case names the input; the command layer maps all of them to exit code 3 after the rest of
/// the input has been read.
public enum InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened (`errno` from `open(2)`).
    case cannotOpen(path: String, errno: Int32)
    /// A read failed part-way (`errno` from `read(2)`).
    case readFailed(path: String, errno: Int32, offset: Int64)
    /// The gzip stream ended before its last member was complete.
    case truncatedGzip(path: String, offset: Int64)
    /// zlib rejected the data (`Z_DATA_ERROR` and its message).
    case corruptGzip(path: String, offset: Int64, message: String)
    /// Bytes after the last gzip member that are neither a gzip member nor zero padding.
    case trailingGarbage(path: String, offset: Int64)
    /// The zstd stream ended inside a frame.
    case truncatedZstd(path: String, offset: Int64)
    /// libzstd rejected the data (its error name: a bad block, a checksum that does not match);
    /// the offset is where the decoder stood, at or before the damaged bytes.
    case corruptZstd(path: String, offset: Int64, message: String)
    /// Bytes after the last zstd frame that are neither a frame nor zero padding.
    case trailingZstdGarbage(path: String, offset: Int64)
    /// A directory argument with no dump files in it.
    case emptyDirectory(path: String)
    /// A directory argument that cannot be listed (`errno` from `opendir(3)` or `readdir(3)`).
    case cannotListDirectory(path: String, errno: Int32)
    /// An entry of an input directory with a dump name that cannot be opened: a dangling or
    /// looping symbolic link, or one without permission (`errno` from `stat(2)`).
    case brokenEntry(path: String, errno: Int32)
    /// A file compressed with a format atk does not read (named from its magic bytes).
    case unsupportedCompression(path: String, format: String, tool: String)
    /// A plain file that shrank while it was read (truncated in place, as logrotate's
    /// `copytruncate` does): the lines past its new end were lost or read as zero bytes.
    case changedWhileReading(path: String)

    /// The input the error is about.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .readFailed(let path, _, _), .truncatedGzip(let path, _),
            .corruptGzip(let path, _, _), .trailingGarbage(let path, _), .truncatedZstd(let path, _),
            .corruptZstd(let path, _, _), .trailingZstdGarbage(let path, _), .emptyDirectory(let path),
            .cannotListDirectory(let path, _), .brokenEntry(let path, _), .unsupportedCompression(let path, _, _),
            .changedWhileReading(let path):
            path
        }
    }

    /// The problem with the input's name, for messages.
    public var description: String {
        let path = PathName.display(path)
        return switch self {
        case .cannotOpen(_, let code): "\(path): cannot open: \(Self.message(for: code))"
        case .readFailed(_, let code, let offset):
            "\(path): read failed at byte \(offset): \(Self.message(for: code))"
        case .truncatedGzip(_, let offset):
            "\(path): gzip stream truncated at byte \(offset); lines before it were read"
        case .corruptGzip(_, let offset, let message):
            "\(path): corrupt gzip data at byte \(offset) (\(message)); lines before it were read"
        case .trailingGarbage(_, let offset):
            "\(path): data after the last gzip member at byte \(offset) is not gzip; ignored"
        case .truncatedZstd(_, let offset):
            "\(path): zstd stream truncated at byte \(offset); lines before it were read"
        case .corruptZstd(_, let offset, let message):
            "\(path): corrupt zstd data at byte \(offset) (\(message)); lines before it were read"
        case .trailingZstdGarbage(_, let offset):
            "\(path): data after the last zstd frame at byte \(offset) is not zstd; ignored"
        case .emptyDirectory: "\(path): directory holds no *.jsonl, *.json, *.log, *.gz or *.zst files"
        case .cannotListDirectory(_, let code): "\(path): cannot list directory: \(Self.message(for: code))"
        case .brokenEntry(_, let code):
            "\(path): cannot open: \(Self.message(for: code))\(code == ENOENT ? " (a dangling symbolic link)" : "")"
        case .unsupportedCompression(_, let format, let tool):
            "\(path): \(format)-compressed; atk reads plain text, gzip and zstd: \(tool) \(path) | atk ... -"
        case .changedWhileReading:
            "\(path): the file shrank while it was read (truncated in place, as logrotate's copytruncate does); "
                + "lines past its new end were lost or read as zero bytes (malformed)"
        }
    }

    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why (part of) an input could not be read. Every case names the input; the command layer maps
/// all of them to exit code 3 after the rest of the input has been read.
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
    /// A directory argument with no dump files in it.
    case emptyDirectory(path: String)

    /// The input the error is about.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .readFailed(let path, _, _), .truncatedGzip(let path, _),
            .corruptGzip(let path, _, _), .trailingGarbage(let path, _), .emptyDirectory(let path):
            path
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "\(path): cannot open: \(Self.message(for: code))"
        case .readFailed(let path, let code, let offset):
            "\(path): read failed at byte \(offset): \(Self.message(for: code))"
        case .truncatedGzip(let path, let offset):
            "\(path): gzip stream truncated at byte \(offset); lines before it were read"
        case .corruptGzip(let path, let offset, let message):
            "\(path): corrupt gzip data at byte \(offset) (\(message)); lines before it were read"
        case .trailingGarbage(let path, let offset):
            "\(path): data after the last gzip member at byte \(offset) is not gzip; ignored"
        case .emptyDirectory(let path): "\(path): directory holds no *.jsonl, *.json, *.log or *.gz files"
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

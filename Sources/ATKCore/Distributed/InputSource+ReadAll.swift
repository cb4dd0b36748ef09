#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension InputSource {
    /// The whole content of the file or of standard input, unparsed: for the small texts of a
    /// distributed run (a manifest, shard records for one partial, partial files).
    ///
    /// - Throws: ``InputError/cannotOpen(path:errno:)`` or ``InputError/readFailed(path:errno:offset:)``.
    /// - Complexity: O(bytes); memory holds all of them.
    public func readAll() throws(InputError) -> [UInt8] {
        let descriptor: Int32
        switch self {
        case .standardInput: descriptor = 0
        case .file(let path):
            descriptor = PathName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .readFailed(path: path, errno: errno, offset: Int64(bytes.count)) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}

extension InputSource {
    /// Throws unless the input is a file that opens for reading here (`atk dist merge` reading
    /// the manifest's inputs again, relative to its own directory).
    ///
    /// - Throws: ``InputError/cannotOpen(path:errno:)``; `EINVAL` for standard input.
    public func checkOpens() throws(InputError) {
        guard case .file(let path) = self else { throw .cannotOpen(path: "-", errno: EINVAL) }
        let descriptor = PathName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        close(descriptor)
    }
}

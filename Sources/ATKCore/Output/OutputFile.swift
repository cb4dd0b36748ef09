#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way atk writes a file: every report (`-o`), `--bad-rows`, rewritten dumps,
/// generated dumps and truth files go through it.
///
/// - `-` is standard output; `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N`
///   are the descriptors they name, written in place.
/// - A regular file, or a path that does not exist yet, is written atomically: bytes go to an
///   exclusively created temporary file with an unpredictable name (`.NAME.atk-XXXXXXXXXXXX`,
///   hidden, so no directory listing reads it) in the same directory, opened without following
///   symbolic links, which ``commit()`` renames over the final name. Until then the old file is
///   untouched; on SIGINT, SIGTERM, SIGHUP or SIGPIPE the temporary file is removed
///   (``TemporaryFiles``). A replaced file keeps its permission bits.
/// - A symbolic link is followed to the file it names, and that file is replaced atomically;
///   the link stays a link.
/// - Anything else that exists (a FIFO, a character device, a socket) is opened and written in
///   place, never replaced; a directory is refused.
public final class OutputFile {
    /// The path as given (for messages: ``displayName``).
    public let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// The temporary file and the final path, for an atomic write.
    private let atomic: (temporary: String, final: String)?
    private var finished = false

    /// The path for messages.
    public var displayName: String { path == "-" ? "standard output" : PathName.display(path) }

    /// Whether the output is written in place (standard output, a descriptor, a FIFO or a device).
    public var isInPlace: Bool { atomic == nil }

    /// Opens `path` for writing as described on the type.
    /// - Throws: ``OutputError`` (`.refused` for a directory or a symbolic-link loop, `.failed`
    ///   when the file cannot be created).
    public init(path: String) throws(OutputError) {
        self.path = path
        (descriptor, atomic) = try Self.openDescriptor(path)
        ownsDescriptor = true
    }

    /// The descriptor to write and, for an atomic write, the temporary and final paths.
    private static func openDescriptor(_ path: String) throws(OutputError) -> (
        Int32, (temporary: String, final: String)?
    ) {
        let shown = PathName.display(path)
        if let number = descriptorNumber(path) {
            let copy = dup(number)
            guard copy >= 0 else { throw OutputError(.failed, "\(shown): cannot write: \(message(errno))") }
            return (copy, nil)
        }
        let target = try followLinks(path)
        let existing = PathName.status(target)
        if let existing, existing.st_mode & S_IFMT != S_IFREG {
            if existing.st_mode & S_IFMT == S_IFDIR {
                throw OutputError(.refused, "\(shown) is a directory; name a file to write")
            }
            let fd = PathName.withCString(target) { Glibc.open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
            guard fd >= 0 else { throw OutputError(.failed, "\(shown): cannot open for writing: \(message(errno))") }
            return (fd, nil)
        }
        let (fd, temporary) = try createTemporary(beside: target, displayName: shown)
        if let existing { _ = fchmod(fd, existing.st_mode & 0o7777) }
        return (fd, (temporary, target))
    }

    /// Standard output (for `-`).
    public static func standardOutput() -> OutputFile {
        // `-` never throws: it is descriptor 1, duplicated.
        (try? OutputFile(path: "-")) ?? OutputFile(descriptor: 1)
    }

    private init(descriptor: Int32) {
        path = "-"
        self.descriptor = descriptor
        ownsDescriptor = false
        atomic = nil
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw OutputError(.failed, "\(displayName): write failed: \(Self.message(errno))") }
            offset += n
        }
    }

    /// Writes the UTF-8 of `text`.
    public func write(_ text: String) throws(OutputError) {
        var text = text
        let result: Result<Void, OutputError> = text.withUTF8 { buffer in
            do throws(OutputError) {
                try write(UnsafeRawBufferPointer(buffer))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Finishes the output: for an atomic write, flushes the temporary file to disk and renames it
    /// over the final name.
    ///
    /// Nothing appears under the final name before this.
    public func commit() throws(OutputError) {
        guard !finished else { return }
        finished = true
        guard let atomic else {
            if ownsDescriptor { _ = close(descriptor) }
            return
        }
        var failure: String?
        if fsync(descriptor) != 0 && errno != EINVAL && errno != EROFS {
            failure = "cannot flush: \(Self.message(errno))"
        }
        if close(descriptor) != 0 && failure == nil { failure = "cannot close: \(Self.message(errno))" }
        if failure == nil {
            let renamed = PathName.withCString(atomic.temporary) { from in
                PathName.withCString(atomic.final) { to in rename(from, to) }
            }
            if renamed != 0 { failure = "cannot rename into place: \(Self.message(errno))" }
        }
        if let failure {
            PathName.withCString(atomic.temporary) { _ = unlink($0) }
            TemporaryFiles.remove(atomic.temporary)
            throw OutputError(.failed, "\(displayName): \(failure)")
        }
        TemporaryFiles.remove(atomic.temporary)
    }

    /// Abandons the output: the temporary file is removed and the old file stays as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        if ownsDescriptor { _ = close(descriptor) }
        if let atomic {
            PathName.withCString(atomic.temporary) { _ = unlink($0) }
            TemporaryFiles.remove(atomic.temporary)
        }
    }

    /// The descriptor a path names directly (`-`, `/dev/stdout`, `/dev/fd/3`, ...), if any.
    static func descriptorNumber(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// The path with every symbolic link followed (relative targets from the link's folder);
    /// the path itself when it does not exist (or names a missing file through a link).
    static func followLinks(_ path: String) throws(OutputError) -> String {
        var current = path
        for _ in 0..<40 {
            guard let info = PathName.linkStatus(current), info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let capacity = buffer.count - 1
            let length = PathName.withCString(current) { name in readlink(name, &buffer, capacity) }
            guard length > 0 else { return current }
            let target = PathName.string(bytes: buffer[0..<length].map { UInt8(bitPattern: $0) })
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        throw OutputError(.refused, "\(PathName.display(path)): too many levels of symbolic links")
    }

    /// The folder part of a path (`.` when it has none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func createTemporary(beside target: String, displayName: String) throws(OutputError) -> (
        Int32, String
    ) {
        let folder = directory(of: target)
        let base = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String((0..<12).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
            let temporary =
                (folder == "." && !target.hasPrefix("./") ? "" : folder + "/") + "." + base + ".atk-" + suffix
            TemporaryFiles.add(temporary)
            let fd = PathName.withCString(temporary) {
                Glibc.open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            }
            if fd >= 0 { return (fd, temporary) }
            let code = errno
            TemporaryFiles.remove(temporary)
            if code != EEXIST {
                throw OutputError(
                    .failed, "\(displayName): cannot create a file in \(PathName.display(folder)): \(message(code))")
            }
        }
        throw OutputError(.failed, "\(displayName): cannot create a temporary file in \(PathName.display(folder))")
    }

    static func message(_ code: Int32) -> String { InputError.message(for: code) }
}

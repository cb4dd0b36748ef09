#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input to read: a file or standard input.
public enum InputSource: Sendable, Hashable {
    /// A file, its path a byte string (``PathName``).
    case file(String)
    /// Standard input (`-`).
    case standardInput

    /// The name used in messages and reports (`-` for standard input): raw bytes as `\xFF`,
    /// control characters escaped.
    public var displayName: String {
        switch self {
        case .file(let path): PathName.display(path)
        case .standardInput: "-"
        }
    }

    /// The path as given (`-` for standard input), for ``InputError`` and opening.
    public var path: String {
        switch self {
        case .file(let path): path
        case .standardInput: "-"
        }
    }

    /// Whether the input can be read a second time with the same bytes: a regular file (not
    /// standard input, a pipe or a device).
    public var canBeReadAgain: Bool {
        guard case .file(let path) = self, let info = PathName.status(path) else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// File name endings read from a directory argument.
    public static let directoryExtensions = [".jsonl", ".json", ".log", ".gz", ".zst"]

    /// Turns command-line arguments into inputs: `-` is standard input, a directory stands for
    /// every `*.jsonl`, `*.json`, `*.log` and `*.gz` directly inside it (not hidden), sorted by
    /// name (bytewise); anything else is a file (checked when it is opened, so a missing file is
    /// reported in order).
    ///
    /// A file named twice (by the same or another path, a link, or a directory) is read once,
    /// with a note. A directory with no dump files, one that cannot be listed, and an entry
    /// with a dump name that cannot be opened (a dangling or looping symbolic link) are errors:
    /// the command reads the rest and exits 3.
    public static func resolve(_ arguments: [String]) -> ResolvedInputs {
        var resolved = ResolvedInputs()
        var seen: [FileIdentity: String] = [:]
        func add(_ source: InputSource) {
            let identity: FileIdentity?
            switch source {
            case .standardInput:
                var info = stat()
                identity = fstat(0, &info) == 0 ? FileIdentity(info) : nil
                if resolved.sources.contains(.standardInput) {
                    resolved.notes.append("- is named more than once; standard input is read once")
                    return
                }
            case .file(let path):
                identity = PathName.status(path).map(FileIdentity.init)
            }
            if let identity {
                if let first = seen[identity] {
                    resolved.notes.append("\(source.displayName) is the same file as \(first); it is read once")
                    return
                }
                seen[identity] = source.displayName
            }
            resolved.sources.append(source)
            resolved.identities.append(identity)
        }
        for argument in arguments {
            if argument == "-" {
                add(.standardInput)
                continue
            }
            guard let info = PathName.status(argument), info.st_mode & S_IFMT == S_IFDIR else {
                add(.file(argument))
                continue
            }
            resolved.directories.append((argument, FileIdentity(info)))
            let listing = directoryEntries(argument)
            if let code = listing.errno {
                resolved.errors.append(.cannotListDirectory(path: argument, errno: code))
                continue
            }
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            for broken in listing.broken {
                resolved.errors.append(.brokenEntry(path: prefix + broken.name, errno: broken.errno))
            }
            if listing.names.isEmpty && listing.broken.isEmpty {
                resolved.errors.append(.emptyDirectory(path: argument))
            }
            for name in listing.names { add(.file(prefix + name)) }
        }
        return resolved
    }

    /// Whether a directory entry's name is read: not hidden, with a dump file ending.
    static func isDumpName(_ name: String) -> Bool {
        !name.hasPrefix(".") && directoryExtensions.contains { name.hasSuffix($0) }
    }

    /// The dump files directly inside `path`, sorted by their bytes, and the entries with a
    /// dump name that cannot be opened; `errno` when the directory cannot be listed.
    private static func directoryEntries(_ path: String) -> (
        names: [String], broken: [(name: String, errno: Int32)], errno: Int32?
    ) {
        guard let dir = PathName.withCString(path, { opendir($0) }) else { return ([], [], errno) }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        var broken: [(name: String, errno: Int32)] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { return ([], [], errno) }
                break
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            let name = PathName.string(bytes: bytes)
            guard isDumpName(name) else { continue }
            guard let info = PathName.status(path + "/" + name) else {
                broken.append((name, errno))
                continue
            }
            if info.st_mode & S_IFMT == S_IFREG { names.append(bytes) }
        }
        let sorted = names.sorted { $0.lexicographicallyPrecedes($1) }.map { PathName.string(bytes: $0) }
        return (sorted, broken.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }, nil)
    }
}

/// A file's device and inode: the same for every path (link, `..`, hard link) that reaches it.
public struct FileIdentity: Hashable, Sendable {
    /// The device holding the file.
    public let device: UInt64
    /// The file's inode on that device.
    public let inode: UInt64

    /// The identity in a `stat` result.
    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// What ``InputSource/resolve(_:)`` made of the arguments.
public struct ResolvedInputs: Sendable {
    /// The inputs to read, in order, each file once.
    public var sources: [InputSource] = []
    /// Each source's identity (nil for a file that does not exist, or a terminal or pipe).
    public var identities: [FileIdentity?] = []
    /// The directory arguments and their identities.
    public var directories: [(path: String, identity: FileIdentity)] = []
    /// What cannot be read (exit 3 once the rest is read).
    public var errors: [InputError] = []
    /// Warnings to print before reading (a file named twice).
    public var notes: [String] = []

    /// Nothing yet.
    public init() {}
}

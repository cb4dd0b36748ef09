#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input to read: a file or standard input.
public enum InputSource: Sendable, Hashable {
    case file(String)
    case standardInput

    /// The name used in messages and reports (`-` for standard input).
    public var displayName: String {
        switch self {
        case .file(let path): path
        case .standardInput: "-"
        }
    }

    /// File name endings read from a directory argument.
    public static let directoryExtensions = [".jsonl", ".json", ".log", ".gz"]

    /// Turns command-line arguments into inputs: `-` is standard input, a directory stands for
    /// every `*.jsonl`, `*.json`, `*.log` and `*.gz` directly inside it, sorted by name; anything
    /// else is a file (checked when it is opened, so a missing file is reported in order).
    ///
    /// - Returns: the inputs, and an error for each directory that held no dump files.
    public static func resolve(_ arguments: [String]) -> (sources: [InputSource], errors: [InputError]) {
        var sources: [InputSource] = []
        var errors: [InputError] = []
        for argument in arguments {
            if argument == "-" {
                sources.append(.standardInput)
                continue
            }
            var info = stat()
            guard stat(argument, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                sources.append(.file(argument))
                continue
            }
            let names = directoryEntries(argument).filter { name in
                !name.hasPrefix(".") && directoryExtensions.contains { name.hasSuffix($0) }
            }.sorted()
            if names.isEmpty { errors.append(.emptyDirectory(path: argument)) }
            let prefix = argument.hasSuffix("/") ? argument : argument + "/"
            sources.append(contentsOf: names.map { .file(prefix + $0) })
        }
        return (sources, errors)
    }

    private static func directoryEntries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            var info = stat()
            if stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { names.append(name) }
        }
        return names
    }
}

import Foundation
import Testing

/// Runs the built `atk` binary, as a user or a cron job would.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output parsed as a JSON object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:]
        }
    }

    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `atk` built next to this test bundle (or `ATK_BINARY`).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["ATK_BINARY"] { return URL(fileURLWithPath: path) }
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("atk"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("atk"),
            root.appendingPathComponent(".build/debug/atk"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }()

    /// A file in `Samples/`.
    static func sample(_ name: String) -> String {
        root.appendingPathComponent("Samples").appendingPathComponent(name).path
    }

    /// Runs `atk arguments...` (in `directory`, when given), feeding `input` on standard input.
    static func run(_ arguments: [String], input: Data? = nil, directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var stdout = Data(), stderr = Data()
        group.enter()
        DispatchQueue.global().async {
            stdout = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            stderr = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// The standard output of `gzip arguments...` (`-c FILE` to compress, `-dc FILE` to inflate).
func gzip(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}

/// A scratch directory removed when the test ends.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("atk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Reads a JSON file as an object.
func loadJSON(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
}

extension Dictionary where Key == String, Value == Any {
    subscript(object key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    subscript(array key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    subscript(int key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
}

import ATKCore
import Foundation

/// Collects everything a reader reports, copying what it keeps.
struct RecordingVisitor: DumpVisitor {
    struct Seen: Equatable {
        var line: Int
        var event: String?
        var distinctId: String?
    }

    var events: [Seen] = []
    var malformed: [(line: Int, reason: MalformedLine.Reason)] = []
    var fileIndexes: [Int] = []

    mutating func visit(_ event: Event) {
        events.append(
            Seen(line: event.location.line, event: event.event?.stringValue, distinctId: event.distinctId?.stringValue))
        fileIndexes.append(event.location.fileIndex)
    }

    mutating func visitMalformed(_ line: MalformedLine) {
        malformed.append((line.location.line, line.reason))
    }
}

/// A scratch directory removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("atk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Gzip-compresses bytes with the library's own writer (one member).
func gzip(_ bytes: [UInt8], in directory: TemporaryDirectory, name: String) throws -> [UInt8] {
    let path = directory.path(name)
    let writer = try DumpWriter(path: path, gzip: true)
    try writer.write(bytes)
    try writer.close()
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Reads inputs with a fresh reader.
func read(_ sources: [InputSource], blockSize: Int = 1 << 20) -> (RecordingVisitor, [FileReport]) {
    var visitor = RecordingVisitor()
    let reports = DumpReader(sources: sources, blockSize: blockSize).read(into: &visitor)
    return (visitor, reports)
}

/// Parses one line with the scanner; the event's values are copied out by `body`.
func withEvent<R>(_ line: String, _ body: @escaping (Event) -> R) -> R? {
    let directory = try? TemporaryDirectory()
    guard let directory, let path = try? directory.write("line.jsonl", line) else { return nil }
    var capture = EventCapture(body: body)
    _ = DumpReader(sources: [.file(path)]).read(into: &capture)
    return capture.result
}

/// Runs a closure on the first event read.
struct EventCapture<R>: DumpVisitor {
    let body: (Event) -> R
    var result: R?
    mutating func visit(_ event: Event) { if result == nil { result = body(event) } }
    mutating func visitMalformed(_ line: MalformedLine) {}
}

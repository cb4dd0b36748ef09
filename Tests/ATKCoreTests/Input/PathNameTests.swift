import Foundation
import Testing

@testable import ATKCore

@Suite("File names as bytes, and text safe for a terminal")
struct PathNameTests {
    @Test("any bytes survive the round trip through a String")
    func roundTrip() {
        let samples: [[UInt8]] = [
            Array("plain.jsonl".utf8), [0xFF, 0x2E, 0x6A], [0xC3, 0xA9], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80],
            [0xF4, 0x8F, 0xBB, 0xBF], Array("日志.gz".utf8), [0x80, 0x80, 0xC0, 0xAF],
        ]
        for bytes in samples {
            #expect(PathName.bytes(PathName.string(bytes: bytes)) == bytes)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                UInt8.random(in: 1...255, using: &generator)
            }
            #expect(PathName.bytes(PathName.string(bytes: bytes)) == bytes)
        }
    }

    @Test("names are shown with raw bytes as \\xFF and control characters escaped")
    func display() {
        #expect(PathName.display(PathName.string(bytes: [0xFF] + Array("a.jsonl".utf8))) == "\\xFFa.jsonl")
        #expect(PathName.display("a\u{1B}[31m.gz") == "a\\x1B[31m.gz")
        #expect(PathName.display("日志.gz") == "日志.gz")
    }

    @Test("a non-UTF-8 name is listed in a directory and opened")
    func nonUTF8Names() throws {
        let directory = try TemporaryDirectory()
        let name = PathName.string(bytes: [0xFF, 0xFE] + Array(".jsonl".utf8))
        let path = directory.url.path + "/" + name
        let fd = PathName.withCString(path) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0)
        let line = Array(#"{"event":"A"}"#.utf8) + [0x0A]
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let resolved = InputSource.resolve([directory.url.path])
        #expect(resolved.sources == [.file(path)])
        let (visitor, reports) = read(resolved.sources)
        #expect(visitor.events.map(\.event) == ["A"])
        #expect(reports[0].error == nil)
    }

    @Test("control characters become visible escapes; layout survives only where asked")
    func terminalText() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\u{07}") == "a\\x1B[2Jb\\x07")
        #expect(TerminalText.escaped("line\nnext\r\tx\u{7F}") == "line\\nnext\\r\\tx\\x7F")
        #expect(TerminalText.escaped("c1\u{85}\u{9B}") == "c1\\u{85}\\u{9B}")
        #expect(TerminalText.escaped("日本 é ok") == "日本 é ok")
        #expect(TerminalText.sanitizedLayout("a\tb\nc\u{1B}d\re") == "a\tb\nc\\x1Bd\\re")
    }
}

@Suite("Inputs: directories, links, compression, files named twice")
struct InputResolutionTests {
    @Test("dangling and looping links in a directory are errors; the rest is read")
    func brokenLinks() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("a.jsonl", "{}\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path("b.jsonl"), withDestinationPath: "nowhere")
        try FileManager.default.createSymbolicLink(atPath: directory.path("c.json"), withDestinationPath: "c.json")
        try FileManager.default.createSymbolicLink(atPath: directory.path("d.txt"), withDestinationPath: "nowhere")
        let resolved = InputSource.resolve([directory.url.path])
        #expect(resolved.sources == [.file(directory.path("a.jsonl"))])
        #expect(resolved.errors.map(\.path) == [directory.path("b.jsonl"), directory.path("c.json")])
        #expect(resolved.errors[0].description.contains("dangling"))
    }

    @Test("a directory that cannot be listed is an error")
    func unlistable() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("x.jsonl", "{}\n")
        let resolved = InputSource.resolve([file + "/"])
        #expect(resolved.errors.isEmpty)  // a file, reported when opened
        if getuid() != 0 {
            let locked = directory.path("locked")
            try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
            chmod(locked, 0o000)
            defer { chmod(locked, 0o755) }
            #expect(InputSource.resolve([locked]).errors == [.cannotListDirectory(path: locked, errno: EACCES)])
        }
    }

    @Test("the same file named twice, by a link or a directory, is read once with a note")
    func duplicates() throws {
        let directory = try TemporaryDirectory()
        let dump = try directory.write("a.jsonl", "{}\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.txt"), withDestinationPath: dump)
        let resolved = InputSource.resolve([
            dump, directory.path("link.txt"), directory.url.path, directory.path("./a.jsonl"),
        ])
        #expect(resolved.sources == [.file(dump)])
        #expect(resolved.notes.count == 3)
        #expect(resolved.notes.allSatisfy { $0.contains("read once") })
    }

    @Test("bzip2, xz, lz4 and zip are named by their magic bytes, and not read as text")
    func foreignCompression() throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, [UInt8], String)] = [
            ("a.bz2", Array("BZh91AY&SY".utf8), "bzip2"), ("b.xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz"),
            ("e.lz4", [0x04, 0x22, 0x4D, 0x18, 0x64], "lz4"), ("f.zip", [0x50, 0x4B, 0x03, 0x04, 0x14], "zip"),
        ]
        for (name, bytes, format) in cases {
            let path = try directory.write(name, bytes + Array(repeating: 0x41, count: 100))
            let (visitor, reports) = read([.file(path)])
            #expect(visitor.malformed.isEmpty && visitor.events.isEmpty)
            #expect(reports[0].error?.description.contains("\(format)-compressed") == true, "\(name)")
        }
        // Text that merely starts like a magic number is still text.
        let text = try directory.write("t.jsonl", "BZh is not bzip2\n{\"event\":\"A\"}\n")
        let (visitor, reports) = read([.file(text)])
        #expect(visitor.events.count == 1 && reports[0].error == nil)
    }
}

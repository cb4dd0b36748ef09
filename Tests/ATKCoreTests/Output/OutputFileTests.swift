import Foundation
import Testing

@testable import ATKCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Output files: atomic, never over what is not a regular file")
struct OutputFileTests {
    func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    func hiddenTemporaries(_ directory: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).filter {
            $0.contains(".atk-")
        }
    }

    @Test("a regular file is replaced only at commit, keeping its permission bits")
    func atomicReplace() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("report.txt", "old")
        chmod(path, 0o640)
        let output = try OutputFile(path: path)
        try output.write("new report")
        #expect(contents(path) == "old")
        #expect(hiddenTemporaries(directory).count == 1)
        try output.commit()
        #expect(contents(path) == "new report")
        #expect(hiddenTemporaries(directory).isEmpty)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
    }

    @Test("a discarded or abandoned output leaves the old file and no temporary file")
    func discard() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("report.txt", "old")
        let output = try OutputFile(path: path)
        try output.write("half")
        output.discard()
        #expect(contents(path) == "old")
        do {
            let abandoned = try OutputFile(path: directory.path("new.txt"))
            try abandoned.write("half")
        }
        #expect(hiddenTemporaries(directory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.txt")))
    }

    @Test("temporary names are unpredictable and hidden; two writers never share one")
    func temporaryNames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("out.json")
        let first = try OutputFile(path: path)
        let second = try OutputFile(path: path)
        let names = hiddenTemporaries(directory)
        #expect(names.count == 2)
        #expect(names.allSatisfy { TemporaryFiles.contains(directory.path($0)) })
        #expect(names.allSatisfy { $0.hasPrefix(".out.json.atk-") && $0.count == ".out.json.atk-".count + 12 })
        first.discard()
        second.discard()
        #expect(!names.contains { TemporaryFiles.contains(directory.path($0)) })
    }

    @Test("a planted symbolic link at a predictable name is never followed")
    func plantedLink() throws {
        let directory = try TemporaryDirectory()
        let victim = try directory.write("victim", "precious")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("out.gz.atk-partial"), withDestinationPath: victim)
        let output = try OutputFile(path: directory.path("out.gz"))
        try output.write("data")
        try output.commit()
        #expect(contents(victim) == "precious")
        #expect(contents(directory.path("out.gz")) == "data")
    }

    @Test("a symbolic link is followed: the file it names is replaced, the link stays a link")
    func symbolicLink() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("target.txt", "old")
        try FileManager.default.createSymbolicLink(
            atPath: directory.path("link.txt"), withDestinationPath: "target.txt")
        let output = try OutputFile(path: directory.path("link.txt"))
        try output.write("new")
        try output.commit()
        #expect(contents(target) == "new")
        #expect(
            (try FileManager.default.attributesOfItem(atPath: directory.path("link.txt"))[.type] as? FileAttributeType)
                == .typeSymbolicLink)
    }

    @Test("a character device is written in place, never replaced")
    func device() throws {
        let output = try OutputFile(path: "/dev/null")
        #expect(output.isInPlace)
        try output.write("nothing")
        try output.commit()
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("a FIFO is written in place and stays a FIFO")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let reader = Thread {
            _ = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile()
        }
        reader.start()
        let output = try OutputFile(path: path)
        try output.write("through the pipe")
        try output.commit()
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a directory is refused, a missing folder fails")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: OutputError.self) { try OutputFile(path: directory.url.path) }
        do {
            _ = try OutputFile(path: directory.url.path)
        } catch {
            #expect(error.kind == .refused)
        }
        do {
            _ = try OutputFile(path: directory.path("missing/out.txt"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .failed)
        }
    }
}

@Suite("Output guard: no output is an input")
struct OutputGuardTests {
    @Test("the same file by path, link, hard link, .. and directory listing is refused")
    func sameFile() throws {
        let directory = try TemporaryDirectory()
        let dump = try directory.write("d.jsonl", "{}\n")
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.jsonl"), withDestinationPath: dump)
        try FileManager.default.linkItem(atPath: dump, toPath: directory.path("hard.jsonl"))
        try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: false)
        let inputs = InputSource.resolve([dump])
        for output in [
            dump, directory.path("link.jsonl"), directory.path("hard.jsonl"), directory.path("sub/../d.jsonl"),
        ] {
            #expect(throws: OutputError.self) { try OutputGuard.check([("-o", output)], against: inputs) }
        }
        let listed = InputSource.resolve([directory.url.path])
        #expect(throws: OutputError.self) { try OutputGuard.check([("-o", dump)], against: listed) }
        #expect(try OutputGuard.check([("-o", directory.path("other.txt"))], against: inputs).isEmpty)
    }

    @Test("two outputs naming one file are refused")
    func twice() throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("out.json")
        #expect(throws: OutputError.self) {
            try OutputGuard.check(
                [("-o", out), ("--bad-rows", directory.path("./out.json"))], against: ResolvedInputs())
        }
    }

    @Test("a new output inside an input directory is noted")
    func insideInputDirectory() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("day1.jsonl", "{}\n")
        let inputs = InputSource.resolve([directory.url.path])
        let notes = try OutputGuard.check([("-o", directory.path("report.json"))], against: inputs)
        #expect(notes.count == 1 && notes[0].contains("inside the input directory"))
        #expect(try OutputGuard.check([("-o", directory.path("report.txt"))], against: inputs).isEmpty)
    }
}

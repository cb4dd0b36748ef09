import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The trust promises, tried as a hostile user would: no command writes over an input or over
/// what is not a regular file, nothing from data reaches the terminal raw, bad inputs are named.
@Suite("Safety, end to end")
struct SafetyEndToEndTests {
    static let dump = CLI.sample("demo.jsonl.gz")

    /// Every command that writes a file, with the arguments that make it write `out` while
    /// reading `input`.
    static let writers: [(name: String, arguments: @Sendable (String, String) -> [String])] = [
        ("stats -o", { out, input in ["stats", "-o", out, input] }),
        ("validate -o", { out, input in ["validate", "-o", out, input] }),
        ("validate --bad-rows", { out, input in ["validate", "--bad-rows", out, input] }),
        ("funnel -o", { out, input in ["funnel", "--steps", "$AppStart,AddToCart", "-o", out, input] }),
        ("funnel --path -o", { out, input in ["funnel", "--path", "DL_HOME", "-o", out, input] }),
        ("impressions -o", { out, input in ["impressions", "-o", out, input] }),
        ("elements verify -o", { out, input in ["elements", "verify", "-o", out, input] }),
        ("elements top -o", { out, input in ["elements", "top", "-o", out, input] }),
        ("elements drift -o", { out, input in ["elements", "drift", "-o", out, input] }),
        (
            "elements match -o",
            { out, input in ["elements", "match", "--config", CLI.sample("visualized.json"), "-o", out, input] }
        ),
        ("elements rebuild -o", { out, input in ["elements", "rebuild", "-o", out, input] }),
        ("plan infer -o", { out, input in ["plan", "infer", "-o", out, input] }),
    ]

    func bytes(_ path: String) -> Data? { try? Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("no command writes over its input: exit 2 before reading, the dump untouched", arguments: writers.indices)
    func outputIsInput(_ index: Int) throws {
        let scratch = try Scratch()
        let dump = scratch.path("d.gz")
        try FileManager.default.copyItem(atPath: Self.dump, toPath: dump)
        let original = bytes(dump)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.gz"), withDestinationPath: dump)
        try FileManager.default.linkItem(atPath: dump, toPath: scratch.path("hard.gz"))
        try FileManager.default.createDirectory(atPath: scratch.path("sub"), withIntermediateDirectories: false)
        let writer = Self.writers[index]
        for (out, input) in [
            (dump, dump), (scratch.path("link.gz"), dump), (scratch.path("hard.gz"), dump),
            (scratch.path("sub/../d.gz"), dump), (dump, scratch.url.path),
        ] {
            let result = try CLI.run(writer.arguments(out, input))
            #expect(result.status == 2, "\(writer.name) \(out) \(input)")
            #expect(result.stderr.contains("is an input"), "\(writer.name): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(writer.name) read before refusing")
            #expect(bytes(dump) == original, "\(writer.name) changed the dump")
        }
    }

    @Test("standard input redirected from the output file is refused too")
    func standardInputIsOutput() throws {
        let scratch = try Scratch()
        let dump = scratch.path("d.gz")
        try FileManager.default.copyItem(atPath: Self.dump, toPath: dump)
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["stats", "-o", dump, "-"]
        process.standardInput = FileHandle(forReadingAtPath: dump)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(bytes(dump) == bytes(Self.dump))
    }

    @Test("-o /dev/null, a FIFO, /dev/stdout and a symbolic link: written, never replaced")
    func nonRegularOutputs() throws {
        let null = try CLI.run(["stats", "-o", "/dev/null", Self.dump])
        #expect(null.status == 0 && null.stdout.isEmpty)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        let stdout = try CLI.run(["stats", "-o", "/dev/stdout", Self.dump])
        #expect(stdout.status == 0 && stdout.stdout.contains("6,657 events"))

        let scratch = try Scratch()
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread { received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let piped = try CLI.run(["stats", "--format", "json", "-o", fifo, Self.dump])
        #expect(piped.status == 0)
        while !reader.isFinished { usleep(10_000) }
        #expect(String(decoding: received, as: UTF8.self).contains("\"command\": \"stats\""))
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        let target = scratch.path("target.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.txt"), withDestinationPath: "target.txt")
        #expect(try CLI.run(["stats", "-o", scratch.path("link.txt"), Self.dump]).status == 0)
        #expect(String(decoding: bytes(target) ?? Data(), as: UTF8.self).contains("6,657 events"))
        #expect(
            (try FileManager.default.attributesOfItem(atPath: scratch.path("link.txt"))[.type] as? FileAttributeType)
                == .typeSymbolicLink)
    }

    @Test("SIGINT and SIGTERM mid-run: temporary files removed, old outputs untouched", arguments: [SIGINT, SIGTERM])
    func interrupted(_ signal: Int32) throws {
        let scratch = try Scratch()
        let input = scratch.path("in.jsonl")
        #expect(mkfifo(input, 0o600) == 0)
        let badRows = scratch.path("bad.gz")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: badRows))
        let pid = try Self.spawnWithSignalsDeliverable([
            "validate", "--bad-rows", badRows, "-o", scratch.path("report.json"), input,
        ])
        // Hold the FIFO open and feed one line, so atk is mid-read.
        let writer = FileHandle(forWritingAtPath: input)
        writer?.write(Data("{\"event\":\"A\"}\n".utf8))
        var temporaries: [String] = []
        for _ in 0..<200 {
            temporaries = (try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)).filter {
                $0.contains(".atk-")
            }
            if temporaries.count == 2 { break }
            usleep(10_000)
        }
        #expect(temporaries.count == 2)
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? writer?.close()
        #expect(status & 0x7F == signal, "wait status \(status)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(left.filter { $0.contains(".atk-") }.isEmpty)
        #expect(!left.contains("report.json"))
        #expect(bytes(badRows) == Data("keep".utf8))
    }

    /// Starts atk with no signal blocked and default actions (a test runner's threads may block
    /// signals, and `Process` passes that mask on), standard streams on /dev/null.
    static func spawnWithSignalsDeliverable(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([CLI.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, CLI.binary.path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }

    /// A dump whose names, ids and values carry ESC, BEL, CR, newlines and C1 controls.
    static func hostileDump(in scratch: Scratch) throws -> String {
        let esc = "\u{1B}[31m", forged = "\natk: forged", c1 = "\u{85}\u{9B}"
        var lines: [String] = []
        func line(_ object: [String: Any]) throws {
            lines.append(
                String(
                    decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            )
        }
        for (index, user) in ["u" + esc, "v" + forged].enumerated() {
            let time = 1_788_248_827_115 + index * 1000
            try line([
                "type": "track", "event": "$AppStart", "distinct_id": user, "time": time,
                "properties": ["$app_version": "1" + esc],
            ])
            try line([
                "type": "track", "event": "$AppViewScreen", "distinct_id": user, "time": time + 1,
                "properties": ["$screen_name": "Home" + forged + "\u{07}", "$app_version": "1" + forged],
            ])
            for offset in 2...3 {
                try line([
                    "type": "track", "event": "$AppExposure", "distinct_id": user, "time": time + offset,
                    "properties": [
                        "$screen_name": "Home" + forged, "$element_path": "UIView" + esc + "/UIButton[0]",
                        "$element_type": "UIButton" + c1,
                    ],
                ])
            }
            try line([
                "type": "track", "event": "$AppClick", "distinct_id": user, "time": time + 4,
                "properties": [
                    "$screen_name": "Home" + forged, "$element_path": "UIView" + esc + "/UIButton[0]",
                    "$element_content": "Buy" + forged, "$responder_chain": "x" + esc,
                ],
            ])
            try line([
                "type": "track", "event": "Evil" + esc + forged, "distinct_id": user, "time": time + 5,
                "properties": ["k" + forged: "v\r\u{07}"],
            ])
            try line([
                "type": "tr" + esc, "event": "AddToCart", "distinct_id": user, "time": time + 6,
                "properties": ["user_action_path": ["DL" + esc, "X" + forged]],
            ])
        }
        lines.append("not json \u{1B}]0;title\u{07}")
        let path = scratch.path("evil\u{1B}[31m\u{07}.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let readingCommands: [[String]] = [
        ["stats"], ["validate"], ["validate", "--breakdown", "$app_version"],
        ["validate", "--plan", CLI.sample("plan.json")],
        ["funnel", "--steps", "$AppStart,AddToCart"],
        ["funnel", "--steps", "$AppStart,AddToCart", "--breakdown", "$app_version"],
        ["funnel", "--path", "DL"], ["impressions"], ["impressions", "--breakdown", "$app_version"],
        ["elements", "verify"],
        ["elements", "top"], ["elements", "drift"], ["elements", "match", "--config", CLI.sample("visualized.json")],
    ]

    @Test(
        "no control character from data or a file name reaches text output or standard error",
        arguments: readingCommands)
    func terminalSafe(_ command: [String]) throws {
        let scratch = try Scratch()
        let path = try Self.hostileDump(in: scratch)
        let result = try CLI.run(command + [path])
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let raw = text.unicodeScalars.filter { scalar in
                (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
            }
            #expect(raw.isEmpty, "\(command) \(stream): \(raw.map { String($0.value, radix: 16) })")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("atk: forged") }, "\(command) \(stream)")
        }
        #expect(result.stdout.contains("\\x1B[31m") || result.stderr.contains("\\x1B[31m"), "\(command)")
    }

    @Test("JSON keeps the exact values that text escapes")
    func jsonKeepsValues() throws {
        let scratch = try Scratch()
        let path = try Self.hostileDump(in: scratch)
        let result = try CLI.run(["stats", "--format", "json", path])
        let events = result.json[array: "events"].compactMap { $0["event"] as? String }
        #expect(events.contains("Evil\u{1B}[31m\natk: forged"))
    }

    @Test("a file name that is not UTF-8 is read, by name and from a directory, and shown escaped")
    func nonUTF8FileName() throws {
        let scratch = try Scratch()
        var name = Array(scratch.url.path.utf8) + Array("/\u{FF}".utf8)
        name = Array(scratch.url.path.utf8) + [0x2F, 0xFF, 0xFE] + Array(".jsonl".utf8)
        let fd = name.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer -> Int32 in
            var terminated = Array(buffer)
            terminated.append(0)
            return open(terminated, O_WRONLY | O_CREAT, 0o644)
        }
        #expect(fd >= 0)
        let line = Array("{\"type\":\"track\",\"event\":\"A\",\"distinct_id\":\"u\",\"time\":1}\n".utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let fromDirectory = try CLI.run(["stats", "--format", "json", scratch.url.path])
        #expect(fromDirectory.status == 0)
        #expect(fromDirectory.json[object: "summary"][int: "events"] == 1)
        #expect(fromDirectory.stdout.contains("\\\\xFF\\\\xFE.jsonl"))
        // By name: through a shell, which passes the raw bytes on.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" stats \"$1\"/$(printf '\\377\\376').jsonl", CLI.binary.path, scratch.url.path]
        let out = Pipe()
        shell.standardOutput = out
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(text.contains("1 file, 1 lines, 1 events"))
    }

    @Test("dangling and looping links in an input directory: named, exit 3, the rest read")
    func brokenEntries() throws {
        let scratch = try Scratch()
        try FileManager.default.copyItem(atPath: Self.dump, toPath: scratch.path("a.jsonl.gz"))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("b.jsonl"), withDestinationPath: "gone.jsonl")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("c.json"), withDestinationPath: "c.json")
        let result = try CLI.run(["stats", scratch.url.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("b.jsonl: cannot open") && result.stderr.contains("dangling"))
        #expect(result.stderr.contains("c.json: cannot open: Too many levels of symbolic links"))
        #expect(result.stdout.contains("6,657 events"))
    }

    @Test("bzip2 and xz inputs are named (exit 3), not read as text")
    func foreignCompression() throws {
        let scratch = try Scratch()
        let cases = [("x.bz2", "BZh91AY&SY"), ("x.xz", "\u{FD}7zXZ\u{0}")]
        for (name, magic) in cases {
            var data = Data(magic.unicodeScalars.map { UInt8($0.value) })
            data.append(Data(repeating: 0x41, count: 50))
            try data.write(to: URL(fileURLWithPath: scratch.path(name)))
            let result = try CLI.run(["stats", scratch.path(name), Self.dump])
            #expect(result.status == 3, "\(name)")
            #expect(
                result.stderr.contains("compressed; atk reads plain text, gzip and zstd"), "\(name): \(result.stderr)")
            #expect(result.stdout.contains("6,682 lines, 6,657 events, 25 malformed"), "\(name)")
        }
    }

    @Test("the same file given twice is read once, with a note")
    func sameFileTwice() throws {
        let result = try CLI.run(["stats", Self.dump, Self.dump])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("1 file, 6,682 lines"))
        #expect(result.stderr.contains("read once"))
    }

    @Test("a report written into an input directory is not read; the next run refuses to overwrite it")
    func reportInsideInputDirectory() throws {
        let scratch = try Scratch()
        try FileManager.default.copyItem(atPath: Self.dump, toPath: scratch.path("day1.jsonl.gz"))
        let report = scratch.path("report.json")
        let first = try CLI.run(["stats", "--format", "json", "-o", report, scratch.url.path])
        #expect(first.status == 0)
        #expect(first.stderr.contains("inside the input directory"))
        #expect(try loadJSON(report)[object: "summary"][int: "files"] == 1)
        let second = try CLI.run(["stats", "--format", "json", "-o", report, scratch.url.path])
        #expect(second.status == 2 && second.stderr.contains("is an input"))
        #expect(try loadJSON(report)[object: "summary"][int: "files"] == 1)
    }

    @Test("a line over --max-line-bytes is malformed with its length; the next lines are read")
    func longLine() throws {
        let long = "{\"event\":\"" + String(repeating: "x", count: 5000) + "\"}"
        let input = "{\"event\":\"a\"}\n" + long + "\n{\"event\":\"b\"}\n"
        let result = try CLI.run(["stats", "--max-line-bytes", "1K", "-"], input: Data(input.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("2 events, 1 malformed"))
        #expect(result.stdout.contains("-:2: line too long: 5012 bytes, over the limit of 1024"))
        let usage = try CLI.run(["stats", "--max-line-bytes", "2G", "-"], input: Data())
        #expect(usage.status == 2)
    }

    @Test("an endless line keeps memory flat: 300 MB of zero bytes through a pipe")
    func endlessLine() throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["stats", "--quiet", "-"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let chunk = Data(count: 1 << 20)
        var peak = 0
        for index in 0..<300 {
            input.fileHandleForWriting.write(chunk)
            if index % 20 == 0,
                let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peak = max(peak, kb)
            }
        }
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("line too long: 314572800 bytes"))
        #expect(peak > 0 && peak < 150_000, "peak RSS \(peak) KB")
    }

    @Test("CSV cells that a spreadsheet would run as formulas are neutralised; numbers are not")
    func csvInjection() throws {
        let lines = [
            #"{"type":"track","event":"$AppStart","distinct_id":"u","time":1000,"properties":{"$app_version":"=cmd|' /C calc'!A0"}}"#,
            #"{"type":"track","event":"AddToCart","distinct_id":"u","time":2000,"properties":{"$app_version":"=cmd|' /C calc'!A0"}}"#,
            #"{"type":"track","event":"$AppStart","distinct_id":"w","time":1000,"properties":{"$app_version":"-2"}}"#,
            #"{"type":"track","event":"$AppStart","distinct_id":"x","time":1000,"properties":{"$app_version":"@SUM(1)"}}"#,
        ]
        let result = try CLI.run(
            ["funnel", "--steps", "$AppStart,AddToCart", "--breakdown", "$app_version", "--format", "csv", "-"],
            input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0)
        let cells = result.stdout.split(separator: "\n").flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        #expect(!cells.contains { $0.hasPrefix("=") || $0.hasPrefix("@") || $0.hasPrefix("\"=") })
        #expect(result.stdout.contains("'=cmd|' /C calc'!A0"))
        #expect(result.stdout.contains("'@SUM(1)"))
        #expect(result.stdout.contains(",-2,"))
    }
}

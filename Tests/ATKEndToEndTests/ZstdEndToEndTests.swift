import CZstd
import Foundation
import Testing

/// zstd dumps through the built binary: the same report as the gzip sample, damage as exit 3.
@Suite("zstd end to end")
struct ZstdEndToEndTests {
    /// The demo dump's text compressed as one zstd frame with a checksum, as `zstd` writes it.
    static func demoFrame() throws -> [UInt8] {
        let text = try gzip(["-dc", CLI.sample("demo.jsonl.gz")])
        guard let context = ZSTD_createCCtx() else { return [] }
        defer { ZSTD_freeCCtx(context) }
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
        var out = [UInt8](repeating: 0, count: ZSTD_compressBound(text.count))
        let size = out.withUnsafeMutableBytes { dst in
            text.withUnsafeBytes { ZSTD_compress2(context, dst.baseAddress, dst.count, $0.baseAddress, $0.count) }
        }
        #expect(ZSTD_isError(size) == 0)
        return Array(out.prefix(size))
    }

    @Test("a .zst dump gives the gzip sample's report; its file entry says zstd")
    func sameReport() throws {
        let scratch = try Scratch()
        let path = scratch.path("demo.jsonl.zst")
        try Data(try Self.demoFrame()).write(to: URL(fileURLWithPath: path))
        let zstd = try CLI.run(["stats", "--format", "json", path])
        let gzip = try CLI.run(["stats", "--format", "json", CLI.sample("demo.jsonl.gz")])
        #expect(zstd.status == 0)
        let summary = { (result: CLI.Result) in
            (result.json["summary"] as? [String: Any])?.filter { $0.key != "input_bytes" }
        }
        #expect(
            summary(zstd).map { NSDictionary(dictionary: $0) } == summary(gzip).map { NSDictionary(dictionary: $0) })
        let file = (zstd.json["files"] as? [[String: Any]])?.first
        #expect(file?["zstd"] as? Bool == true && file?["zstd_frames"] as? Int == 1 && file?["gzip"] as? Bool == false)
    }

    @Test("a cut .zst dump: every line before the cut is counted, and the command exits 3")
    func truncated() throws {
        let scratch = try Scratch()
        let frame = try Self.demoFrame()
        let path = scratch.path("cut.zst")
        try Data(frame.prefix(frame.count / 2)).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["stats", path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("cut.zst: zstd stream truncated at byte \(frame.count / 2)"))
        #expect(result.stdout.hasPrefix("1 file, "))
    }
}

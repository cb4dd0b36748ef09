import Foundation
import Testing

@testable import ATKCore

@Suite("Rewriting a dump with rebuilt identifiers")
struct ElementRebuilderTests {
    private func rebuild(_ text: String, fix: Bool, gzip: Bool = false) throws -> (ElementRebuilder, [UInt8]) {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.jsonl", text)
        let output = directory.path(gzip ? "out.jsonl.gz" : "out.jsonl")
        let writer = try DumpWriter(path: output, gzip: gzip)
        var rebuilder = ElementRebuilder(writer: writer, fix: fix)
        _ = DumpReader(sources: [.file(input)]).read(into: &rebuilder)
        try writer.close()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        if gzip {
            // Read it back with the reader: the text must be what the plain rewrite gives.
            #expect(bytes.prefix(2) == [0x1F, 0x8B])
            var lines = RawLines()
            _ = DumpReader(sources: [.file(output)]).read(into: &lines)
            bytes = lines.bytes
        }
        return (rebuilder, bytes)
    }

    /// Collects lines as the reader returns them, joined with LF.
    struct RawLines: DumpVisitor {
        var bytes: [UInt8] = []
        mutating func visit(_ event: Event) { bytes += event.line + [0x0A] }
        mutating func visitMalformed(_ line: MalformedLine) { bytes += line.bytes + [0x0A] }
    }

    private let missing = ElementLines.event(
        #""$screen_name":"HomeViewController","$element_position":"0:3""#, chain: ElementLines.cellChain)
    private let wrong = ElementLines.event(
        #""$screen_name":"Home","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]","$element_position":"0:3""#,
        chain: ElementLines.cellChain)
    private let invalid = ElementLines.event(#""$screen_name":"Home""#, chain: #"["UIButton|widget"]"#)
    private let plain = #"{"event":"$AppStart", "properties" : { "x" : 1 } }"#
    private let malformed = #"{"event":"$AppClick","properties":{"#

    @Test func copiesEveryLineAndChangesOnlyWhatIsMissing() throws {
        let input = [plain, "", malformed, missing, wrong, invalid, "  "].joined(separator: "\n") + "\n"
        let (rebuilder, output) = try rebuild(input, fix: false)
        let outLines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Blank lines stay (empty) so line numbers do not move; a trailing blank line is not seen.
        #expect(
            outLines.map(String.init) == [
                plain, "", malformed,
                missing.replacingOccurrences(
                    of: #"}}"#, with: #","$element_path":"UIView/UICollectionView[0]/ProductCell[0][-]"}}"#), wrong,
                invalid, "",
            ])
        #expect(rebuilder.lines == 5 && rebuilder.changedLines == 1 && rebuilder.malformedLines == 1)
        #expect(rebuilder.withChain == 3 && rebuilder.invalidChains == 1)
        #expect(rebuilder.added == [1, 0, 0] && rebuilder.replaced == [0, 0, 0])
        #expect(rebuilder.mismatchesLeft == [0, 0, 1])
    }

    @Test func fixesWrongValuesWithFix() throws {
        let (rebuilder, output) = try rebuild([missing, wrong].joined(separator: "\n"), fix: true)
        let outLines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(outLines[1] == wrong.replacingOccurrences(of: #""Home""#, with: #""HomeViewController""#))
        #expect(rebuilder.changedLines == 2 && rebuilder.added == [1, 0, 0] && rebuilder.replaced == [0, 0, 1])
        #expect(rebuilder.mismatchesLeft == [0, 0, 0])
    }

    @Test func writesGzipThatReadsBackToTheSameLines() throws {
        let input = [plain, malformed, missing, wrong].joined(separator: "\n") + "\n"
        let (_, plainOutput) = try rebuild(input, fix: true)
        let (_, gzipOutput) = try rebuild(input, fix: true, gzip: true)
        #expect(gzipOutput == plainOutput)
    }
}

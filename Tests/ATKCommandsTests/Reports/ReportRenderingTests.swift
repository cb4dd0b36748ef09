import ATKCore
import Testing

@testable import ATKCommands

/// The report types render every format their command writes, from analyses fed nothing.
@Suite("Report rendering")
struct ReportRenderingTests {
    static let reports = [FileReport(source: .file("a.jsonl"))]

    @Test("one text per format, text first, JSON in the standard envelope")
    func formats() throws {
        let stats = ReportRendering.stats(StatsCollector(), Self.reports)
        #expect(stats.count == TextOrJSONFormat.allCases.count)
        #expect(stats[0].hasPrefix("1 file, 0 lines, 0 events, 0 malformed, 0 users\n"))
        #expect(stats[1].contains("\"tool\": \"atk\""))
        #expect(stats[1].contains("\"command\": \"stats\""))
        let verify = ReportRendering.elementsVerify(ElementVerifier(maxExamples: 1), Self.reports)
        #expect(verify.count == 2)
        #expect(verify[1].contains("\"command\": \"elements verify\""))
    }

    @Test("a report's render matches what ReportRendering gives atk-fuzz")
    func sameAsCommand() {
        let report = StatsReport(stats: StatsCollector(), reports: Self.reports)
        #expect(ReportRendering.all(report) == [report.render(.text), report.render(.json)])
    }

    @Test("totals over inputs add every input")
    func totals() {
        var a = FileReport(source: .file("a"))
        a.lines = 3
        a.malformedLines = 1
        a.bytes = 10
        a.inputBytes = 4
        var b = FileReport(source: .standardInput)
        b.lines = 2
        b.bytes = 5
        let reports = [a, b]
        #expect(reports.totalLines == 5)
        #expect(reports.totalMalformedLines == 1)
        #expect(reports.totalBytes == 15)
        #expect(reports.totalInputBytes == 4)
        #expect([FileReport]().totalLines == 0)
    }
}

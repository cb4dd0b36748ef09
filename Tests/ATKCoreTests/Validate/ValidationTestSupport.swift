import Foundation

@testable import ATKCore

/// 2026-09-01 00:00:00 UTC, the clock of these tests.
let testNow: Int64 = 1_788_220_800_000

/// One event line as JSON text; each field is raw JSON (nil leaves it out).
func eventLine(
    _ event: String? = "\"ProductView\"", type: String? = "\"track\"", time: String? = "1788220000000",
    distinctId: String? = "\"u1\"", trackId: String? = "1", flushTime: String? = nil,
    properties: String? = "{\"$lib\":\"iOS\"}", originalId: String? = nil
) -> String {
    var members: [String] = []
    if let trackId { members.append("\"_track_id\":\(trackId)") }
    if let time { members.append("\"time\":\(time)") }
    if let type { members.append("\"type\":\(type)") }
    if let distinctId { members.append("\"distinct_id\":\(distinctId)") }
    if let originalId { members.append("\"original_id\":\(originalId)") }
    if let event { members.append("\"event\":\(event)") }
    if let properties { members.append("\"properties\":\(properties)") }
    if let flushTime { members.append("\"_flush_time\":\(flushTime)") }
    return "{" + members.joined(separator: ",") + "}"
}

/// A JSON string literal of `text`.
func quoted(_ text: String) -> String {
    var out = ""
    JSONOutput.writeString(text, to: &out)
    return out
}

/// What a validation of some lines found.
struct ValidationRun {
    var result: ValidationResult
    var findings: ValidationFindings { result.findings }

    /// Per rule id with findings: the lines reported, in order.
    var lines: [String: [Int]] {
        var out: [String: [Int]] = [:]
        for (index, rule) in findings.registry.rules.enumerated() where findings.counts[index] > 0 {
            out[rule.id] = findings.examples[index].map(\.location.line)
        }
        return out
    }

    /// The lines reported under `rule`.
    func lines(_ rule: String) -> [Int] { lines[rule] ?? [] }

    /// The examples of `rule`.
    func examples(_ rule: BuiltInRule) -> [ValidationExample] { findings.examples[rule.index] }
}

/// Validates `lines` (one per line, 1-based line numbers) with every example kept.
///
/// - Parameters:
///   - configure: changes the options (now, tolerances, rules, breakdown).
///   - request: changes the rest of the request (plan, fail policy).
func validate(
    _ lines: [String], configure: (inout ValidationOptions) -> Void = { _ in }, badRows: (any BadRowSink)? = nil,
    request change: (inout ValidationRequest) -> Void = { _ in }
) throws -> ValidationRun {
    try validate(bytes: lines.map { Array($0.utf8) }, configure: configure, badRows: badRows, request: change)
}

/// Validates lines given as bytes (which a Swift String cannot hold when they are not UTF-8),
/// like ``validate(_:configure:badRows:request:)``.
func validate(
    bytes lines: [[UInt8]], configure: (inout ValidationOptions) -> Void = { _ in }, badRows: (any BadRowSink)? = nil,
    request change: (inout ValidationRequest) -> Void = { _ in }
) throws -> ValidationRun {
    let directory = try TemporaryDirectory()
    let path = try directory.write("dump.jsonl", Array(lines.joined(separator: [0x0A])) + [0x0A])
    var options = ValidationOptions(now: testNow)
    options.maxExamples = 1000
    configure(&options)
    var request = ValidationRequest(options: options, badRows: badRows)
    change(&request)
    var validator = DumpValidator(request)
    let reports = DumpReader(sources: [.file(path)]).read(into: &validator)
    return ValidationRun(result: validator.finish(reading: reports))
}

/// Rows handed to a bad-rows sink.
final class RecordingBadRows: BadRowSink {
    var rows: [(line: Int, rules: [String], raw: [UInt8])] = []

    func write(location: LineLocation, rules: [String], raw: UnsafeRawBufferPointer) throws {
        rows.append((location.line, rules, Array(raw)))
    }
}

import ATKCore
import ATKFunnel
import Foundation

/// A track event line: `user` does `event` at `time` ms with `properties` (JSON members, no braces).
func track(_ user: String, _ time: Int64, _ event: String, _ properties: String = "") -> String {
    #"{"type":"track","distinct_id":"\#(user)","time":\#(time),"event":"\#(event)","properties":{\#(properties)}}"#
}

/// Reads `lines` (one dump file) into `visitor`.
func readLines<V: DumpVisitor>(_ lines: [String], into visitor: inout V) throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("dump.jsonl", lines.joined(separator: "\n") + "\n")
    _ = DumpReader(sources: [.file(path)]).read(into: &visitor)
}

/// Runs an event funnel over `lines`.
func eventFunnel(
    _ lines: [String], steps: String, window: String = "10ms", mode: FunnelMode = [],
    configure: (inout EventFunnelConfiguration) throws -> Void = { _ in }
) throws -> EventFunnelResult {
    var configuration = EventFunnelConfiguration(
        steps: try FunnelSteps(steps: try StepSpec.parseList(steps)), window: try FunnelWindow(parsing: window))
    configuration.mode = mode
    try configure(&configuration)
    var analysis = try EventFunnelAnalysis(configuration: configuration)
    try readLines(lines, into: &analysis)
    return analysis.result()
}

extension EventFunnelResult.Group {
    /// Users per step.
    var userCounts: [Int] { users.steps.map(\.count) }
}

/// Runs a path analysis over `lines`.
func pathFunnel(
    _ lines: [String], top: Int = 20, configure: (inout PathFunnelAnalysis.Configuration) throws -> Void = { _ in }
) throws -> PathFunnelResult {
    var configuration = PathFunnelAnalysis.Configuration()
    try configure(&configuration)
    var analysis = PathFunnelAnalysis(configuration: configuration)
    try readLines(lines, into: &analysis)
    return analysis.result(top: top)
}

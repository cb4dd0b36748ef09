import ATKFuzz
import Foundation
import Testing

/// Every input the fuzzer crashed on (`Inputs/<target>/<name>`), run through the same target as
/// `make fuzz` runs it: a crash here is the old bug back.
///
/// Docs/fuzzing.md.
@Suite("Fuzzer crash inputs replay without a crash")
struct FuzzRegressionTests {
    /// `Tests/ATKCoreTests/Fuzz/Inputs`.
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

    /// (target, file name) of every saved input.
    static let cases: [(String, String)] = {
        let manager = FileManager.default
        let targets = (try? manager.contentsOfDirectory(atPath: inputs.path)) ?? []
        return targets.sorted().flatMap { target in
            let names = (try? manager.contentsOfDirectory(atPath: inputs.appendingPathComponent(target).path)) ?? []
            return names.sorted().map { (target, $0) }
        }
    }()

    @Test("each saved input names a target and runs through it", arguments: cases)
    func replay(_ target: String, _ name: String) throws {
        let fuzzTarget = try #require(FuzzTarget(rawValue: target), "Inputs/\(target) is not a fuzz target")
        let bytes = try Data(contentsOf: Self.inputs.appendingPathComponent(target).appendingPathComponent(name))
        fuzzTarget.run(Array(bytes))
    }

    @Test("every target runs on the sample dump's first lines, and on nothing")
    func everyTarget() throws {
        let sample = Array(
            """
            {"type":"track","event":"$AppStart","distinct_id":"u","time":1788248827115,"properties":{}}
            {"type":"track","event":"$AppEnd","distinct_id":"u","time":1788248837115,"properties":{"event_duration":10}}

            """.utf8)
        for target in FuzzTarget.allCases {
            target.run(sample)
            target.run([])
        }
    }
}

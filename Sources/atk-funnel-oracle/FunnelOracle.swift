import ATKFunnel
import Foundation

/// Reads funnel cases as JSON lines on stdin and prints the engine's answer
/// for each as a JSON line; used by `tools/funnel_diff.py`.
///
/// Input line: `{"id":1,"steps":3,"window":10,"mode":"strict_order",
/// "events":[[time,mask],…],"exclusions":[time,…]}`.
/// Output line: `{"id":1,"level":2,"times":[…],"excluded":false,
/// "arbitraryBufferLevel":2,"orderedBufferLevel":2,
/// "attempts":[[level,excluded,time,…],…],"bufferedAttempts":[…]}`.
@main
struct FunnelOracle {
    struct Case: Decodable {
        var id: Int
        var steps: Int
        var window: Int64
        var mode: String
        var events: [[Int64]]
        var exclusions: [Int64]?
    }

    struct Answer: Encodable {
        var id: Int
        var level: Int
        var times: [Int64]
        var excluded: Bool
        var arbitraryBufferLevel: Int
        var orderedBufferLevel: Int
        var attempts: [[Int64]]
        var bufferedAttempts: [[Int64]]
    }

    struct OracleError: Error, CustomStringConvertible {
        var description: String
    }

    static func main() throws {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            let input = try decoder.decode(Case.self, from: Data(line.utf8))
            let answer = try solve(input)
            let data = try encoder.encode(answer)
            print(String(decoding: data, as: UTF8.self))
        }
    }

    static func solve(_ input: Case) throws -> Answer {
        guard let mode = FunnelMode(name: input.mode) else {
            throw OracleError(description: "unknown mode \(input.mode)")
        }
        let engine = try FunnelEngine(stepCount: input.steps, window: input.window, mode: mode)
        let events = try input.events.map { pair in
            guard pair.count == 2, let mask = UInt32(exactly: pair[1]) else {
                throw OracleError(description: "bad event \(pair)")
            }
            return FunnelEvent(time: pair[0], mask: mask)
        }
        let exclusions = input.exclusions ?? []
        let attempt = engine.attempt(for: events, exclusionTimes: exclusions)

        var arbitrary = FunnelEventBuffer(engine: engine, ordering: .arbitrary)
        for event in events { try arbitrary.append(event) }
        var ordered = FunnelEventBuffer(engine: engine, ordering: .timeOrdered)
        for event in events.sorted(by: { $0.time < $1.time }) { try ordered.append(event) }

        var conversions = FunnelEventBuffer(engine: engine, unit: .conversions, ordering: .timeOrdered)
        for event in events.sorted(by: { $0.time < $1.time }) { try conversions.append(event) }

        func encode(_ attempts: [FunnelAttempt]) -> [[Int64]] {
            attempts.map { [Int64($0.level), $0.isExcluded ? 1 : 0] + $0.stepTimes }
        }
        return Answer(
            id: input.id, level: attempt.level, times: attempt.stepTimes, excluded: attempt.isExcluded,
            arbitraryBufferLevel: engine.level(of: arbitrary.events),
            orderedBufferLevel: engine.level(of: ordered.events),
            attempts: encode(engine.attempts(for: events, exclusionTimes: exclusions)),
            bufferedAttempts: encode(engine.attempts(for: conversions.events, exclusionTimes: exclusions)))
    }
}

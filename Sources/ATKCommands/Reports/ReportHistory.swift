import ATKCore
import Foundation

/// `--history`: one JSON line of metrics per run, appended by rewriting the file atomically.
struct ReportHistory {
    /// The file's lines as they are (never changed, so nothing is lost).
    var lines: [String]

    /// The history at `path` (none when the file does not exist yet).
    static func read(_ path: String) throws -> ReportHistory {
        guard FileManager.default.fileExists(atPath: path) else { return ReportHistory(lines: []) }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return ReportHistory(lines: text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init))
        } catch {
            throw CommandError(
                "cannot read history \(PathName.display(path)): \(error.localizedDescription)",
                exit: CommandExit.unreadableInput)
        }
    }

    /// This run's line: `{"time": ISO-8601, "title": ..., "metrics": {...}}`.
    static func line(time: Date, title: String, metrics: JSONOutput) -> String {
        let formatter = ISO8601DateFormatter()
        return JSONOutput.object([
            ("time", .string(formatter.string(from: time))), ("title", .string(title)), ("metrics", metrics),
        ]).serialized()
    }

    /// The metrics of a line (nil for a line that is not a run's).
    static func metrics(_ line: String) -> [String: Double]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let metrics = object["metrics"] as? [String: Any]
        else { return nil }
        return metrics.compactMapValues(ReportBaseline.number)
    }
}

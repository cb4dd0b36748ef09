import ATKCore
import Foundation

/// The metrics of an earlier `report.json` (`--baseline`).
enum ReportBaseline {
    /// The `metrics` of the report at `path`: name → value (metrics without a value left out).
    ///
    /// A file that does not exist (the first run) gives no values, with a note: every
    /// `rises_by`/`falls_by` is then "not evaluated".
    /// - Throws: a usage error (exit 2) when the file is not an atk report.
    static func metrics(of path: String) throws -> [String: Double] {
        guard FileManager.default.fileExists(atPath: path) else {
            Terminal.diagnose(
                "note: no baseline \(PathName.display(path)) yet: rises_by and falls_by are not evaluated")
            return [:]
        }
        let data = try ConfigFile.read(path, as: "baseline ")
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["command"] as? String == "report", let metrics = object["metrics"] as? [String: Any]
        else {
            throw CommandError(
                "baseline \(PathName.display(path)) is not a report.json of atk report", exit: CommandExit.usage)
        }
        return metrics.compactMapValues(Self.number)
    }

    /// A JSON number as a Double (booleans, which JSONSerialization gives as `char` numbers,
    /// are not numbers).
    static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }
}

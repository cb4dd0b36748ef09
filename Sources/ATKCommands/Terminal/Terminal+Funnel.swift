import Foundation

extension Terminal {

    /// Milliseconds for people: `850 ms`, `12.3 s`, `4.5 min`, `2.1 h`, `1.5 d`; nil → `-`.
    static func duration(milliseconds: Double?) -> String {
        guard let ms = milliseconds else { return "-" }
        switch abs(ms) {
        case ..<1000: return String(format: "%.0f ms", ms)
        case ..<60_000: return String(format: "%.1f s", ms / 1000)
        case ..<3_600_000: return String(format: "%.1f min", ms / 60_000)
        case ..<86_400_000: return String(format: "%.1f h", ms / 3_600_000)
        default: return String(format: "%.1f d", ms / 86_400_000)
        }
    }

    /// A horizontal bar of `fraction` × `width` cells (eighths of a cell at the end), padded with
    /// spaces to `width` so that bars line up in a table.
    static func bar(_ fraction: Double, width: Int = 30) -> String {
        let eighths = Int((max(0, min(1, fraction)) * Double(width * 8)).rounded())
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let body = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
        return body + String(repeating: " ", count: width - body.count)
    }
}

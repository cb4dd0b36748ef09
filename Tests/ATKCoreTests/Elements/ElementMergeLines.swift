@testable import ATKCore

/// Hand-made inputs for the element analyses' merge tests: a dozen users over three inputs, with
/// rebuilt, recorded and invalid chains, mismatching and missing fields, versions in and out of
/// text order, clicks without a type, odd `distinct_id`s, malformed lines, and every text in its
/// two canonically equivalent forms (`é` and `e` + U+0301), which Swift strings take as one key
/// although a report prints the bytes of the first one seen.
enum ElementMergeLines {
    /// `stem` followed by `é`, precomposed or decomposed, as JSON escapes.
    static func accented(_ stem: String, decomposed: Bool) -> String {
        stem + (decomposed ? #"e\u0301"# : #"\u00e9"#)
    }

    private static let chains = [
        ElementLines.cellChain, ElementLines.buttonChain, ElementLines.containerChain,
        #"["UIButton|view|0|UILabel","UIView|view"]"#, #"[1,2]"#,
    ]
    private static let appVersions = ["2.9.0", "2.10.0", "2.10.0-b\u{e9}ta", "2.10.0-be\u{301}ta"]
    private static let osVersions = ["16.4", "17.0", "17.10"]

    /// The lines of input `file`: two to four per user, users in a different order per input.
    static func lines(file: Int) -> [String] {
        var lines: [String] = []
        for step in 0..<12 {
            let index = (step * (file + 1) * 5) % 12
            let user = "u\(index)"
            let decomposed = (index + file + step) % 2 == 1
            let app = appVersions[(index + file) % appVersions.count]
            let os = osVersions[(index * 7 + file) % osVersions.count]
            let screen = accented("Caf", decomposed: decomposed)
            let content = accented("Achet", decomposed: !decomposed)
            let type = index % 4 == 3 ? "" : #","$element_type":"UIButton""#
            lines.append(
                ElementLines.event(
                    #""$screen_name":"\#(screen)","$element_position":"0:\#(index % 5)","$element_content":"\#(content)""#
                        + type, user: user, chain: chains[(index + step) % chains.count], app: app, os: os,
                    lib: index % 3 == 0 ? "4.10.0" : "4.9.\(file)"))
            let path = "UIView/V\((index + file) % 3)/" + accented("Bouton", decomposed: decomposed)
            lines.append(
                ElementLines.event(
                    #""$screen_name":"Shop","$element_path":"\#(path)","$element_content":"\#(content)""# + type,
                    user: user, app: app, os: os))
            if step % 3 == file {
                lines.append(ElementLines.event("", name: "$AppViewScreen", user: user, chain: ElementLines.cellChain))
            }
            if step % 4 == file {
                lines.append(#"{"event":"$AppClick","properties":{"$element_content":"#)
            }
        }
        lines.append(ElementLines.event(#""$element_content":"x","$element_type":"UIButton""#, user: #"u\u0031"#))
        lines.append(
            ElementLines.event(#""$screen_name":"Shop","$element_path":"UIView/V0","$element_type":"UIButton""#)
                .replacingOccurrences(of: #""distinct_id":"u1""#, with: #""distinct_id":42"#))
        lines.append(#"{"event":"$AppClick","properties":{"$screen_name":"Shop","$element_path":"UIView/V9"}}"#)
        lines.append("[1,2]")
        return lines
    }

    /// Three inputs of ``lines(file:)``, as bytes.
    static var inputs: [[UInt8]] {
        (0..<3).map { Array((lines(file: $0).joined(separator: "\n") + "\n").utf8) }
    }

    /// `text`'s bytes: Swift compares strings by canonical equivalence, a report prints bytes.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}

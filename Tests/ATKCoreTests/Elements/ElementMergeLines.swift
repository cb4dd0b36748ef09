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
    private static let osVersions = ["16.4", "17.0", "17.10-b\u{e9}ta", "17.10-be\u{301}ta"]

    /// The lines of input `file`: two to four per click, for users and forms drawn from a seeded
    /// sequence, so every split puts a user's first form in some partial other than the first.
    static func lines(file: Int) -> [String] {
        var lines: [String] = []
        var state = UInt64(file + 1) &* 0x9E37_79B9_7F4A_7C15
        func draw(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(count))
        }
        for step in 0..<36 {
            let index = draw(12)
            let user = "u\(index)"
            let version = draw(appVersions.count)
            let app = appVersions[version]
            let osIndex = draw(osVersions.count)
            let os = osVersions[osIndex]
            let screen = accented("Caf", decomposed: draw(2) == 1)
            let content = accented("Achet", decomposed: draw(2) == 1)
            let type = draw(5) == 0 ? "" : #","$element_type":"UIButton""#
            lines.append(
                ElementLines.event(
                    #""$screen_name":"\#(screen)","$element_position":"0:\#(index % 5)","$element_content":"\#(content)""#
                        + type, user: user, chain: chains[draw(chains.count)], app: app, os: os,
                    lib: index % 3 == 0 ? "4.10.0" : "4.9.\(file)"))
            // Each app version moves the button, and so does the newest OS: drifts of both kinds.
            let folder = "UIView/V\(min(version, 2))/" + (osIndex >= 2 ? "Bar/" : "")
            let path = folder + accented("Bouton", decomposed: draw(2) == 1)
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

}

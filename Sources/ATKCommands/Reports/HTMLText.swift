/// Small pieces of HTML for `report.html`: escaping, tables and bars that read without SVG.
enum HTMLText {
    /// `text` with `& < > " '` as entities and characters HTML forbids (controls,
    /// noncharacters) as U+FFFD: safe in text and in quoted attributes.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += "\u{FFFD}"
            case _ where (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A table cell: numbers (`numeric`) right-aligned.
    struct Cell {
        /// The cell's HTML (already escaped).
        var html: String
        /// Whether it is a number.
        var numeric = false

        /// A text cell, escaped.
        static func text(_ text: String) -> Cell { Cell(html: escaped(text)) }
        /// A number cell.
        static func number(_ text: String) -> Cell { Cell(html: escaped(text), numeric: true) }
    }

    /// A real table with a caption (its title), a header row and body rows.
    static func table(caption: String, _ header: [Cell], _ rows: [[Cell]]) -> String {
        var out = "<table>\n<caption>\(escaped(caption))</caption>\n<thead><tr>"
        for cell in header { out += "<th scope=\"col\"\(cell.numeric ? " class=\"n\"" : "")>\(cell.html)</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for cell in row { out += "<td\(cell.numeric ? " class=\"n\"" : "")>\(cell.html)</td>" }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// A horizontal bar of `fraction` (0...1) as a CSS width, with inline colours so a mail
    /// client that drops the stylesheet still draws it; the number is in the cell beside it.
    static func bar(_ fraction: Double?, color: String = "#2f81f7") -> Cell {
        let width = max(0, min(1, fraction ?? 0)) * 100
        return Cell(
            html: "<div class=\"track\" style=\"background:#8c959f33;width:100%;height:12px\">"
                + "<div style=\"background:\(color);width:\(String(format2: width))%;height:12px\"></div></div>")
    }
}

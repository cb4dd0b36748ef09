/// A Sankey diagram of node-to-node flows as inline SVG: nodes in columns by their depth,
/// each flow a band as wide as its count, every band and node titled with its numbers.
struct SankeyDiagram {
    /// A flow from one node to the next.
    struct Flow {
        /// The node the flow leaves.
        var source: String
        /// The node it reaches.
        var target: String
        /// Its conversions.
        var count: Int
    }

    /// The flows, largest first.
    let flows: [Flow]

    private static let width = 900.0
    private static let nodeWidth = 10.0
    private static let gap = 12.0
    private static let columnHeight = 260.0

    /// The nodes in first-seen order, and each one's column: the longest chain of flows that
    /// reaches it, capped by the node count so cycles end.
    ///
    /// - Complexity: O(nodes × flows).
    private var layout: (nodes: [String], column: [String: Int]) {
        var nodes: [String] = []
        for flow in flows {
            for node in [flow.source, flow.target] where !nodes.contains(node) { nodes.append(node) }
        }
        var column = Dictionary(uniqueKeysWithValues: nodes.map { ($0, 0) })
        for _ in nodes.indices {
            var changed = false
            for flow in flows {
                let next = (column[flow.source] ?? 0) + 1
                if next < nodes.count, next > column[flow.target] ?? 0 {
                    column[flow.target] = next
                    changed = true
                }
            }
            if !changed { break }
        }
        return (nodes, column)
    }

    /// The diagram, titled `title`, with a text alternative naming every flow.
    func svg(title: String) -> String {
        let (nodes, column) = layout
        let columns = (column.values.max() ?? 0) + 1
        var size: [String: Int] = [:]
        for flow in flows {
            size[flow.source, default: 0] += flow.count
            size[flow.target, default: 0] += 0
        }
        var inflow: [String: Int] = [:]
        for flow in flows { inflow[flow.target, default: 0] += flow.count }
        for node in nodes { size[node] = max(size[node] ?? 0, inflow[node] ?? 0, 1) }
        let columnTotals = (0..<columns).map { index in
            nodes.filter { column[$0] == index }.reduce(0) { $0 + (size[$1] ?? 0) }
        }
        let busiest = Double(columnTotals.max() ?? 1)
        let perColumnNodes = (0..<columns).map { index in nodes.filter { column[$0] == index }.count }
        let scale = (Self.columnHeight - Self.gap * Double(max(0, (perColumnNodes.max() ?? 1) - 1))) / busiest
        var top: [String: Double] = [:]
        var x: [String: Double] = [:]
        let step = columns > 1 ? (Self.width - 160 - Self.nodeWidth) / Double(columns - 1) : 0
        for index in 0..<columns {
            var y = 20.0
            for node in nodes where column[node] == index {
                top[node] = y
                x[node] = 10 + Double(index) * step
                y += Double(size[node] ?? 1) * scale + Self.gap
            }
        }
        let height = Self.columnHeight + 40
        let e = HTMLText.escaped
        let alternative = flows.map { "\($0.source) to \($0.target): \($0.count)" }.joined(separator: "; ")
        var out =
            "<svg role=\"img\" aria-label=\"\(e(title)): \(e(alternative))\" width=\"900\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 900 \(Int(height))\"><title>\(e(title))</title>\n"
        var outOffset: [String: Double] = [:]
        var inOffset: [String: Double] = [:]
        for flow in flows {
            let band = Double(flow.count) * scale
            let x0 = (x[flow.source] ?? 0) + Self.nodeWidth
            let x1 = x[flow.target] ?? 0
            let y0 = (top[flow.source] ?? 0) + (outOffset[flow.source] ?? 0) + band / 2
            let y1 = (top[flow.target] ?? 0) + (inOffset[flow.target] ?? 0) + band / 2
            outOffset[flow.source, default: 0] += band
            inOffset[flow.target, default: 0] += band
            let middle = (x0 + x1) / 2
            let f = String.init(format2:)
            out +=
                "<path d=\"M\(f(x0)),\(f(y0)) C\(f(middle)),\(f(y0)) \(f(middle)),\(f(y1)) \(f(x1)),\(f(y1))\" "
                + "fill=\"none\" stroke=\"#2f81f7\" stroke-opacity=\"0.35\" stroke-width=\"\(f(max(band, 1)))\">"
                + "<title>\(e("\(flow.source) → \(flow.target): \(flow.count)"))</title></path>\n"
        }
        for node in nodes {
            let f = String.init(format2:)
            let nodeX = x[node] ?? 0
            let nodeY = top[node] ?? 0
            let h = Double(size[node] ?? 1) * scale
            out +=
                "<rect x=\"\(f(nodeX))\" y=\"\(f(nodeY))\" width=\"\(f(Self.nodeWidth))\" height=\"\(f(max(h, 1)))\" "
                + "fill=\"#1f6feb\"><title>\(e("\(node): \(size[node] ?? 0)"))</title></rect>"
                + "<text x=\"\(f(nodeX + Self.nodeWidth + 4))\" y=\"\(f(nodeY + max(h, 1) / 2 + 4))\">\(e(node))</text>\n"
        }
        return out + "</svg>\n"
    }
}

import ATKSchema

/// A `JSONInstance` over a flat node tape, standing in for atk's byte-tape view in tests.
struct TapeInstance: JSONInstance {
    /// One flattened value; containers list the tape indices of their children.
    private struct Node {
        var value: JSONValue
        var children: [Int] = []
        var keys: [[UInt8]] = []
    }

    /// The shared tape.
    private final class Tape {
        var nodes: [Node] = []

        func append(_ value: JSONValue) -> Int {
            let index = nodes.count
            nodes.append(Node(value: value))
            switch value {
            case .array(let elements):
                let children = elements.map { append($0) }
                nodes[index].children = children
            case .object(let members):
                let children = members.map { append($0.value) }
                nodes[index].children = children
                nodes[index].keys = members.map { Array($0.key.utf8) }
            default:
                break
            }
            return index
        }
    }

    private let tape: Tape
    private let index: Int

    init(_ value: JSONValue) {
        tape = Tape()
        index = tape.append(value)
    }

    private init(tape: Tape, index: Int) {
        self.tape = tape
        self.index = index
    }

    private var node: Node { tape.nodes[index] }

    var kind: JSONKind { node.value.kind }
    var boolValue: Bool { node.value.boolValue }
    var doubleValue: Double { node.value.doubleValue }
    var int64Value: Int64? { node.value.int64Value }
    var count: Int { node.children.count }

    func withStringUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try node.value.withStringUTF8(body)
    }

    func element(at i: Int) -> TapeInstance {
        TapeInstance(tape: tape, index: node.children[i])
    }

    func forEachMember(_ body: (UnsafeRawBufferPointer, TapeInstance) throws -> Bool) rethrows {
        let node = node
        for (key, child) in zip(node.keys, node.children) {
            let keepGoing = try key.withUnsafeBytes { try body($0, TapeInstance(tape: tape, index: child)) }
            if !keepGoing { return }
        }
    }

    func member(_ keyUTF8: UnsafeRawBufferPointer) -> TapeInstance? {
        let node = node
        for (key, child) in zip(node.keys, node.children) where key.elementsEqual(keyUTF8) {
            return TapeInstance(tape: tape, index: child)
        }
        return nil
    }
}

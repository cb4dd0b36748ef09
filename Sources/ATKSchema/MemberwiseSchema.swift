/// Schemas applied together to objects of one shape (a tracking plan's `common` and one event's
/// schema, applied to that event's properties), decided member by member with what each member
/// *name* needs worked out once per name.
///
/// It applies when every root constrains the object only through `type`, `required`,
/// `properties`, `patternProperties`, `additionalProperties`, `propertyNames`, `minProperties`
/// and `maxProperties`: which subschemas a member's value must meet, which `required` keys it
/// supplies and whether its name is refused then depend on the name alone. Checking an object is
/// then one array read per member plus the named values' own checks: no key comparison, no
/// pattern match on a key, no second pass for `required`. Values repeat (`"iOS"`, an app
/// version, a screen name), so a value whose JSON text was found valid for the same name
/// recently is not checked again (``Memo``; instances without their text are always checked).
///
/// The answer is exact: `isValid` is true exactly when ``CompiledSchema/isValid(_:)`` holds for
/// every schema. It does not say why an object fails; validate it with the schemas for that
/// (rare) case.
public struct MemberwiseSchema {
    /// What a member of one name needs.
    struct Rule {
        /// Subschemas the member's value must meet: a range of `valueNodes`.
        var nodes: Range<Int>
        /// The `required` keys the member supplies, as bits of `allRequired`.
        var required: UInt64
        /// Whether the name itself is refused (`additionalProperties: false`, `propertyNames`).
        var refused: Bool
    }

    private let program: SchemaProgram
    private let roots: [Int]
    /// Every root's `required` keys back to back (a key may repeat), as ranges of `tables.keys`.
    private let requiredKeys: [Range<Int>]
    private let allRequired: UInt64
    private let minProperties: Int
    private let maxProperties: Int
    /// Some root admits no object (`type` without `object`): every object fails.
    private let refusesObjects: Bool

    private var rules: [Rule] = []
    /// Per rule, `Memo.slots` remembered texts of `Memo.width` bytes, and their lengths (0: empty).
    private var memoText: [UInt8] = []
    private var memoLength: [UInt8] = []
    private var valueNodes: [Int] = []
    /// Per member id: `unknown`, `unconstrained`, or the index of its rule + 1.
    private var ruleOfId: [Int32] = []
    private static let unknown: Int32 = 0
    /// A name no schema says anything about (most members of an event): nothing to check.
    private static let unconstrained: Int32 = -1

    /// - Returns: nil when the schemas come from different compilations, or some root uses a
    ///   keyword beyond the object keywords above, or they require more than 64 keys in all.
    public init?(_ schemas: [CompiledSchema]) {
        guard let program = schemas.first?.program, schemas.allSatisfy({ $0.program === program }) else { return nil }
        var required: [Range<Int>] = []
        var minProperties = 0, maxProperties = Int.max
        var refusesObjects = false
        for schema in schemas {
            for index in program.nodes[schema.root].keywords {
                switch program.tables.keywords[index] {
                case .type(let types): refusesObjects = refusesObjects || !types.contains(.object)
                case .required(let keys): required.append(keys)
                case .minProperties(let n): minProperties = max(minProperties, n)
                case .maxProperties(let n): maxProperties = min(maxProperties, n)
                case .object, .propertyNames: break
                default: return nil
                }
            }
        }
        let count = required.reduce(0) { $0 + $1.count }
        guard count <= 64 else { return nil }
        self.program = program
        roots = schemas.map(\.root)
        requiredKeys = required
        allRequired = count == 64 ? ~0 : (1 << UInt64(count)) - 1
        self.minProperties = minProperties
        self.maxProperties = maxProperties
        self.refusesObjects = refusesObjects
    }

    /// Whether the object `object` is valid against every schema.
    ///
    /// - Parameters:
    ///   - memberIds: for each member of `object`, in order, a small non-negative id of its
    ///     decoded name: equal names must have equal ids (an interner's ids), at least as many ids
    ///     as members.
    /// - Returns: false as well when `object` is not an object (validate it with the schemas).
    /// - Complexity: O(members) plus the checks of the values that subschemas name; an object
    ///   with a name seen for the first time is walked once more, to look the name up in each
    ///   root's applicators.
    public mutating func isValid<I: JSONInstance>(_ object: I, memberIds: UnsafeBufferPointer<Int32>) -> Bool {
        guard object.kind == .object, !refusesObjects else { return false }
        let count = object.count
        guard count >= minProperties, count <= maxProperties, memberIds.count >= count else { return false }
        if let valid = decide(object, memberIds) { return valid }
        var position = 0
        object.forEachMember { key, _ in
            let id = Int(memberIds[position])
            position += 1
            if id >= ruleOfId.count || ruleOfId[id] == Self.unknown { learn(key, id: id) }
            return true
        }
        return decide(object, memberIds) ?? false
    }

    /// Whether `object` is valid, once every member's name has its rule; nil otherwise.
    private mutating func decide<I: JSONInstance>(_ object: I, _ memberIds: UnsafeBufferPointer<Int32>) -> Bool? {
        var present: UInt64 = 0
        var valid: Bool? = true
        var position = 0
        let program = program
        memoText.withUnsafeMutableBufferPointer { memoText in
            memoLength.withUnsafeMutableBufferPointer { memoLength in
                ruleOfId.withUnsafeBufferPointer { ruleOfId in
                    rules.withUnsafeBufferPointer { rules in
                        valueNodes.withUnsafeBufferPointer { valueNodes in
                            object.forEachMemberValue { value in
                                let id = Int(memberIds[position])
                                position += 1
                                let slot = id < ruleOfId.count ? ruleOfId[id] : Self.unknown
                                if slot == Self.unconstrained { return true }
                                guard slot != Self.unknown else {
                                    valid = nil
                                    return false
                                }
                                let rule = rules[Int(slot) - 1]
                                present |= rule.required
                                if rule.refused {
                                    valid = false
                                    return false
                                }
                                if rule.nodes.isEmpty { return true }
                                // A value judged valid for this rule before needs no second look.
                                var memo = -1
                                let known = value.withSourceText { text in
                                    guard let text else { return false }
                                    memo = Memo.index(of: text, rule: Int(slot) - 1)
                                    return Memo.holds(text, at: memo, memoText, memoLength)
                                }
                                if known { return true }
                                for node in rule.nodes
                                where !program.isValid(typeOnly: valueNodes[node], value, depth: 1) {
                                    valid = false
                                    return false
                                }
                                if memo >= 0 {
                                    value.withSourceText { text in
                                        text.map { Memo.store($0, at: memo, memoText, memoLength) }
                                    }
                                }
                                return true
                            }
                        }
                    }
                }
            }
        }
        guard let valid else { return nil }
        return valid && present == allRequired
    }

    /// Values' JSON texts remembered per rule: a few texts per rule, up to `width` bytes each, in a
    /// slot picked from the text's length and two of its bytes.
    ///
    /// Only the texts of values found valid are stored, so a hit is exact; a miss costs the checks
    /// it would have cost.
    enum Memo {
        static let slots = 8
        static let width = 32

        /// The slot of `text` for rule `rule` (an index into the lengths; times `width`, into the
        /// texts), or -1 when the text is too long to remember.
        static func index(of text: UnsafeRawBufferPointer, rule: Int) -> Int {
            let count = text.count
            guard count > 0, count <= width else { return -1 }
            let hash = count &+ Int(text[count >> 1]) &* 3 &+ Int(text[(count - 1) >> 2]) &* 5
            return rule * slots + hash & (slots - 1)
        }

        static func holds(
            _ text: UnsafeRawBufferPointer, at index: Int, _ texts: UnsafeMutableBufferPointer<UInt8>,
            _ lengths: UnsafeMutableBufferPointer<UInt8>
        ) -> Bool {
            guard index >= 0, Int(lengths[index]) == text.count else { return false }
            let start = index * width
            for i in 0..<text.count where texts[start + i] != text[i] {
                return false
            }
            return true
        }

        static func store(
            _ text: UnsafeRawBufferPointer, at index: Int, _ texts: UnsafeMutableBufferPointer<UInt8>,
            _ lengths: UnsafeMutableBufferPointer<UInt8>
        ) {
            let start = index * width
            for i in 0..<text.count { texts[start + i] = text[i] }
            lengths[index] = UInt8(text.count)
        }
    }

    /// Works out the rule of member name `key` and remembers it for `id`.
    private mutating func learn(_ key: UnsafeRawBufferPointer, id: Int) {
        let tables = program.tables
        let start = valueNodes.count
        var refused = false
        for root in roots {
            for index in program.nodes[root].keywords {
                switch tables.keywords[index] {
                case .object(let object):
                    let applicators = tables.objects[object]
                    var matched = false
                    if let named = tables.namedNode(applicators, for: key) {
                        matched = true
                        valueNodes.append(named)
                    }
                    for entry in tables.patternProperties[applicators.patterns] where tables.matches(entry.pattern, key)
                    {
                        matched = true
                        valueNodes.append(entry.node)
                    }
                    if !matched, let additional = applicators.additional {
                        if applicators.additionalIsFalse { refused = true } else { valueNodes.append(additional) }
                    }
                case .propertyNames(let names):
                    // The keywords of the root sit at depth 1.
                    if !program.isValid(names, PropertyNameInstance(utf8: key), depth: 1) { refused = true }
                default:
                    break
                }
            }
        }
        var required: UInt64 = 0
        var bit = 0
        for keys in requiredKeys {
            for keyIndex in keys {
                if tables.withKey(keyIndex, { JSONEquality.bytesEqual($0, key) }) { required |= 1 << UInt64(bit) }
                bit += 1
            }
        }
        if id >= ruleOfId.count { ruleOfId += repeatElement(Self.unknown, count: id + 1 - ruleOfId.count) }
        if start == valueNodes.count, required == 0, !refused {
            ruleOfId[id] = Self.unconstrained
        } else {
            rules.append(Rule(nodes: start..<valueNodes.count, required: required, refused: refused))
            memoText += repeatElement(0, count: Memo.slots * Memo.width)
            memoLength += repeatElement(0, count: Memo.slots)
            ruleOfId[id] = Int32(rules.count)
        }
    }
}

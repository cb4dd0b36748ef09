/// Everything compiled keywords refer to by index: keys and string constants as UTF-8,
/// subschema lists, object applicators, patterns and `enum`/`const` values.
///
/// Validation reads keywords, nodes and these entries for every value it checks. Keeping
/// them plain data (indices, ranges, numbers) in `ContiguousArray`s makes each read a copy
/// of a few bytes: no reference counting and no enum payload witnesses, which were most of
/// the cost of a schema check when keywords carried arrays and strings. The few entries
/// that hold references (`PatternMatcher`s, `JSONValue`s, message texts) are read only by
/// the keywords that need them.
struct SchemaTables: Sendable {
    /// A `properties` entry: the key (index into `keys`) and its subschema.
    struct NamedProperty: Sendable {
        let key: Int
        let node: Int
    }

    /// A `patternProperties` entry: the pattern (index into `patterns`) and its subschema.
    struct PatternProperty: Sendable {
        let pattern: Int
        let node: Int
    }

    /// A `dependentRequired` (draft-07 array `dependencies`) entry: the key and the keys it requires.
    struct DependentRequired: Sendable {
        let key: Int
        let required: Range<Int>
    }

    /// A `dependentSchemas` (draft-07 schema `dependencies`) entry: the key and its subschema.
    struct DependentSchema: Sendable {
        let key: Int
        let node: Int
    }

    /// A `$dynamicAnchor` name (a number given by the compiler) in one schema resource.
    struct DynamicAnchorKey: Sendable, Hashable {
        let resource: Int32
        let name: Int
    }

    /// An `enum` or `const`: its values, with the string values also as keys so a string
    /// instance is compared as bytes without touching a `JSONValue`.
    struct ValueSet: Sendable {
        /// Range of `values`.
        let values: Range<Int>
        /// Range of `keys`: the string values, in order.
        let strings: Range<Int>
        /// Whether some value is not a string (only those can equal a non-string instance).
        let hasNonStrings: Bool
    }

    /// Every node's keywords, node after node (`SchemaNode.keywords` is a range of it).
    var keywords: ContiguousArray<SchemaKeyword> = []
    /// The UTF-8 bytes of every key, back to back.
    var bytes: ContiguousArray<UInt8> = []
    /// Where each key's bytes are in `bytes`.
    var keys: ContiguousArray<Range<Int>> = []
    /// Each key as text, for messages.
    var keyNames: [String] = []
    /// Subschema lists (`allOf`, `anyOf`, `oneOf`, `prefixItems`).
    var nodeLists: ContiguousArray<Int> = []
    var objects: ContiguousArray<ObjectApplicators> = []
    /// `properties` of every object, each object's entries sorted by key length, then UTF-8 bytes.
    var named: ContiguousArray<NamedProperty> = []
    var patternProperties: ContiguousArray<PatternProperty> = []
    /// `pattern` and `patternProperties` matchers.
    var patterns: ContiguousArray<PatternMatcher> = []
    /// Per pattern, its `simpleBranches` when it is a simple pattern (`nil`: `LinearRegex` matches
    /// it).
    ///
    /// Matching reads these flat copies: reaching into the matchers copied one per match.
    var patternBranches: ContiguousArray<Range<Int>?> = []
    var simpleBranches: ContiguousArray<SimplePattern.Branch> = []
    var simpleAtoms: ContiguousArray<SimplePattern.Atom> = []
    var valueSets: ContiguousArray<ValueSet> = []
    var values: ContiguousArray<JSONValue> = []
    var dependentRequired: ContiguousArray<DependentRequired> = []
    var dependentSchemas: ContiguousArray<DependentSchema> = []
    /// The node of each `$dynamicAnchor` a dynamic `$dynamicRef` may resolve to.
    var dynamicAnchors: [DynamicAnchorKey: Int] = [:]

    // MARK: - Building

    /// Adds `names` as keys; returns their range of `keys`.
    mutating func addKeys(_ names: [String]) -> Range<Int> {
        let start = keys.count
        for name in names {
            let offset = bytes.count
            bytes.append(contentsOf: name.utf8)
            keys.append(offset..<bytes.count)
            keyNames.append(name)
        }
        return start..<keys.count
    }

    /// Adds one key; returns its index in `keys`.
    mutating func addKey(_ name: String) -> Int {
        addKeys([name]).lowerBound
    }

    /// Adds a subschema list; returns its range of `nodeLists`.
    mutating func addNodeList(_ nodes: [Int]) -> Range<Int> {
        let start = nodeLists.count
        nodeLists.append(contentsOf: nodes)
        return start..<nodeLists.count
    }

    /// Adds the values of an `enum` or `const`; returns the index of their `ValueSet`.
    mutating func addValueSet(_ list: [JSONValue]) -> Int {
        let start = values.count
        values.append(contentsOf: list)
        let strings = addKeys(list.compactMap(\.stringValue))
        valueSets.append(
            ValueSet(
                values: start..<values.count, strings: strings,
                hasNonStrings: strings.count < list.count))
        return valueSets.count - 1
    }

    /// Adds a pattern; returns its index in `patterns`.
    mutating func addPattern(_ matcher: PatternMatcher) -> Int {
        patterns.append(matcher)
        if let simple = matcher.simple {
            let start = simpleBranches.count
            for var branch in simple.branches {
                branch.atoms =
                    (branch.atoms.lowerBound + simpleAtoms.count)..<(branch.atoms.upperBound + simpleAtoms.count)
                simpleBranches.append(branch)
            }
            simpleAtoms.append(contentsOf: simple.atoms)
            patternBranches.append(start..<simpleBranches.count)
        } else {
            patternBranches.append(nil)
        }
        return patterns.count - 1
    }

    /// Adds the applicators of one object schema; `named` need not be sorted.
    /// - Returns: the index of its `ObjectApplicators`.
    mutating func addObject(
        named: [(name: String, node: Int)], patterns: [(pattern: Int, node: Int)],
        additional: Int?, additionalIsFalse: Bool
    ) -> Int {
        // By length first: a lookup then mostly compares lengths, not bytes.
        let sorted = named.sorted {
            $0.name.utf8.count != $1.name.utf8.count
                ? $0.name.utf8.count < $1.name.utf8.count
                : $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
        }
        let namedStart = self.named.count
        var keyBits: UInt64 = 0
        for entry in sorted {
            self.named.append(NamedProperty(key: addKey(entry.name), node: entry.node))
            keyBits |= Array(entry.name.utf8).withUnsafeBytes(ObjectApplicators.keyBit)
        }
        let patternStart = patternProperties.count
        patternProperties.append(contentsOf: patterns.map { PatternProperty(pattern: $0.pattern, node: $0.node) })
        objects.append(
            ObjectApplicators(
                named: namedStart..<self.named.count, namedKeyBits: keyBits,
                patterns: patternStart..<patternProperties.count,
                additional: additional, additionalIsFalse: additionalIsFalse))
        return objects.count - 1
    }

    // MARK: - Reading

    /// Calls `body` with the UTF-8 bytes of key `key`.
    @inline(__always)
    func withKey<R>(_ key: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let range = keys[key]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The `properties` subschema of object `object` for the member key `key`, if any.
    ///
    /// - Complexity: O(1) when the key's `ObjectApplicators.keyBit` rules it out (most members of an event
    ///   checked against a plan that names a few of them); O(log n) otherwise.
    @inline(__always)
    func namedNode(_ object: ObjectApplicators, for key: UnsafeRawBufferPointer) -> Int? {
        guard object.namedKeyBits & ObjectApplicators.keyBit(key) != 0 else { return nil }
        return bytes.withUnsafeBytes { pool in
            var low = object.named.lowerBound
            var high = object.named.upperBound - 1
            while low <= high {
                let mid = (low + high) / 2
                let entry = named[mid]
                let range = keys[entry.key]
                let order =
                    range.count != key.count
                    ? (range.count < key.count ? -1 : 1)
                    : JSONEquality.compareBytes(UnsafeRawBufferPointer(rebasing: pool[range]), key)
                if order == 0 { return entry.node }
                if order < 0 { low = mid + 1 } else { high = mid - 1 }
            }
            return nil
        }
    }

    /// Whether pattern `pattern` matches somewhere in the UTF-8 string `utf8`.
    @inline(__always)
    func matches(_ pattern: Int, _ utf8: UnsafeRawBufferPointer) -> Bool {
        guard let branches = patternBranches[pattern] else { return patterns[pattern].matches(utf8) }
        return simpleBranches.withUnsafeBufferPointer { all in
            simpleAtoms.withUnsafeBufferPointer {
                SimplePattern.matches(UnsafeBufferPointer(rebasing: all[branches]), $0, utf8)
            }
        }
    }

    // The instance's accessors take closures; those below capture only buffer pointers and
    // locals. Capturing `self` made the optimizer copy the whole tables, retaining every array.

    /// Whether pattern `pattern` matches somewhere in the string `instance`.
    @inline(__always)
    func matches<I: JSONInstance>(_ pattern: Int, _ instance: I) -> Bool {
        guard let branches = patternBranches[pattern] else {
            return patterns.withUnsafeBufferPointer { patterns in
                instance.withStringUTF8 { patterns[pattern].matches($0) }
            }
        }
        return simpleBranches.withUnsafeBufferPointer { all in
            simpleAtoms.withUnsafeBufferPointer { atoms in
                let own = UnsafeBufferPointer(rebasing: all[branches])
                return instance.withStringUTF8 { SimplePattern.matches(own, atoms, $0) }
            }
        }
    }

    /// Which of the keys `keys` (at most 64) the object `instance` has, as bits in key order.
    ///
    /// - Complexity: one pass over the members, stopping once every key is found; a member
    ///   ruled out by its `ObjectApplicators.keyBit` costs no byte comparison.
    func presentKeys<I: JSONInstance>(_ keys: Range<Int>, in instance: I) -> UInt64 {
        self.keys.withUnsafeBufferPointer { ranges in
            bytes.withUnsafeBytes { pool in
                var keyBits: UInt64 = 0
                for key in keys {
                    keyBits |= ObjectApplicators.keyBit(UnsafeRawBufferPointer(rebasing: pool[ranges[key]]))
                }
                let all: UInt64 = keys.count == 64 ? ~0 : (1 << UInt64(keys.count)) - 1
                var present: UInt64 = 0
                instance.forEachMember { member, _ in
                    guard keyBits & ObjectApplicators.keyBit(member) != 0 else { return true }
                    // Every key is compared: `required` may list a key twice.
                    for (bit, key) in keys.enumerated()
                    where JSONEquality.bytesEqual(UnsafeRawBufferPointer(rebasing: pool[ranges[key]]), member) {
                        present |= 1 << UInt64(bit)
                    }
                    return present != all
                }
                return present
            }
        }
    }

    /// Whether `instance` equals one of the values of value set `set`.
    func contains<I: JSONInstance>(_ set: Int, _ instance: I) -> Bool {
        let entry = valueSets[set]
        if instance.kind == .string {
            return keys.withUnsafeBufferPointer { ranges in
                bytes.withUnsafeBytes { pool in
                    instance.withStringUTF8 { utf8 in
                        entry.strings.contains {
                            JSONEquality.bytesEqual(UnsafeRawBufferPointer(rebasing: pool[ranges[$0]]), utf8)
                        }
                    }
                }
            }
        }
        guard entry.hasNonStrings else { return false }
        return values.withUnsafeBufferPointer { list in
            entry.values.contains { JSONEquality.equal(instance, list[$0]) }
        }
    }
}

extension PropertyTypeTracker {
    /// What is kept of one property's values of one type, in the form both sides of a merge share.
    struct TypeLines {
        var count = 0
        /// Lines in input order, with their shown value for the first `keep`.
        var listed: [(seen: Seen, shown: String?)] = []
        /// Per breakdown value: counted lines that are not listed (a first type's later lines).
        var unlisted: [Int32: Int] = [:]
        /// Some lines of a type that must list them all are not listed.
        var lost = false
    }

    /// What is kept of one property, type by type.
    struct NameLines {
        var first: Int8 = -1
        var firstAt = ValidationFindings.unseen
        var types = [TypeLines](repeating: TypeLines(), count: ValueType.allCases.count)
    }

    /// An empty tracker keeping as many lines.
    func makePartial() -> PropertyTypeTracker { PropertyTypeTracker(keep: keep, withBreakdown: withBreakdown) }

    /// Whether ``finish(into:propertyName:propertyRank:eventName:)`` reports exactly what one read
    /// would: false when a merge lost lines the report needs.
    ///
    /// One read lists every line of each type but a property's first; a partial whose first
    /// type was another (its first value came after another partial's) kept only that type's
    /// first `keep` lines. When that type ends up in the minority, one read reports each of its
    /// lines and the merged tracker cannot: read the dump again with one partial.
    var isExact: Bool {
        lost.allSatisfy { key in majority(of: histogram(key >> 2)).map { $0 == key & 3 } ?? true }
    }

    /// Adds the values `other` recorded; the first type of each property is the one of the
    /// side whose first value came first, as in one read.
    ///
    /// - Parameters:
    ///   - names: this tracker's id of each of `other`'s property ids.
    ///   - nameCount: the property ids after the merge.
    ///   - events: this side's id of each of `other`'s event name ids.
    ///   - breakdown: how the merge of the findings renumbered breakdown values.
    /// - Complexity: O(properties + kept lines + unkept counts of both).
    mutating func merge(
        _ other: PropertyTypeTracker, names: [Int], nameCount: Int, events: [Int32],
        breakdown: ValidationFindings.BreakdownRenumbering
    ) {
        var merged = (0..<nameCount).map { lines(of: $0, event: { $0 }, breakdown: breakdown.renumberedMine) }
        for name in 0..<other.firstType.count where other.firstType[name] >= 0 {
            let theirs = other.lines(
                of: name, event: { $0 >= 0 ? events[Int($0)] : $0 }, breakdown: breakdown.renumberedTheirs)
            merged[names[name]] = Self.merged(merged[names[name]], theirs, keep: keep)
        }
        rebuild(from: merged)
    }

    /// Property `name`'s lines, with event ids and breakdown values renumbered.
    func lines(of name: Int, event: (Int32) -> Int32, breakdown: (Int32) -> Int32) -> NameLines {
        var result = NameLines()
        guard name < firstType.count, firstType[name] >= 0 else { return result }
        let first = Int(firstType[name])
        result.first = firstType[name]
        result.firstAt = firstAt[name]
        func renumbered(_ seen: Seen) -> Seen {
            Seen(location: seen.location, breakdown: breakdown(seen.breakdown), event: event(seen.event))
        }
        result.types[first].count = firstCount[name]
        result.types[first].listed = firstTypeLines(name).map { (renumbered($0.0), $0.1) }
        if let conflict = conflicts[Int32(truncatingIfNeeded: name)] {
            for type in result.types.indices where type != first && conflict.counts[type] > 0 {
                let shown = conflict.shownValues[type]
                result.types[type].count = conflict.counts[type]
                result.types[type].listed = conflict.seen[type].enumerated().map {
                    (renumbered($1), $0 < shown.count ? shown[$0] : nil)
                }
            }
        }
        for type in result.types.indices { result.types[type].lost = lost.contains(name << 2 | type) }
        for (key, n) in unkeptByValue where Int(key >> 32) == name {
            result.types[first].unlisted[breakdown(Int32(bitPattern: UInt32(truncatingIfNeeded: key))), default: 0] += n
        }
        return result
    }

    /// Two sides' lines of one property joined.
    private static func merged(_ mine: NameLines, _ theirs: NameLines, keep: Int) -> NameLines {
        if theirs.first < 0 { return mine }
        if mine.first < 0 { return theirs }
        var result = NameLines()
        let winner = mine.firstAt < theirs.firstAt ? mine : theirs
        result.first = winner.first
        result.firstAt = winner.firstAt
        for type in result.types.indices {
            let a = mine.types[type], b = theirs.types[type]
            var joined = TypeLines()
            joined.count = a.count + b.count
            joined.unlisted = a.unlisted.merging(b.unlisted, uniquingKeysWith: +)
            joined.listed = inOrder(a.listed, b.listed)
            // A side's first type listed only its first lines: as another type, it lost the rest.
            let isFirst = type == Int(result.first)
            joined.lost =
                a.lost || b.lost
                || (!isFirst && mine.first == Int8(type) && a.count > a.listed.count)
                || (!isFirst && theirs.first == Int8(type) && b.count > b.listed.count)
            if isFirst && joined.listed.count > keep {
                for line in joined.listed[keep...] { joined.unlisted[line.seen.breakdown, default: 0] += 1 }
                joined.listed.removeSubrange(keep...)
            }
            result.types[type] = joined
        }
        return result
    }

    /// Two lists of lines in input order merged (no line is in both: each partial saw its own).
    private static func inOrder(
        _ a: [(seen: Seen, shown: String?)], _ b: [(seen: Seen, shown: String?)]
    ) -> [(seen: Seen, shown: String?)] {
        if b.isEmpty { return a }
        if a.isEmpty { return b }
        var result: [(seen: Seen, shown: String?)] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i].seen.location < b[j].seen.location {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    /// Replaces every property's state with `names` (indexed by property id).
    mutating func rebuild(from names: [NameLines]) {
        firstType = names.map(\.first)
        firstAt = names.map(\.firstAt)
        firstCount = names.map { $0.first >= 0 ? $0.types[Int($0.first)].count : 0 }
        lastKept = [Int32](repeating: -1, count: names.count)
        kept = ChunkedBuffer()
        conflicts = [:]
        unkeptByValue = [:]
        lost = []
        for (name, lines) in names.enumerated() where lines.first >= 0 {
            let first = Int(lines.first)
            for line in lines.types[first].listed {
                let index = kept.append(
                    FirstTypeLine(
                        line: line.seen.location.line, shown: line.shown ?? "",
                        file: Int32(truncatingIfNeeded: line.seen.location.fileIndex), breakdown: line.seen.breakdown,
                        event: line.seen.event, previous: lastKept[name]))
                lastKept[name] = Int32(truncatingIfNeeded: index)
            }
            if withBreakdown {
                for (value, n) in lines.types[first].unlisted {
                    unkeptByValue[UInt64(name) << 32 | UInt64(UInt32(bitPattern: value)), default: 0] += n
                }
            }
            var conflict = Conflict()
            for (type, typeLines) in lines.types.enumerated() {
                if typeLines.lost { lost.insert(name << 2 | type) }
                guard type != first && typeLines.count > 0 else { continue }
                conflict.counts[type] = typeLines.count
                conflict.seen[type] = typeLines.listed.map(\.seen)
                conflict.shownValues[type] = typeLines.listed.prefix(keep).map { $0.shown ?? "" }
            }
            if conflict.counts.contains(where: { $0 > 0 }) { conflicts[Int32(truncatingIfNeeded: name)] = conflict }
        }
    }
}

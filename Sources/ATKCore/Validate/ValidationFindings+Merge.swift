extension ValidationFindings {
    /// The first location of a breakdown value no line has used yet: after every real one.
    static let unseen = LineLocation(fileIndex: .max, line: .max)

    /// New breakdown value indices after a merge, for the trackers that keep them: by old index,
    /// nil when the indices did not change.
    struct BreakdownRenumbering {
        /// This partial's values.
        var mine: [Int32]?
        /// The merged partial's values.
        var theirs: [Int32]?

        /// `value` (one of this partial's) renumbered.
        func renumberedMine(_ value: Int32) -> Int32 { mine.map { $0[Int(value)] } ?? value }

        /// `value` (one of the merged partial's) renumbered.
        func renumberedTheirs(_ value: Int32) -> Int32 { theirs.map { $0[Int(value)] } ?? value }
    }

    /// Adds the findings of `other`, a partial of the same run that saw other lines.
    ///
    /// Counts add; each rule's examples are the first `maxExamples` of both by location (each
    /// partial kept its own first ones, so these are the ones one read keeps); the sets of lines
    /// with errors and warnings are joined, so findings made after reading still count a line
    /// once. Breakdown values are joined by their text and numbered in the order of their first
    /// line, as one read numbers them.
    ///
    /// - Returns: how breakdown value indices changed, for the trackers that hold them.
    /// - Complexity: O(rules + examples + breakdown counts + words of the line sets).
    mutating func merge(_ other: ValidationFindings) -> BreakdownRenumbering {
        for rule in counts.indices {
            counts[rule] += other.counts[rule]
            guard !other.examples[rule].isEmpty else { continue }
            examples[rule] = Array(
                (examples[rule] + other.examples[rule]).sorted { $0.location < $1.location }.prefix(maxExamples))
        }
        errorLines += other.errorLines
        warningLines += other.warningLines
        errorSet.formUnion(other.errorSet)
        warningSet.formUnion(other.warningSet)
        return mergeBreakdown(other)
    }

    private mutating func mergeBreakdown(_ other: ValidationFindings) -> BreakdownRenumbering {
        breakdownLines[0] += other.breakdownLines[0]
        guard other.breakdownValues.count > 1 else {
            for (key, n) in other.breakdownCounts { breakdownCounts[key, default: 0] += n }
            return BreakdownRenumbering()
        }
        // Both sides' values in one interner (index + 1 as in `breakdownValues`), with their first lines.
        var joined = breakdownInterner
        var first = breakdownFirst
        var lines = breakdownLines
        let theirs =
            [0]
            + (1..<other.breakdownValues.count).map { value in
                let index = Int(other.breakdownInterner.withBytes(Int32(value - 1)) { joined.intern($0) }) + 1
                if index == first.count {
                    first.append(other.breakdownFirst[value])
                    lines.append(other.breakdownLines[value])
                } else {
                    first[index] = min(first[index], other.breakdownFirst[value])
                    lines[index] += other.breakdownLines[value]
                }
                return index
            }
        // Numbered by first line: "(none)" stays 0.
        let order = [0] + (1..<first.count).sorted { (first[$0], $0) < (first[$1], $1) }
        var renumbered = [Int32](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { renumbered[old] = Int32(new) }
        let mine = (0..<breakdownValues.count).map { renumbered[$0] }
        let theirsRenumbered = theirs.map { renumbered[$0] }

        var counts: [UInt64: Int] = [:]
        for (key, n) in breakdownCounts {
            counts[key & ~0xFFFF_FFFF | UInt64(UInt32(mine[Int(key & 0xFFFF_FFFF)])), default: 0] += n
        }
        for (key, n) in other.breakdownCounts {
            counts[key & ~0xFFFF_FFFF | UInt64(UInt32(theirsRenumbered[Int(key & 0xFFFF_FFFF)])), default: 0] += n
        }
        breakdownCounts = counts
        var interner = Interner(capacity: order.count)
        for old in order.dropFirst() { _ = joined.withBytes(Int32(old - 1)) { interner.intern($0) } }
        breakdownInterner = interner
        breakdownValues = order.map { $0 == 0 ? breakdownValues[0] : joined.string(Int32($0 - 1)) }
        breakdownLines = order.map { lines[$0] }
        breakdownFirst = order.map { first[$0] }
        let identity = mine.indices.allSatisfy { mine[$0] == Int32($0) }
        return BreakdownRenumbering(mine: identity ? nil : mine, theirs: theirsRenumbered)
    }
}

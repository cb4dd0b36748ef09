extension DuplicateDetector {
    /// An empty detector whose tables start as large.
    func makePartial() -> DuplicateDetector { DuplicateDetector(capacity: capacity) }

    /// Takes over the keys `other` saw, hour by hour: an hour only one side saw takes its table as
    /// is; for an hour both saw, `other`'s table is kept beside this one's, unfolded, until a key
    /// of that hour comes again.
    ///
    /// A key holds the `distinct_id`, so with routing by it the two sides' keys are disjoint
    /// and every duplicate was already reported while reading; the merged detector still knows
    /// every key, so lines fed to it later are judged as one read would.
    ///
    /// - Complexity: O(hours) (moving tables, not their keys); folding an hour's tables later is
    ///   O(their keys).
    mutating func merge(_ other: consuming DuplicateDetector) {
        for (window, theirs) in other.tableOfWindow {
            // Moved out, not copied: inserting into a shared table would copy it.
            var table = Table(capacity: 0)
            swap(&table, &other.tables[theirs])
            let alsoTheirs = other.unfolded.removeValue(forKey: theirs) ?? []
            guard let index = tableOfWindow[window] else {
                tables.append(table)
                tableOfWindow[window] = tables.count - 1
                if !alsoTheirs.isEmpty { unfolded[tables.count - 1] = alsoTheirs }
                continue
            }
            unfolded[index, default: []].append(contentsOf: [table] + alsoTheirs)
        }
        lastWindow = .min
        lastTable = -1
    }
}

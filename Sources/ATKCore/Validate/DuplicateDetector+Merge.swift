extension DuplicateDetector {
    /// An empty detector whose tables start as large.
    func makePartial() -> DuplicateDetector { DuplicateDetector(capacity: capacity) }

    /// Adds the keys `other` saw, hour by hour: an hour only one side saw takes its table as
    /// is; for an hour both saw, the smaller table's keys go into the larger.
    ///
    /// A key holds the `distinct_id`, so with routing by it the two sides' keys are disjoint
    /// and every duplicate was already reported while reading; the merged detector still knows
    /// every key, so lines fed to it later are judged as one read would.
    ///
    /// - Complexity: O(hours + keys of the smaller table of each hour both saw).
    mutating func merge(_ other: consuming DuplicateDetector) {
        for (window, theirs) in other.tableOfWindow {
            // Moved out, not copied: inserting into a shared table would copy it.
            var larger = Table(capacity: 0)
            swap(&larger, &other.tables[theirs])
            guard let index = tableOfWindow[window] else {
                tables.append(larger)
                tableOfWindow[window] = tables.count - 1
                continue
            }
            var smaller = Table(capacity: 0)
            swap(&smaller, &tables[index])
            if smaller.used > larger.used { swap(&smaller, &larger) }
            for key in smaller.slots where key != 0 { _ = larger.insert(key) }
            tables[index] = larger
        }
        lastWindow = .min
        lastTable = -1
    }
}

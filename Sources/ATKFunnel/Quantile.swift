/// Quantiles of a sample with linear interpolation between closest ranks.
public enum Quantile {
    /// The `q`-quantile (0…1) of `sorted`, which must be in ascending order.
    ///
    /// With h = (n − 1)·q the result is `sorted[⌊h⌋]` plus `(h − ⌊h⌋)` of the
    /// gap to the next value (R-7, NumPy's default); `nil` for an empty sample.
    ///
    /// Complexity: O(1).
    public static func value(_ q: Double, ofSorted sorted: [Int64]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = Double(sorted.count - 1) * q
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        let low = Double(sorted[lower])
        return low + fraction * (Double(sorted[upper]) - low)
    }

    /// ``value(_:ofSorted:)`` of the elements of every run (each in ascending order) together,
    /// found without joining them.
    ///
    /// Complexity: O(runs × log n × 64) (O(1) for one run).
    public static func value(_ q: Double, ofSortedRuns runs: [[Int64]]) -> Double? {
        let runs = runs.filter { !$0.isEmpty }
        if runs.count <= 1 { return value(q, ofSorted: runs.first ?? []) }
        let count = runs.reduce(0) { $0 + $1.count }
        let position = Double(count - 1) * q
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, count - 1)
        let fraction = position - Double(lower)
        let low = Double(element(at: lower, ofSortedRuns: runs))
        return low + fraction * (Double(element(at: upper, ofSortedRuns: runs)) - low)
    }

    /// The element at `rank` (from 0) of the non-empty runs' elements in ascending order: the
    /// smallest value with more than `rank` elements at or below it, found by halving the range
    /// of values (each step counts them by a binary search in each run).
    static func element(at rank: Int, ofSortedRuns runs: [[Int64]]) -> Int64 {
        var low = runs.map { $0[0] }.min() ?? 0
        var high = runs.map { $0[$0.count - 1] }.max() ?? 0
        while low < high {
            // low + (high - low) / 2, the difference taken unsigned: no overflow for any Int64s.
            let middle = low &+ Int64(bitPattern: (UInt64(bitPattern: high) &- UInt64(bitPattern: low)) / 2)
            let atOrBelow = runs.reduce(0) { $0 + countAtOrBelow(middle, in: $1) }
            if atOrBelow > rank { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// How many elements of `sorted` are at most `value`.
    private static func countAtOrBelow(_ value: Int64, in sorted: [Int64]) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

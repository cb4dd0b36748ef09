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
}

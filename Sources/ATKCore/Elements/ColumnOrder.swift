/// Orders report rows by optional text columns, for stable output.
enum ColumnOrder {
    /// True when the left values sort before the right ones: the first column whose values
    /// differ decides, an absent value first, then by text.
    static func precedes(_ columns: [(String?, String?)]) -> Bool {
        for (x, y) in columns where x != y {
            guard let x else { return true }
            guard let y else { return false }
            return x < y
        }
        return false
    }
}

/// Orders version strings the way people read them: `2.9.0` before `2.10.0`.
public enum VersionOrder {
    /// True when `a` sorts before `b`: dot-separated parts compared as numbers when both are
    /// digits, as text otherwise; a prefix sorts first; exact text breaks ties.
    ///
    /// - Complexity: O(length of the versions).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ".", omittingEmptySubsequences: false)
        let right = b.split(separator: ".", omittingEmptySubsequences: false)
        for (l, r) in zip(left, right) where l != r {
            if let ln = Int(l), let rn = Int(r), ln != rn { return ln < rn }
            return l < r
        }
        return left.count != right.count ? left.count < right.count : a < b
    }
}

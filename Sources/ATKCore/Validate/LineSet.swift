/// A set of line locations as one bit per line and input: 8 KB per 65,536 lines.
///
/// Lets findings made after the whole dump was read (lifecycle, type conflicts) tell whether
/// their line was already counted among the lines with warnings.
struct LineSet {
    var words: [[UInt64]] = []

    /// Inserts `location`; returns true when it was not in the set.
    ///
    /// - Complexity: O(1) amortized.
    mutating func insert(_ location: LineLocation) -> Bool {
        while words.count <= location.fileIndex { words.append([]) }
        let word = location.line >> 6
        if words[location.fileIndex].count <= word {
            words[location.fileIndex].append(
                contentsOf: repeatElement(0, count: max(word + 1 - words[location.fileIndex].count, 1024)))
        }
        let bit = UInt64(1) << UInt64(location.line & 63)
        if words[location.fileIndex][word] & bit != 0 { return false }
        words[location.fileIndex][word] |= bit
        return true
    }

    /// Adds every location of `other` (a merge of two partials' sets).
    ///
    /// - Complexity: O(words of `other`).
    mutating func formUnion(_ other: LineSet) {
        while words.count < other.words.count { words.append([]) }
        for (file, theirs) in other.words.enumerated() where !theirs.isEmpty {
            if words[file].count < theirs.count {
                words[file].append(contentsOf: repeatElement(0, count: theirs.count - words[file].count))
            }
            for (index, word) in theirs.enumerated() where word != 0 { words[file][index] |= word }
        }
    }
}

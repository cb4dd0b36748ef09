import Foundation

extension String {
    /// A hash that is the same in every process (Swift's `hashValue` is seeded per run).
    var hashValueStable: Int {
        var h: UInt64 = 1_469_598_103_934_665_603
        for byte in utf8 { h = (h ^ UInt64(byte)) &* 1_099_511_628_211 }
        return Int(truncatingIfNeeded: h & 0x7FFF_FFFF_FFFF)
    }

    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

import ATKFunnel

/// Matches events against a funnel's steps and exclusions, comparing each distinct event name
/// with the specifications once and evaluating filters only for steps of the event's name.
struct FunnelStepMatcher {
    let steps: FunnelSteps
    private var names = Interner(capacity: 64)
    /// Per interned event name: the steps of that name (bit i: step i + 1) and the exclusions of
    /// that name (indices into `steps.exclusions`).
    private var candidates: [(steps: UInt32, exclusions: [Int])] = []

    /// A matcher of `steps`, with its own copy of their storage: each partial of a read has its
    /// own matcher, and evaluating a filter counts references to its strings and bytes, which on
    /// storage the partials shared was an atomic contended between cores on every event.
    init(steps: FunnelSteps) {
        self.steps = steps.unshared()
    }

    /// The steps `event` matches (bit i: step i + 1) and whether it matches an exclusion.
    ///
    /// - Complexity: O(name length) to look the name up, plus the filters of the steps and
    ///   exclusions that share the event's name.
    mutating func match(name: UnsafeRawBufferPointer, properties: @autoclosure () -> EventProperties) -> (
        mask: UInt32, isExclusion: Bool
    ) {
        let id = Int(names.internRepeating(name))
        if id == candidates.count {
            var stepBits: UInt32 = 0
            for (index, step) in steps.steps.enumerated() where name.elementsEqual(step.eventName.utf8) {
                stepBits |= 1 << UInt32(index)
            }
            let exclusions = steps.exclusions.indices.filter { name.elementsEqual(steps.exclusions[$0].eventName.utf8) }
            candidates.append((stepBits, exclusions))
        }
        let candidate = candidates[id]
        guard candidate.steps != 0 || !candidate.exclusions.isEmpty else { return (0, false) }
        let source = properties()
        var mask: UInt32 = 0
        var bits = candidate.steps
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            if steps.steps[index].filters.allSatisfy({ $0.evaluate(source) }) { mask |= 1 << UInt32(index) }
            bits &= bits - 1
        }
        let isExclusion = candidate.exclusions.contains { index in
            steps.exclusions[index].filters.allSatisfy { $0.evaluate(source) }
        }
        return (mask, isExclusion)
    }
}

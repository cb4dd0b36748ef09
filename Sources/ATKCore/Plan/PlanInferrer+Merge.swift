extension PlanInferrer {
    /// An inferrer with the same share and enum limit that has seen nothing.
    public func makePartial() -> PlanInferrer { PlanInferrer(requiredShare: requiredShare, maxEnum: maxEnum) }

    /// Adds what `other`, a partial that saw other lines, learned.
    ///
    /// Event names, property keys and string values join by their text; counts, presence and
    /// per-type counts add; type bits join; a pair's distinct values join until there are more
    /// than `maxEnum` (either side giving up means the dump has more). Where each name and pair
    /// first appeared is kept, the earlier of the two, so names that compare equal as text are
    /// written in the order one read writes them.
    ///
    /// - Complexity: O(event names + property keys + pairs × `maxEnum`²) of `other`.
    public mutating func merge(_ other: consuming PlanInferrer) {
        let eventIds = events.intern(contentsOf: other.events)
        for (id, mine) in eventIds.enumerated() {
            if Int(mine) == eventCounts.count {
                eventCounts.append(0)
                eventChecked.append(0)
                eventFirst.append(other.eventFirst[id])
            }
            eventCounts[Int(mine)] += other.eventCounts[id]
            eventChecked[Int(mine)] += other.eventChecked[id]
            eventFirst[Int(mine)] = min(eventFirst[Int(mine)], other.eventFirst[id])
        }
        let propertyIds = propertyNames.intern(contentsOf: other.propertyNames)
        for theirs in 0..<other.pairs.count {
            let (pair, isNew) = pairs.index(
                eventIds[Int(other.pairs.first(theirs))], propertyIds[Int(other.pairs.second(theirs))])
            if isNew {
                present.append(0)
                typeBits.append(0)
                valueHeads.append(Self.noValues)
                pairFirst.append(other.pairFirst[theirs])
                pairMember.append(other.pairMember[theirs])
            } else if (other.pairFirst[theirs], other.pairMember[theirs]) < (pairFirst[pair], pairMember[pair]) {
                pairFirst[pair] = other.pairFirst[theirs]
                pairMember[pair] = other.pairMember[theirs]
            }
            let mine = histogram(pair)
            let added = other.histogram(theirs)
            present[pair] += other.present[theirs]
            typeBits[pair] |= other.typeBits[theirs]
            if (typeBits[pair] & 0xFF).nonzeroBitCount > 1 {
                mixedCounts[Int32(truncatingIfNeeded: pair)] = zip(mine, added).map(+)
            }
            mergeValues(of: other, pair: theirs, into: pair)
        }
    }

    /// Per ``SeenType``: the values `pair` held of it.
    private func histogram(_ pair: Int) -> [Int] {
        if let counts = mixedCounts[Int32(truncatingIfNeeded: pair)] { return counts }
        var counts = [Int](repeating: 0, count: SeenType.allCases.count)
        let bits = typeBits[pair] & 0xFF
        if bits != 0 { counts[bits.trailingZeroBitCount] = present[pair] }
        return counts
    }

    /// Joins `other`'s distinct values of its pair `theirs` into `pair`'s.
    private mutating func mergeValues(of other: PlanInferrer, pair theirs: Int, into pair: Int) {
        guard valueHeads[pair] != Self.tooManyValues else { return }
        guard other.valueHeads[theirs] != Self.tooManyValues else {
            release(valueHeads[pair])
            valueHeads[pair] = Self.tooManyValues
            return
        }
        var node = other.valueHeads[theirs]
        while node >= 0 && valueHeads[pair] != Self.tooManyValues {
            add(other.valueTexts.withBytes(other.valueNodes[Int(node)].text) { valueTexts.intern($0) }, pair: pair)
            node = other.valueNodes[Int(node)].previous
        }
    }
}

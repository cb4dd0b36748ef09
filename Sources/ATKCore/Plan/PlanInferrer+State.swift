extension PlanInferrer: DistributableAnalysis {
    /// Writes the event names with their counts and first lines, the property keys, the string
    /// values, then each (event, property) pair: its ids, presence, types, per-type counts when
    /// mixed, where it first appeared, and its distinct values (or that it gave them up).
    ///
    /// - Complexity: O(event names + property keys + values kept + pairs × `maxEnum`).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(eventCounts)
        writer.write(eventChecked)
        writer.write(eventFirst)
        writer.write(propertyNames)
        writer.write(valueTexts)
        writer.write(pairs.count)
        for pair in 0..<pairs.count {
            writer.write(pairs.first(pair))
            writer.write(pairs.second(pair))
            writer.write(present[pair])
            writer.write(UInt64(typeBits[pair]))
            writer.write(mixedCounts[Int32(truncatingIfNeeded: pair)])
            writer.write(pairFirst[pair])
            writer.write(UInt64(pairMember[pair]))
            writer.write(valueHeads[pair] == Self.tooManyValues)
            if valueHeads[pair] != Self.tooManyValues { writer.write(valueIds(of: pair)) }
        }
    }

    /// Reads a state written by ``encodeState(to:)`` into this empty inferrer.
    ///
    /// - Throws: ``StateReader/Failure`` when a count does not match the names it counts, a pair
    ///   names an event, property or value that is not there or appears twice, type bits name no
    ///   type, or a pair holds more than `maxEnum` values (another configuration's state).
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.read()
        eventCounts = try reader.read()
        eventChecked = try reader.read()
        eventFirst = try reader.read()
        guard eventCounts.count == events.count, eventChecked.count == events.count, eventFirst.count == events.count,
            !eventCounts.contains(where: { $0 < 0 }), !eventChecked.contains(where: { $0 < 0 })
        else { throw StateReader.Failure("plan infer: event counts do not match the event names") }
        propertyNames = try reader.read()
        valueTexts = try reader.read()
        for pair in 0..<(try reader.readCount()) {
            let event = try reader.readInt32(), property = try reader.readInt32()
            guard (0..<Int32(events.count)).contains(event), (0..<Int32(propertyNames.count)).contains(property),
                pairs.index(event, property) == (pair, true)
            else { throw StateReader.Failure("plan infer: pair \(pair) (\(event), \(property)) is not a new pair") }
            present.append(try reader.readTally())
            let bits = try reader.readUInt64()
            // Bits 7 and 15 name no ``SeenType``.
            guard bits <= 0xFFFF, bits & 0x8080 == 0 else {
                throw StateReader.Failure("plan infer: type bits \(bits) of pair \(pair)")
            }
            typeBits.append(UInt16(bits))
            if let mixed = try reader.read([Int]?.self) {
                guard mixed.count == SeenType.allCases.count, !mixed.contains(where: { $0 < 0 }) else {
                    throw StateReader.Failure("plan infer: \(mixed.count) type counts for pair \(pair)")
                }
                mixedCounts[Int32(truncatingIfNeeded: pair)] = mixed
            }
            pairFirst.append(try reader.readUInt64())
            let member = try reader.readUInt64()
            guard let narrow = UInt32(exactly: member) else {
                throw StateReader.Failure("plan infer: member \(member)")
            }
            pairMember.append(narrow)
            valueHeads.append(Self.noValues)
            if try reader.readBool() {
                valueHeads[pair] = Self.tooManyValues
                continue
            }
            let ids = try reader.read([Int32].self)
            guard ids.count <= maxEnum, ids.allSatisfy({ (0..<Int32(valueTexts.count)).contains($0) }) else {
                throw StateReader.Failure("plan infer: the values of pair \(pair) are not this run's")
            }
            for text in ids.reversed() {
                valueNodes.append((text, valueHeads[pair]))
                valueHeads[pair] = Int32(valueNodes.count - 1)
            }
        }
    }

    /// The interned texts of the pair's distinct values, latest first (as its list holds them).
    private func valueIds(of pair: Int) -> [Int32] {
        var ids: [Int32] = []
        var node = valueHeads[pair]
        while node >= 0 {
            ids.append(valueNodes[Int(node)].text)
            node = valueNodes[Int(node)].previous
        }
        return ids
    }
}

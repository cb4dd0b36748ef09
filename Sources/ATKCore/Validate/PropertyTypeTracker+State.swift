extension PropertyTypeTracker {
    /// Writes, per property, its first type and where it was, then per type its count, its
    /// listed lines (location, breakdown value, event id, shown value), its unlisted lines per
    /// breakdown value, and whether a merge lost some (the form ``merge(_:names:nameCount:events:breakdown:)``
    /// works in).
    ///
    /// - Complexity: O(properties × unkept counts + kept lines), as a merge.
    func encodeState(to writer: inout StateWriter) {
        writer.write(firstType.count)
        for name in firstType.indices {
            let lines = lines(of: name, event: { $0 }, breakdown: { $0 })
            writer.write(Int(lines.first))
            guard lines.first >= 0 else { continue }
            writer.write(lines.firstAt)
            for type in lines.types {
                writer.write(type.count)
                writer.write(type.listed.count)
                for (seen, shown) in type.listed {
                    writer.write(seen.location)
                    writer.write(seen.breakdown)
                    writer.write(seen.event)
                    writer.write(shown)
                }
                writer.write(type.unlisted)
                writer.write(type.lost)
            }
        }
    }

    /// Reads what ``encodeState(to:)`` wrote into this empty tracker.
    ///
    /// - Parameters:
    ///   - names: how many property keys the validator holds.
    ///   - events: how many event names it holds.
    ///   - breakdownValues: how many breakdown values its findings hold.
    /// - Throws: ``StateReader/Failure`` for a property, type, event, breakdown value or line
    ///   out of range.
    mutating func decodeState(from reader: inout StateReader, names: Int, events: Int, breakdownValues: Int) throws {
        let count = try reader.readCount()
        guard count <= names else { throw StateReader.Failure("validate: types of \(count) properties of \(names)") }
        let values = 0..<Int32(breakdownValues), eventIds = -1..<Int32(events)
        var all: [NameLines] = []
        all.reserveCapacity(count)
        for _ in 0..<count {
            var lines = NameLines()
            let first = try reader.readInt()
            guard (-1..<ValueType.allCases.count).contains(first) else {
                throw StateReader.Failure("validate: type \(first) at offset \(reader.offset)")
            }
            lines.first = Int8(first)
            if first >= 0 {
                lines.firstAt = try reader.read()
                for type in lines.types.indices {
                    lines.types[type].count = try reader.readTally()
                    for _ in 0..<(try reader.readCount()) {
                        let seen = Seen(
                            location: try reader.read(), breakdown: try reader.readInt32(),
                            event: try reader.readInt32())
                        // Findings made from these lines mark them in line sets, indexed by location.
                        guard seen.location.fileIndex >= 0, seen.location.line >= 0, values.contains(seen.breakdown),
                            eventIds.contains(seen.event)
                        else {
                            throw StateReader.Failure("validate: a typed line out of range at offset \(reader.offset)")
                        }
                        lines.types[type].listed.append((seen, try reader.read(String?.self)))
                    }
                    lines.types[type].unlisted = try reader.read()
                    guard lines.types[type].unlisted.allSatisfy({ values.contains($0.key) && $0.value >= 0 }) else {
                        throw StateReader.Failure("validate: unlisted lines of an unknown breakdown value")
                    }
                    lines.types[type].lost = try reader.readBool()
                }
            }
            all.append(lines)
        }
        rebuild(from: all)
    }
}

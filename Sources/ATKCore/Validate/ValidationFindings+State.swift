extension ValidationFindings {
    /// Writes what the findings counted and kept; not the run's rules and limits.
    ///
    /// The counts and examples per rule, the lines with errors and warnings (counts and sets),
    /// and the breakdown values with their lines, first lines and counts.
    ///
    /// - Complexity: O(rules + examples + breakdown values and counts + words of the line sets).
    func encodeState(to writer: inout StateWriter) {
        writer.write(counts)
        writer.write(examples)
        writer.write(errorLines)
        writer.write(warningLines)
        writer.write(errorSet)
        writer.write(warningSet)
        writer.write(breakdownInterner)
        writer.write(breakdownLines)
        writer.write(breakdownFirst)
        writer.write(breakdownCounts)
    }

    /// Reads findings written by ``encodeState(to:)`` into these empty ones (the same run).
    ///
    /// - Throws: ``StateReader/Failure`` when the rules are not this run's, a rule keeps more
    ///   examples than the limit, or a breakdown count names a rule or value that is not there.
    mutating func decodeState(from reader: inout StateReader) throws {
        counts = try reader.read()
        examples = try reader.read()
        guard counts.count == registry.count, examples.count == registry.count,
            !counts.contains(where: { $0 < 0 }), !examples.contains(where: { $0.count > maxExamples })
        else { throw StateReader.Failure("validate: the findings are not this run's rules") }
        errorLines = try reader.readTally()
        warningLines = try reader.readTally()
        errorSet = try reader.read()
        warningSet = try reader.read()
        breakdownInterner = try reader.read()
        breakdownLines = try reader.read()
        breakdownFirst = try reader.read()
        breakdownCounts = try reader.read()
        let values = breakdownInterner.count + 1
        guard breakdownLines.count == values, breakdownFirst.count == values,
            !breakdownLines.contains(where: { $0 < 0 }),
            breakdownCounts.allSatisfy({ key, n in
                key >> 32 < UInt64(registry.count) && key & 0xFFFF_FFFF < UInt64(values) && n >= 0
            })
        else { throw StateReader.Failure("validate: breakdown counts do not match the breakdown values") }
        breakdownValues =
            [breakdownValues[0]] + (0..<breakdownInterner.count).map { breakdownInterner.string(Int32($0)) }
    }
}

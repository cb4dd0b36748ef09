extension DumpValidator: DistributableAnalysis {
    /// Writes the events read, the findings, the event names and property keys (with where each
    /// key first appeared), the type-conflict and lifecycle trackers and, with a plan, its
    /// tallies.
    ///
    /// Not written: the duplicate keys (every duplicate was found while reading, in the partial
    /// that holds the user; the keys only judge lines still to come), the key order guesses per
    /// event name (they only save work) and a bad-rows error (a run writing bad rows reads
    /// serially, in one process). The request is configuration.
    ///
    /// - Complexity: O(names + keys + kept lines + lifecycle events + words of the line sets).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        findings.encodeState(to: &writer)
        writer.write(nameInterner)
        writer.write(keyInterner)
        writer.write(keyFirst.count)
        for first in keyFirst {
            writer.write(first.location)
            writer.write(first.member)
        }
        types.encodeState(to: &writer)
        lifecycle.encodeState(to: &writer)
        plan?.checker.encodeState(to: &writer)
    }

    /// Reads a state written by ``encodeState(to:)`` into this empty validator of the same
    /// request; names and keys are judged again from their text.
    ///
    /// - Throws: ``StateReader/Failure`` when the bytes end early, a table does not match the
    ///   one it indexes, or the rules or plan are not this request's.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        try findings.decodeState(from: &reader)
        nameInterner = try reader.read()
        nameInfos = (0..<nameInterner.count).map { id in nameInterner.withBytes(Int32(id)) { EventNameInfo($0) } }
        keyInterner = try reader.read()
        keyInfos = (0..<keyInterner.count).map { id in keyInterner.withBytes(Int32(id)) { PropertyKeyInfo($0) } }
        let keys = try reader.readCount()
        guard keys == keyInterner.count else {
            throw StateReader.Failure("validate: \(keys) first places for \(keyInterner.count) property keys")
        }
        keyFirst = try (0..<keys).map { _ in (try reader.read(LineLocation.self), try reader.readInt()) }
        try types.decodeState(
            from: &reader, names: keyInterner.count, events: nameInterner.count,
            breakdownValues: findings.breakdownValues.count)
        try lifecycle.decodeState(from: &reader, breakdownValues: findings.breakdownValues.count)
        try plan?.checker.decodeState(from: &reader)
    }
}

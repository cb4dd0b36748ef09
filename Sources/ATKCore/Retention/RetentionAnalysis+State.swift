extension RetentionAnalysis: DistributableAnalysis {
    /// Writes the counts, the malformed examples and the cohorts (the (user, period) sets are
    /// reduced to them: users are disjoint across partials, so cohorts add).
    ///
    /// - Complexity: O(S × N + C log C), as ``cohorts()``.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(skippedEvents)
        malformed.encodeState(to: &writer)
        writer.write(cohorts())
    }

    /// Reads a state written by ``encodeState(to:)``: its cohorts count as merged ones.
    ///
    /// - Throws: ``StateReader/Failure`` when a cohort's offsets are not this configuration's,
    ///   a count is negative, or a period appears twice.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        skippedEvents = try reader.readTally()
        try malformed.decodeState(from: &reader)
        let cohorts = try reader.read([RetentionCohort].self)
        var merged: [Int64: RetentionCohort] = [:]
        for cohort in cohorts {
            guard cohort.retained.count == configuration.periods + 1 else {
                throw StateReader.Failure(
                    "retention: a cohort of \(cohort.retained.count) offsets, not \(configuration.periods + 1)")
            }
            guard merged.updateValue(cohort, forKey: cohort.period) == nil else {
                throw StateReader.Failure("retention: period \(cohort.period) appears twice")
            }
        }
        self.merged = merged
    }
}

extension RetentionCohort: StateCodable {
    /// Writes the period, the size and the users retained per offset.
    public func encode(to writer: inout StateWriter) {
        writer.write(period)
        writer.write(size)
        writer.write(retained)
    }

    /// Reads a cohort, refusing negative counts.
    public init(from reader: inout StateReader) throws {
        let period = try reader.readInt64()
        let size = try reader.readTally()
        let count = try reader.readCount()
        let retained = try (0..<count).map { _ in try reader.readTally() }
        self.init(period: period, size: size, retained: retained)
    }
}

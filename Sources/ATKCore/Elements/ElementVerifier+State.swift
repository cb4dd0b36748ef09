extension ElementVerifier: DistributableAnalysis {
    /// Writes the counts, the examples, the recorded → rebuilt pairs (in order of their first
    /// event, so equal states write equal bytes) and the rows per version.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(totals)
        writer.write(malformedLines)
        malformed.encodeState(to: &writer)
        writer.write(invalidChainExamples.count)
        for example in invalidChainExamples {
            writer.write(example.location)
            writer.write(example.reason)
        }
        writer.write(differenceExamples.count)
        for example in differenceExamples {
            writer.write(example.location)
            writer.write(example.field)
            writer.write(example.comparison == .missing)
            writer.write(example.recorded)
            writer.write(example.rebuilt)
        }
        let tallies = pairCounts.values.sorted {
            $0.first != $1.first ? $0.first < $1.first : $0.key.field.rawValue < $1.key.field.rawValue
        }
        writer.write(tallies.count)
        for tally in tallies {
            writer.write(tally.key.field)
            writer.write(tally.key.recorded)
            writer.write(tally.key.rebuilt)
            writer.write(tally.events)
            writer.write(tally.first)
        }
        writer.write(libVersions)
        writer.write(appVersions)
    }

    /// Reads a state written by ``encodeState(to:)``, refusing more examples than the limit and
    /// a pair written twice.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        totals = try reader.read()
        malformedLines = try reader.readTally()
        try malformed.decodeState(from: &reader)
        let invalid = try reader.readCount()
        guard invalid <= maxExamples else {
            throw StateReader.Failure("verify: \(invalid) examples, limit \(maxExamples)")
        }
        invalidChainExamples = try (0..<invalid).map { _ in
            InvalidChain(location: try reader.read(), reason: try reader.readString())
        }
        let differences = try reader.readCount()
        guard differences <= maxExamples else {
            throw StateReader.Failure("verify: \(differences) examples, limit \(maxExamples)")
        }
        differenceExamples = try (0..<differences).map { _ in
            Difference(
                location: try reader.read(), field: try reader.read(),
                comparison: try reader.readBool() ? .missing : .mismatch, recorded: try reader.read(),
                rebuilt: try reader.readString())
        }
        for _ in 0..<(try reader.readCount()) {
            let key = PairKey(field: try reader.read(), recorded: try reader.read(), rebuilt: try reader.readString())
            let tally = PairTally(key: key, events: try reader.readTally(), first: try reader.read())
            guard pairCounts.updateValue(tally, forKey: key) == nil else {
                throw StateReader.Failure("verify: a pair appears twice at offset \(reader.offset)")
            }
        }
        libVersions = try reader.read()
        appVersions = try reader.read()
    }
}

extension ElementVerifier.VersionRow: StateCodable {
    /// Writes the version and its counts.
    public func encode(to writer: inout StateWriter) {
        writer.write(version)
        writer.write(withChain)
        writer.write(invalidChains)
        writer.write(eventsWithDifferences)
        writer.write(mismatches)
        writer.write(missing)
    }

    /// Reads a row, refusing counts for other than the three fields.
    public init(from reader: inout StateReader) throws {
        self.init(version: try reader.read())
        withChain = try reader.readTally()
        invalidChains = try reader.readTally()
        eventsWithDifferences = try reader.readTally()
        mismatches = try reader.read()
        missing = try reader.read()
        let fields = ElementField.allCases.count
        guard mismatches.count == fields, missing.count == fields else {
            throw StateReader.Failure("verify: a version row without one count per field")
        }
    }
}

extension VersionTally: StateCodable {
    /// Writes the versions, then every row (slot 0 first: no version) and where each was first
    /// seen.
    func encode(to writer: inout StateWriter) {
        writer.write(names)
        writer.write(rows)
        writer.write(firstSeen)
    }

    /// Reads a tally, refusing rows that do not match the versions.
    init(from reader: inout StateReader) throws {
        self.init()
        names = try reader.read()
        rows = try reader.read()
        firstSeen = try reader.read()
        guard rows.count == names.count + 1, firstSeen.count == rows.count, rows[0].version == nil,
            rows.indices.dropFirst().allSatisfy({ rows[$0].version == names.string(Int32($0 - 1)) })
        else {
            throw StateReader.Failure("verify: version rows do not match the versions")
        }
    }
}

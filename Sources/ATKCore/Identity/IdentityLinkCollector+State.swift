extension IdentityLinkCollector: DistributableAnalysis {
    /// Writes the line counts, the malformed lines kept, every identity with its first sighting
    /// and flags, and the link sets in order of their first line.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(counts)
        malformed.encodeState(to: &writer)
        writer.write(identities)
        writer.write(sightings)
        // Without ``linkedFlag``: a state read back does not know it (``linksKnown``).
        writer.write(flags.map { $0 & (Self.rawFlag | Self.loginFlag) })
        let ordered = links.values.sorted { $0.first < $1.first }
        writer.write(ordered.count)
        for link in ordered {
            writer.write(link.members)
            writer.write(link.locations)
            writer.write(link.lines)
        }
    }

    /// Reads a state written by ``encodeState(to:)``, refusing identities without one sighting
    /// and flags each, unknown flags, and links that name fewer than two identities, keep no
    /// line or more than the limit, or appear twice.
    public mutating func decodeState(from reader: inout StateReader) throws {
        counts = try reader.read()
        try malformed.decodeState(from: &reader)
        identities = try reader.read()
        sightings = try reader.read()
        flags = try reader.read()
        linksKnown = false
        guard sightings.count == identities.count, flags.count == identities.count else {
            throw StateReader.Failure("identities: sightings and flags do not match the identities")
        }
        guard flags.allSatisfy({ $0 & ~(Self.rawFlag | Self.loginFlag) == 0 }) else {
            throw StateReader.Failure("identities: unknown identity flags")
        }
        let limit = max(1, maxExamples)
        for _ in 0..<(try reader.readCount()) {
            let members: [String] = try reader.read()
            let locations: [LineLocation] = try reader.read()
            let lines = try reader.readTally()
            guard members.count > 1, !locations.isEmpty, locations.count <= min(limit, lines) else {
                throw StateReader.Failure("identities: a damaged link at offset \(reader.offset)")
            }
            var link = IdentityLink(members: members, location: locations[0])
            link.locations = locations
            link.lines = lines
            guard links.updateValue(link, forKey: members) == nil else {
                throw StateReader.Failure("identities: a link appears twice at offset \(reader.offset)")
            }
        }
    }
}

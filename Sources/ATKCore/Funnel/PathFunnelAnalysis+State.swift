extension PathFunnelAnalysis: DistributableAnalysis {
    /// Writes the counts and examples, the users, node names and entities, then the paths
    /// (nodes, conversions, users, first conversion), the edges, the pattern's steps and the
    /// entities' conversions and users, all by the ids of the tables written before them.
    ///
    /// - Complexity: O(users + names + entities + paths' nodes + edges + (path, user) pairs).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(conversions)
        writer.write(withoutPath)
        writer.write(invalidPath)
        malformed.encodeState(to: &writer)
        writer.write(replayMalformed.count)
        for example in replayMalformed {
            writer.write(example.location)
            writer.write(example.reason)
            writer.write(example.excerpt)
        }
        writer.write(invalidLines)
        writer.write(users)
        writer.write(reader.names)
        writer.write(reader.entities)
        writer.write(pathNodes)
        writer.write(pathConversions)
        writer.write(pathUsers)
        writer.write(pathFirstSeen)
        writer.write(edges)
        writer.write(stepConversions)
        writer.write(stepUsers)
        writer.write(entityConversions)
        writer.write(entityUsers)
    }

    /// Reads a state written by ``encodeState(to:)`` into this empty analysis.
    ///
    /// - Throws: ``StateReader/Failure`` when a table's counts do not match, an id is out of its
    ///   table's range, a path appears twice, or the node names or steps are not this
    ///   configuration's (another pattern or entity node).
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        conversions = try reader.readTally()
        withoutPath = try reader.readTally()
        invalidPath = try reader.readTally()
        try malformed.decodeState(from: &reader)
        replayMalformed = try (0..<(try reader.readCount())).map { _ in
            MalformedExamples.Example(
                location: try reader.read(), reason: try reader.readString(), excerpt: try reader.readString())
        }
        invalidLines = try reader.read()
        users = try reader.read()
        let names = try reader.read(Interner.self)
        // The pattern's and entity node's names were interned first, by the configuration.
        for id in 0..<Int32(self.reader.names.count) {
            guard id < names.count, self.reader.names.withBytes(id, { names.isString(id, equalTo: $0) }) else {
                throw StateReader.Failure("path funnel: the node names are another pattern's")
            }
        }
        self.reader.names = names
        self.reader.entities = try reader.read()
        pathNodes = try reader.read()
        pathConversions = try reader.read()
        pathUsers = try reader.read()
        pathFirstSeen = try reader.read()
        edges = try reader.read()
        let steps = stepConversions.count
        stepConversions = try reader.read()
        stepUsers = try reader.read()
        entityConversions = try reader.read()
        entityUsers = try reader.read()
        try validate(steps: steps)
        for (index, nodes) in pathNodes.enumerated() {
            guard Int(nodes.withUnsafeBytes { pathKeys.intern($0) }) == index else {
                throw StateReader.Failure("path funnel: path \(index) appears twice")
            }
        }
    }

    /// Throws unless every table's count matches and every id is in its table's range.
    private func validate(steps: Int) throws {
        let paths = pathNodes.count
        let names = 0..<Int32(reader.names.count), entities = -1..<Int32(reader.entities.count)
        let known = 0..<Int32(users.count)
        let isUsers = { (set: Set<Int32>) in set.allSatisfy { known.contains($0) } }
        guard pathConversions.count == paths, pathUsers.count == paths, pathFirstSeen.count == paths,
            stepConversions.count == steps, stepUsers.count == steps,
            withoutPath <= conversions, invalidPath <= conversions - withoutPath,
            pathNodes.allSatisfy({ $0.allSatisfy(names.contains) }), pathUsers.allSatisfy(isUsers),
            stepUsers.allSatisfy(isUsers), entityUsers.values.allSatisfy(isUsers),
            edges.keys.allSatisfy({
                names.contains(Int32(truncatingIfNeeded: $0 >> 32))
                    && names.contains(Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF))
            }),
            entityConversions.keys.allSatisfy(entities.contains), entityUsers.keys.allSatisfy(entities.contains)
        else { throw StateReader.Failure("path funnel: the tables do not match each other or the pattern") }
    }
}

extension ElementDriftFinder: DistributableAnalysis {
    /// Writes the counts, then every element with its versions and their paths, each with the
    /// text and location of its first click (in location order, so equal states write equal
    /// bytes).
    public func encodeState(to writer: inout StateWriter) {
        reader.encodeState(to: &writer)
        writer.write(skippedClicks)
        // One click makes at most one element per dimension: app before OS breaks the tie.
        let elements = seen.values.sorted { a, b in
            a.first != b.first ? a.first < b.first : a.key.dimension == .appVersion && b.key.dimension != .appVersion
        }
        writer.write(elements.count)
        for element in elements {
            writer.write(element.key.dimension == .osVersion)
            writer.write(element.key.screenName)
            writer.write(element.key.elementContent)
            writer.write(element.key.elementType)
            writer.write(element.key.appVersion)
            writer.write(element.first)
            writer.write(element.versions.count)
            for version in element.versions.values.sorted(by: { $0.first < $1.first }) {
                writer.write(version.text)
                writer.write(version.first)
                writer.write(version.paths.count)
                for path in version.paths.values.sorted(by: { $0.first < $1.first }) {
                    writer.write(path.text)
                    writer.write(path.first)
                }
            }
        }
    }

    /// Reads a state written by ``encodeState(to:)``; an element, version or path written twice
    /// is refused.
    public mutating func decodeState(from reader: inout StateReader) throws {
        try self.reader.decodeState(from: &reader)
        skippedClicks = try reader.readTally()
        for _ in 0..<(try reader.readCount()) {
            let key = Key(
                dimension: try reader.readBool() ? .osVersion : .appVersion, screenName: try reader.read(),
                elementContent: try reader.read(), elementType: try reader.readString(), appVersion: try reader.read())
            var element = Element(key: key, first: try reader.read())
            for _ in 0..<(try reader.readCount()) {
                var version = Version(text: try reader.readString(), first: try reader.read())
                for _ in 0..<(try reader.readCount()) {
                    let path = (text: try reader.readString(), first: try reader.read(LineLocation.self))
                    guard version.paths.updateValue(path, forKey: path.text) == nil else {
                        throw StateReader.Failure("drift: a path appears twice at offset \(reader.offset)")
                    }
                }
                guard element.versions.updateValue(version, forKey: version.text) == nil else {
                    throw StateReader.Failure("drift: a version appears twice at offset \(reader.offset)")
                }
            }
            guard seen.updateValue(element, forKey: key) == nil else {
                throw StateReader.Failure("drift: an element appears twice at offset \(reader.offset)")
            }
        }
    }
}

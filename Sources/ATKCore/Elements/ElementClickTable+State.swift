extension ElementClickTable: DistributableAnalysis {
    /// Writes the counts, then per group its text, clicks and first click, then the distinct
    /// users per group.
    public func encodeState(to writer: inout StateWriter) {
        reader.encodeState(to: &writer)
        writer.write(keys.count)
        for (index, key) in keys.enumerated() {
            writer.write(key.screenName)
            writer.write(key.elementPath)
            writer.write(key.elementContent)
            writer.write(key.elementPosition)
            writer.write(groupClicks[index])
            writer.write(firstClicks[index])
        }
        writer.write(users)
    }

    /// Reads a state written by ``encodeState(to:)``; a group written twice is refused.
    public mutating func decodeState(from reader: inout StateReader) throws {
        try self.reader.decodeState(from: &reader)
        let count = try reader.readCount()
        for group in 0..<count {
            let key = Key(
                screenName: try reader.read(), elementPath: try reader.read(), elementContent: try reader.read(),
                elementPosition: try reader.read())
            guard groups.updateValue(group, forKey: key) == nil else {
                throw StateReader.Failure("element clicks: a group appears twice at offset \(reader.offset)")
            }
            keys.append(key)
            groupClicks.append(try reader.readTally())
            firstClicks.append(try reader.read())
        }
        users = try reader.read()
        guard users.counts.count <= keys.count else {
            throw StateReader.Failure("element clicks: users counted for groups that do not exist")
        }
    }
}

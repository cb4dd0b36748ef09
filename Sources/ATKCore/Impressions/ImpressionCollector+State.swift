extension ImpressionCollector: DistributableAnalysis {
    /// Writes the counts, the malformed lines kept, every table of strings, the elements as
    /// (screen, path) ids with whether they were exposed, where each user first appeared, and
    /// the records in order (the batch counter is left out: it numbers the batches of later
    /// visits only, and a decoded partial is only merged).
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(skippedEvents)
        malformed.encodeState(to: &writer)
        writer.write(users)
        writer.write(userFirstSeen)
        writer.write(screens)
        writer.write(paths)
        writer.write(keys)
        writer.write(lists)
        writer.write(values)
        writer.write(elementParts.count)
        for (parts, exposed) in zip(elementParts, exposedElements) {
            writer.write(parts.screen)
            writer.write(parts.path)
            writer.write(exposed)
        }
        writer.write(records.count)
        for index in records.indices { writer.write(records[index]) }
    }

    /// Reads a state written by ``encodeState(to:)``, refusing an element written twice and any
    /// id out of its table's range (the evaluation indexes by them).
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        skippedEvents = try reader.readTally()
        try malformed.decodeState(from: &reader)
        users = try reader.read()
        userFirstSeen = try reader.read()
        screens = try reader.read()
        paths = try reader.read()
        keys = try reader.read()
        lists = try reader.read()
        values = try reader.read()
        guard userFirstSeen.count == users.count else {
            throw StateReader.Failure("impressions: first appearances do not match the users")
        }
        for index in 0..<(try reader.readCount()) {
            let screen = try reader.readInt32()
            let path = try reader.readInt32()
            guard Self.isId(screen, of: screens.count, orNone: true), Self.isId(path, of: paths.count, orNone: true),
                Int(elementId(screen: screen, path: path)) == index
            else {
                throw StateReader.Failure("impressions: a damaged element at offset \(reader.offset)")
            }
            exposedElements[index] = try reader.readBool()
        }
        for _ in 0..<(try reader.readCount()) {
            let record: ImpressionRecord = try reader.read()
            guard isValid(record) else {
                throw StateReader.Failure("impressions: a record with ids out of range at offset \(reader.offset)")
            }
            records.append(record)
        }
    }

    /// Whether every id of `record` is in its table (or -1 where a record may have none).
    private func isValid(_ record: ImpressionRecord) -> Bool {
        let isElementEvent = record.kind == .exposure || record.kind == .click
        return Self.isId(record.user, of: users.count, orNone: false)
            && Self.isId(record.screen, of: screens.count, orNone: true)
            && Self.isId(record.element, of: elementParts.count, orNone: !isElementEvent)
            && Self.isId(record.key, of: keys.count, orNone: !isElementEvent)
            && Self.isId(record.list, of: lists.count, orNone: true)
            && Self.isId(record.value, of: values.count, orNone: true)
    }

    /// Whether `id` is one of `count` ids, or -1 when `orNone`.
    private static func isId(_ id: Int32, of count: Int, orNone: Bool) -> Bool {
        (orNone ? -1 : 0) <= id && Int(id) < count
    }
}

extension ImpressionRecord: StateCodable {
    /// Writes every field, the kind as its raw value.
    func encode(to writer: inout StateWriter) {
        writer.write(time)
        writer.write(user)
        writer.write(file)
        writer.write(line)
        writer.write(UInt64(kind.rawValue))
        writer.write(screen)
        writer.write(element)
        writer.write(key)
        writer.write(list)
        writer.write(row)
        writer.write(batch)
        writer.write(value)
    }

    /// Reads a record, refusing an unknown kind or a file index it cannot hold.
    init(from reader: inout StateReader) throws {
        let time = try reader.readInt64()
        let user = try reader.readInt32()
        let file = try reader.readTally()
        let line = try reader.readInt32()
        let raw = try reader.readUInt64()
        guard file <= Int(UInt32.max >> 2), let kind = UInt32(exactly: raw).flatMap(Kind.init(rawValue:)) else {
            throw StateReader.Failure("impressions: a record of unknown kind or input at offset \(reader.offset)")
        }
        self.init(time: time, user: user, file: file, line: line, kind: kind)
        screen = try reader.readInt32()
        element = try reader.readInt32()
        key = try reader.readInt32()
        list = try reader.readInt32()
        row = try reader.readInt32()
        batch = try reader.readInt32()
        value = try reader.readInt32()
    }
}

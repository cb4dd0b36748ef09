extension NavigationUserTable: StateCodable {
    /// Writes the users, screens and entities, the kept events, each user's list of them (in the
    /// order they were kept), the conversions, and those that could not be placed.
    func encode(to writer: inout StateWriter) {
        writer.write(users)
        writer.write(screens)
        writer.write(entities)
        writer.write(records.count)
        for record in records {
            writer.write(UInt64(record.kind.rawValue))
            writer.write(record.screen)
            writer.write(record.value)
        }
        var scratch: [(time: Int64, value: UInt32)] = []
        for user in 0..<users.count {
            lists.records(of: user, into: &scratch)
            writer.write(scratch.count)
            for record in scratch {
                writer.write(record.time)
                writer.write(UInt64(record.value))
            }
        }
        writer.write(conversions.count)
        for conversion in conversions {
            writer.write(conversion.location)
            writer.write(conversion.user)
            writer.write(conversion.appVersion)
            writer.write(conversion.recorded)
        }
        writer.write(unplaced)
    }

    /// Reads a table written by ``encode(to:)``, refusing any id or index out of its table's
    /// range (the replay indexes by them).
    init(from reader: inout StateReader) throws {
        self.init()
        users = try reader.read()
        screens = try reader.read()
        entities = try reader.read()
        let recordCount = try reader.readCount()
        records.reserveCapacity(recordCount)
        for _ in 0..<recordCount {
            guard let kind = Kind(rawValue: try reader.read(UInt8.self)) else {
                throw StateReader.Failure("paths: unknown event kind at offset \(reader.offset)")
            }
            records.append(Record(kind: kind, screen: try reader.readInt32(), value: try reader.readInt32()))
        }
        for user in 0..<users.count {
            for _ in 0..<(try reader.readCount()) {
                let time = try reader.readInt64()
                let value = try reader.readUInt64()
                guard value < UInt64(records.count) else {
                    throw StateReader.Failure("paths: a user's event \(value) of \(records.count)")
                }
                lists.append(user: user, time: time, value: UInt32(value))
            }
        }
        let conversionCount = try reader.readCount()
        for _ in 0..<conversionCount {
            let conversion = Conversion(
                location: try reader.read(), user: try reader.readInt32(), appVersion: try reader.read(),
                recorded: try reader.read())
            guard conversion.user >= -1, conversion.user < Int32(clamping: users.count) else {
                throw StateReader.Failure("paths: a conversion of user \(conversion.user) of \(users.count)")
            }
            conversions.append(conversion)
        }
        unplaced = try reader.read()
        guard unplaced.allSatisfy({ (0..<conversions.count).contains($0) }) else {
            throw StateReader.Failure("paths: an unplaced conversion out of range")
        }
        guard records.allSatisfy(isValid) else {
            throw StateReader.Failure("paths: a kept event with ids out of range")
        }
    }

    /// Whether the record's screen and value are ids the replay can look up.
    private func isValid(_ record: Record) -> Bool {
        let screen = Int(record.screen)
        let value = Int(record.value)
        switch record.kind {
        case .appStart: return true
        case .view: return (0..<screens.count).contains(screen)
        case .click: return (-1..<screens.count).contains(screen) && (-1..<entities.count).contains(value)
        case .conversion: return (0..<conversions.count).contains(value)
        }
    }
}

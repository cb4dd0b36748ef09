extension SessionAnalysis: DistributableAnalysis {
    /// Writes the counts, the malformed examples and the totals of every user seen (users are
    /// disjoint across partials, so totals add; the events are not needed again).
    ///
    /// - Complexity: O(E log E), as ``totals()``.
    public func encodeState(to writer: inout StateWriter) {
        writer.write(events)
        writer.write(skippedEvents)
        malformed.encodeState(to: &writer)
        writer.write(totals())
    }

    /// Reads a state written by ``encodeState(to:)``: its totals count as merged ones.
    public mutating func decodeState(from reader: inout StateReader) throws {
        events = try reader.readTally()
        skippedEvents = try reader.readTally()
        try malformed.decodeState(from: &reader)
        merged = try reader.read()
    }
}

extension SessionTotals: StateCodable {
    /// Writes the summary, the screens and breakdown values in byte order, and the SDK durations.
    public func encode(to writer: inout StateWriter) {
        writer.write(summary)
        writer.write(unendedPageViews)
        writer.write(screens.count)
        for key in screens.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            writer.write(bytes: key)
            writer.write(screens[key] ?? ScreenTotals())
        }
        writer.write(breakdown.count)
        let values = breakdown.keys.sorted { a, b in
            guard let a, let b else { return a == nil && b != nil }
            return a.lexicographicallyPrecedes(b)
        }
        for key in values {
            writer.write(key != nil)
            if let key { writer.write(bytes: key) }
            writer.write(breakdown[key] ?? SessionGroupTotals())
        }
        writer.write(appEnd)
        writer.write(pageLeave)
    }

    /// Reads totals written by ``encode(to:)``; a screen or value written twice is refused.
    public init(from reader: inout StateReader) throws {
        self.init()
        summary = try reader.read()
        unendedPageViews = try reader.readTally()
        for _ in 0..<(try reader.readCount()) {
            let key = try reader.readBytes()
            guard screens.updateValue(try reader.read(), forKey: key) == nil else {
                throw StateReader.Failure("sessions: a screen appears twice at offset \(reader.offset)")
            }
        }
        for _ in 0..<(try reader.readCount()) {
            let key = try reader.readBool() ? try reader.readBytes() : nil
            guard breakdown.updateValue(try reader.read(), forKey: key) == nil else {
                throw StateReader.Failure("sessions: a breakdown value appears twice at offset \(reader.offset)")
            }
        }
        appEnd = try reader.read()
        pageLeave = try reader.read()
    }
}

extension SessionGroupTotals: StateCodable {
    /// Writes the counts and every session's duration.
    public func encode(to writer: inout StateWriter) {
        writer.write(sessions)
        writer.write(users)
        writer.write(bounces)
        writer.write(pageViews)
        writer.write(totalDurationMs)
        writer.write(durations)
    }

    /// Reads a group, refusing negative counts and a duration list that is not one per session.
    public init(from reader: inout StateReader) throws {
        self.init()
        sessions = try reader.readTally()
        users = try reader.readTally()
        bounces = try reader.readTally()
        pageViews = try reader.readTally()
        totalDurationMs = try reader.readInt64()
        durations = try reader.read()
        guard durations.count == sessions else {
            throw StateReader.Failure("sessions: \(durations.count) durations for \(sessions) sessions")
        }
    }
}

extension ScreenTotals: StateCodable {
    /// Writes the counts and every ended stay.
    public func encode(to writer: inout StateWriter) {
        writer.write(pageViews)
        writer.write(entries)
        writer.write(exits)
        writer.write(totalStayMs)
        writer.write(unended)
        writer.write(stays)
    }

    /// Reads a screen's totals, refusing negative counts.
    public init(from reader: inout StateReader) throws {
        self.init()
        pageViews = try reader.readTally()
        entries = try reader.readTally()
        exits = try reader.readTally()
        totalStayMs = try reader.readInt64()
        unended = try reader.readTally()
        stays = try reader.read()
    }
}

extension DurationDifferences: StateCodable {
    /// Writes every difference (their count is the comparisons).
    public func encode(to writer: inout StateWriter) {
        writer.write(differences)
    }

    /// Reads the differences.
    public init(from reader: inout StateReader) throws {
        self.init()
        differences = try reader.read()
        compared = differences.count
    }
}

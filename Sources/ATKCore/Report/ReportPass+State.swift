extension ReportPass: DistributableAnalysis {
    /// Writes each member's state in a fixed order: a flag for each optional member (whether the
    /// pass runs it) then its state, and for each list its count then every state.
    public func encodeState(to writer: inout StateWriter) {
        Self.encode(stats, to: &writer)
        Self.encode(validator, to: &writer)
        Self.encode(eventFunnels, to: &writer)
        Self.encode(pathFunnels, to: &writer)
        Self.encode(impressions, to: &writer)
        Self.encode(verifier, to: &writer)
        Self.encode(matcher, to: &writer)
        Self.encode(hourly, to: &writer)
        Self.encode(navigations, to: &writer)
    }

    /// Reads a state written by ``encodeState(to:)`` by a pass of the same members, refusing a
    /// state that holds other members than this pass runs.
    public mutating func decodeState(from reader: inout StateReader) throws {
        try Self.decode(&stats, "stats", from: &reader)
        try Self.decode(&validator, "validation", from: &reader)
        try Self.decode(&eventFunnels, "event funnels", from: &reader)
        try Self.decode(&pathFunnels, "path funnels", from: &reader)
        try Self.decode(&impressions, "impressions", from: &reader)
        try Self.decode(&verifier, "identifier checks", from: &reader)
        try Self.decode(&matcher, "visual events", from: &reader)
        try Self.decode(&hourly, "hourly counts", from: &reader)
        try Self.decode(&navigations, "navigation replays", from: &reader)
    }

    /// Writes whether the pass runs `member`, then its state.
    private static func encode<A: DistributableAnalysis>(_ member: A?, to writer: inout StateWriter) {
        writer.write(member != nil)
        member?.encodeState(to: &writer)
    }

    /// Writes how many `members` the pass runs, then each state.
    private static func encode<A: DistributableAnalysis>(_ members: [A], to writer: inout StateWriter) {
        writer.write(members.count)
        for member in members { member.encodeState(to: &writer) }
    }

    /// Reads `member`'s state, refusing one written by a pass that does (or does not) run it.
    private static func decode<A: DistributableAnalysis>(
        _ member: inout A?, _ name: String, from reader: inout StateReader
    ) throws {
        let present = try reader.readBool()
        guard present == (member != nil) else {
            let (state, pass) = present ? ("with", "without") : ("without", "with")
            throw StateReader.Failure("report: a state \(state) \(name) for a pass \(pass) them")
        }
        try member?.decodeState(from: &reader)
    }

    /// Reads every member's state, refusing one written by a pass of another count.
    private static func decode<A: DistributableAnalysis>(
        _ members: inout [A], _ name: String, from reader: inout StateReader
    ) throws {
        let count = try reader.readCount()
        guard count == members.count else {
            throw StateReader.Failure("report: a state of \(count) \(name) for a pass of \(members.count)")
        }
        for index in members.indices { try members[index].decodeState(from: &reader) }
    }
}

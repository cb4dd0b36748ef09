import ATKSchema

/// One validation run: the data-format rules in one pass over each event's tape,
/// `property.type_conflict`, `duplicate.event` and the lifecycle rules over the whole dump
/// (judged in ``finish(reading:)``), and the tracking plan's `plan.*` rules on each track event.
///
/// Made from a ``ValidationRequest``, it builds the run's ``RuleRegistry`` once and owns the
/// checks and their tallies; fed every line (``DumpVisitor``), it returns a
/// ``ValidationResult`` that knows whether the run failed.
///
/// Memory grows with distinct event names and property keys, 8-16 bytes per event with a
/// `_track_id` (duplicates), 40 bytes per lifecycle event, and the lines of minority property
/// types; never with whole events.
///
/// Partials (``MergeableAnalysis``) split that state by user: the per-event records (duplicate
/// keys, lifecycle events) are each in one partial; names, keys and the line sets of lines with
/// findings (1 bit per line up to the last such line) are per partial. Merging is exact (see
/// ``merge(_:)`` and ``mergedExactly``); a run writing bad rows reads with one partial
/// (``writesWhileReading``).
public struct DumpValidator: MergeableAnalysis {
    var findings: ValidationFindings
    var events = 0
    /// The first error of the bad-rows sink; no more rows are written after it.
    var badRowError: (any Error)?

    /// What this run was made from (a partial is made from it again).
    let request: ValidationRequest
    private let options: ValidationOptions
    private let failPolicy: ValidationFailPolicy
    private let futureLimit: Int64
    var nameInterner = Interner(capacity: 256)
    var nameInfos: [EventNameInfo] = []
    var keyInterner = Interner(capacity: 256)
    var keyInfos: [PropertyKeyInfo] = []
    /// Per property key: where it first appeared, line then member (orders keys as one read did).
    var keyFirst: [(location: LineLocation, member: Int)] = []
    /// Per event name: the key ids of its last event's properties, in order.
    private var keysByName: [[Int32]] = []
    /// The same keys as the guessed-key loop reads them (``GuessedKey``), made when the name's
    /// second event comes: a name seen once (a dump of a million one-off names) costs nothing here.
    private var guessedByName: [[GuessedKey]] = []
    var types: PropertyTypeTracker
    var duplicates = DuplicateDetector()
    var lifecycle: LifecycleTracker
    /// The tracking plan's check, which keeps the plan's tallies; nil without a plan.
    var plan: PlanLineCheck?
    let badRows: (any BadRowSink)?
    private let breakdownKey: [UInt8]?
    private let checkDuplicates: Bool
    private let checkLifecycle: Bool
    private let checkTypes: Bool

    /// Prepares a run: its rules (built here, once: the built-in ones, then the plan's, as
    /// ``ValidationRequest/registry(withPlan:strictPlan:)`` lists them), the plan's check and
    /// the trackers the enabled rules need.
    public init(_ request: ValidationRequest) {
        self.request = request
        let options = request.options
        self.options = options
        failPolicy = request.failPolicy
        var registry = RuleRegistry()
        plan = request.plan.map { PlanLineCheck(checker: $0, registry: &registry, strict: request.strictPlan) }
        findings = ValidationFindings(
            registry: registry, enabled: options.rules, maxExamples: options.maxExamples,
            breakdown: options.breakdownProperty != nil)
        // Clamped: a library caller may pass any now and tolerance (the CLI checks their ranges).
        futureLimit = options.now.addingClamped(options.futureTolerance)
        types = PropertyTypeTracker(keep: options.maxExamples, withBreakdown: options.breakdownProperty != nil)
        lifecycle = LifecycleTracker(durationTolerance: options.durationTolerance)
        badRows = request.badRows
        breakdownKey = options.breakdownProperty.map { Array($0.utf8) }
        let enabled = findings.enabled
        checkDuplicates = enabled[BuiltInRule.duplicateEvent.index]
        checkTypes = enabled[BuiltInRule.propertyTypeConflict.index]
        checkLifecycle = [
            BuiltInRule.lifecycleMissingAppEnd, .lifecycleOrphanAppEnd, .lifecycleDurationMismatch,
            .lifecyclePassivePageView,
        ]
        .contains { enabled[$0.index] }
    }

    // MARK: - Lines

    /// Reports the line under `json.malformed`.
    public mutating func visitMalformed(_ line: MalformedLine) {
        findings.beginLine(line.location, breakdownValue: 0)
        findings.report(
            .jsonMalformed, event: nil,
            value: ValidationExample.shortened(String(decoding: line.bytes.prefix(200), as: UTF8.self)),
            message: line.reason.description)
        if findings.endLine() { writeBadRow(line.location, line.bytes) }
    }

    /// Checks one event against every enabled rule and the plan.
    public mutating func visit(_ event: Event) {
        events += 1
        let location = event.location
        let breakdown = breakdownKey == nil ? 0 : breakdownValue(event)
        findings.beginLine(location, breakdownValue: breakdown)
        // Each envelope node once: every copy of the event retains its tape.
        let nameNode = event.event, distinctId = event.distinctId, timeNode = event.time
        var nameId: Int32 = -1
        if let nameNode, nameNode.kind == .string { nameId = nameNode.withUTF8 { eventNameId($0) } }
        let eventName = { nameId >= 0 ? nameNode?.stringValue : nil }
        checkEncoding(event, eventName)

        // type
        var envelopeType = EnvelopeType.unknown
        if let type = event.type {
            if type.equals("track") {
                envelopeType = .track
            } else if let name = type.stringValue {
                envelopeType = EnvelopeType(name)
            }
            if envelopeType == .unknown {
                findings.report(
                    .envelopeType, event: eventName(), value: Self.shown(type),
                    message: type.kind == .string
                        ? "unknown type '\(Self.shown(type))'" : "type is \(type.kind.withArticle), not a string")
            }
        } else {
            findings.report(.envelopeType, event: eventName(), value: nil, message: "no type")
        }
        let isTrack = envelopeType.isTrack

        // event
        if isTrack {
            if let name = nameNode {
                if nameId < 0 {
                    findings.report(
                        .envelopeEventName, event: nil, value: Self.shown(name),
                        message: "event is \(name.kind.withArticle), not a string")
                } else if let violation = nameInfos[Int(nameId)].violation {
                    findings.report(
                        .envelopeEventName, event: eventName(), value: eventName(), message: "event name \(violation)")
                }
            } else {
                findings.report(
                    .envelopeEventName, event: nil, value: nil, message: "\(envelopeType) line without event")
            }
        }

        // distinct_id and original_id
        if let problem = Self.idProblem(distinctId, name: "distinct_id") {
            findings.report(
                .envelopeDistinctId, event: eventName(), value: distinctId.map(Self.shown), message: problem)
        }
        if envelopeType == .trackSignup, let problem = Self.idProblem(event.originalId, name: "original_id") {
            findings.report(
                .envelopeOriginalId, event: eventName(), value: event.originalId.map(Self.shown), message: problem)
        }

        // time
        let time = checkTime(timeNode, flushTime: event.flushTime, eventName)

        // properties
        var scan = PropertyScan()
        if let properties = event.properties {
            if properties.kind == .object {
                scan = checkProperties(
                    properties, isTrack: isTrack, nameId: nameId, location: location, breakdown: breakdown,
                    eventName: eventName)
            } else if isTrack {
                findings.report(
                    .envelopeProperties, event: eventName(), value: Self.shown(properties),
                    message: "properties is \(properties.kind.withArticle), not an object")
            }
        } else if isTrack {
            findings.report(
                .envelopeProperties, event: eventName(), value: nil, message: "\(envelopeType) line without properties")
        }

        if isTrack && nameId >= 0 {
            let info = nameInfos[Int(nameId)]
            checkPreset(info.preset, scan, eventName)
            if checkLifecycle, let kind = info.lifecycle, let time, let distinctId, distinctId.kind == .string,
                distinctId.rawBytes.count > 0
            {
                lifecycle.note(
                    kind, user: distinctId, time: time, duration: scan.duration ?? .nan, at: location,
                    breakdown: breakdown)
            }
        }

        if checkDuplicates, let trackId = event.trackId, let distinctId, let nameNode, let timeNode,
            duplicates.seenBefore(
                DuplicateDetector.key(trackId: trackId, distinctId: distinctId, event: nameNode, time: timeNode),
                window: time)
        {
            findings.report(
                .duplicateEvent, event: eventName(), value: Self.shown(trackId),
                message: "same _track_id, distinct_id, event and time as an earlier line")
        }

        if plan != nil {
            // `checkProperties` left this event's key ids at the front of its name's list.
            let keyed = isTrack && nameId >= 0 && event.properties?.kind == .object
            let keys = keyed ? keysByName[Int(nameId)] : []
            keys.withUnsafeBufferPointer { ids in plan?.check(event, propertyKeyIds: ids, findings: &findings) }
        }
        if findings.endLine() { writeBadRow(location, event.line) }
    }

    /// Judges what needed the whole dump (type conflicts and the lifecycle) and the run: call
    /// once, after reading.
    ///
    /// - Parameter reports: the reader's reports of the inputs this validator was fed.
    /// - Returns: the findings and tallies, and whether the run failed under its policy.
    public mutating func finish(reading reports: [FileReport]) -> ValidationResult {
        let keys = keyInterner, names = nameInterner
        if checkTypes {
            let order = keyFirst.indices.sorted {
                (keyFirst[$0].location, keyFirst[$0].member, $0) < (keyFirst[$1].location, keyFirst[$1].member, $1)
            }
            var rank = [Int](repeating: 0, count: order.count)
            for (position, key) in order.enumerated() { rank[key] = position }
            types.finish(
                into: &findings, propertyName: { keys.string(Int32($0)) }, propertyRank: { rank[$0] },
                eventName: { $0 >= 0 ? names.string($0) : nil })
        }
        if checkLifecycle { lifecycle.finish(into: &findings) }
        return ValidationResult(
            findings: findings, reports: reports, events: events, plan: plan?.checker,
            breakdownProperty: options.breakdownProperty, badRowError: badRowError, failPolicy: failPolicy)
    }

    /// Checks `json.invalid_utf8` and `json.lone_surrogate`: the first string of each kind on the line.
    ///
    /// UTF-8 is checked on every line (``StringEncoding/firstInvalidUTF8(_:)``); surrogates only on lines
    /// whose scan flagged a `\u` escape.
    ///
    /// The tape is called only for a line with a problem: a call through the event's unowned tape
    /// retained and released it, an atomic pair on every line.
    private mutating func checkEncoding(_ event: Event, _ eventName: () -> String?) {
        let line = event.line
        let escapes = event.tape.stringFlags & TapeEntry.unicodeEscape != 0
        guard
            StringEncoding.firstInvalidUTF8(line) != nil
                || (escapes && StringEncoding.firstLoneSurrogate(line) != nil)
        else { return }
        let (invalid, lone) = event.tape.encodingProblems(line: line)
        if let invalid,
            let (_, length, problem) = StringEncoding.firstInvalidUTF8(.init(rebasing: line[invalid.offset...]))
        {
            let node = JSONNode(tape: event.tape, base: event.base, index: invalid.string)
            let hex = line[invalid.offset..<invalid.offset + length]
                .map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            findings.report(
                .jsonInvalidUTF8, event: eventName(), value: Self.shown(node),
                message: "invalid UTF-8 at column \(invalid.offset + 1): \(hex), \(problem)")
        }
        if let lone, let (_, _, isHigh) = StringEncoding.firstLoneSurrogate(.init(rebasing: line[lone.offset...])) {
            let node = JSONNode(tape: event.tape, base: event.base, index: lone.string)
            let escape = String(decoding: line[lone.offset..<lone.offset + 6], as: UTF8.self)
            let message =
                isHigh
                ? "a high surrogate without a low one after it" : "a low surrogate without a high one before it"
            findings.report(
                .jsonLoneSurrogate, event: eventName(), value: Self.shown(node),
                message: "\(escape) at column \(lone.offset + 1) is \(message)")
        }
    }

    // MARK: - Envelope

    /// Checks `time`; returns it when it is a valid millisecond time.
    private mutating func checkTime(_ node: JSONNode?, flushTime: JSONNode?, _ eventName: () -> String?) -> Int64? {
        guard let node else {
            findings.report(.envelopeTime, event: eventName(), value: nil, message: "no time")
            return nil
        }
        guard node.isIntegerLiteral else {
            findings.report(
                .envelopeTime, event: eventName(), value: Self.shown(node),
                message: node.kind == .number
                    ? "time is not an integer" : "time is \(node.kind.withArticle), not an integer")
            return nil
        }
        let raw = node.rawBytes
        let negative = raw.first == UInt8(ascii: "-")
        let digits = raw.count - (negative ? 1 : 0)
        if digits == 10 && !negative {
            findings.report(
                .timeSeconds, event: eventName(), value: Self.shown(node),
                message: "time has 10 digits: seconds, not milliseconds")
            return nil
        }
        guard digits == 13, !negative, let time = node.int64Value else {
            findings.report(
                .envelopeTime, event: eventName(), value: Self.shown(node),
                message: "time has \(digits) digits\(negative ? " and is negative" : ""), not 13 (ms)")
            return nil
        }
        guard time >= SDKLimits.timeFloor else {
            findings.report(
                .envelopeTime, event: eventName(), value: Self.shown(node),
                message: "time is before 2015-05-15 10:24:00 UTC (1431656640000), the SDKs' floor")
            return nil
        }
        if time > futureLimit {
            let ahead = TimeSyntax.describe(time.subtractingClamped(options.now))
            findings.report(
                .timeFuture, event: eventName(), value: Self.shown(node),
                message: "time is \(ahead) after now (tolerance \(TimeSyntax.describe(options.futureTolerance)))")
        }
        if let flushTime, flushTime.isIntegerLiteral {
            // Judged only within time's own range, where differences cannot overflow.
            if let flush = flushTime.int64Value, SDKLimits.validTimes.contains(flush) {
                if time > flush {
                    findings.report(
                        .timeAfterFlush, event: eventName(), value: Self.shown(node),
                        message:
                            "time is \(TimeSyntax.describe(time - flush)) after _flush_time \(flush): the device clock moved"
                    )
                }
            } else {
                findings.report(
                    .timeFlushOutOfRange, event: eventName(), value: Self.shown(flushTime),
                    message: "_flush_time is not a time in ms: 13 digits, from 2015-05-15")
            }
        }
        return time
    }

    /// Why an id (`distinct_id`, `original_id`) is invalid, or nil.
    private static func idProblem(_ node: JSONNode?, name: String) -> String? {
        guard let node else { return "no \(name)" }
        guard node.kind == .string else { return "\(name) is \(node.kind.withArticle), not a string" }
        if node.rawBytes.isEmpty { return "\(name) is empty" }
        if node.rawBytes.count > 255 {
            let length = node.stringLength
            if length > 255 { return "\(name) is \(length) characters long (at most 255)" }
        }
        return nil
    }

    // MARK: - Properties

    /// What the properties loop learned for the event-level rules.
    struct PropertyScan {
        /// ``PropertyKeyInfo/presence`` bits of the keys present.
        var presence: UInt8 = 0
        /// `event_duration` (else `$event_duration`) when it is a number, in seconds.
        var duration: Double?
    }

    /// Checks every member of `properties` (an object) in one walk of the tape: nodes are plain
    /// data, and a `String` is made only for a finding.
    ///
    /// - Complexity: O(members + list elements); one hash lookup per key.
    private mutating func checkProperties(
        _ properties: JSONNode, isTrack: Bool, nameId: Int32, location: LineLocation, breakdown: Int32,
        eventName: () -> String?
    ) -> PropertyScan {
        var scan = PropertyScan()
        let recordTypes = isTrack && checkTypes
        // Events of one name repeat their keys in the same order: guess each key's id from the
        // last event of the name, and hash only when the guess is wrong.
        let sequence = Int(nameId)
        if sequence >= keysByName.count {
            keysByName += repeatElement([], count: sequence + 1 - keysByName.count)
            guessedByName += repeatElement([], count: sequence + 1 - guessedByName.count)
        }
        let (quick, resume) = checkGuessedProperties(
            properties, sequence: sequence, recordTypes: recordTypes, scan: &scan)
        // The members after the guessed ones (if any), from where that loop stopped.
        guard resume < Int(properties.entry.next) else { return scan }
        var position = quick
        properties.forEachMember(fromKeyIndex: resume) { key, value in
            defer { position += 1 }
            let keyBytes = key.rawBytes
            let keyId: Int32
            let escaped = key.hasEscapes
            if sequence >= 0, !escaped, position < keysByName[sequence].count,
                keyInterner.isString(keysByName[sequence][position], equalTo: keyBytes)
            {
                keyId = keysByName[sequence][position]
            } else {
                keyId =
                    escaped
                    ? JSONStringEscapes.unescape(keyBytes).withUnsafeBytes {
                        propertyKey($0, at: location, member: position)
                    } : propertyKey(keyBytes, at: location, member: position)
                if sequence >= 0 {
                    // The records, once made, stay as long as the ids and in step with them.
                    let made = !guessedByName[sequence].isEmpty
                    if position < keysByName[sequence].count {
                        keysByName[sequence][position] = keyId
                        if made { guessedByName[sequence][position] = guessedKey(keyId) }
                    } else {
                        keysByName[sequence].append(keyId)
                        if made { guessedByName[sequence].append(guessedKey(keyId)) }
                    }
                }
            }
            let info = keyInfos[Int(keyId)]
            scan.presence |= info.presence
            if info.violation != nil {
                findings.report(
                    .propertyName, event: eventName(), value: key.stringValue,
                    message:
                        "property key '\(key.stringValue ?? "")' \(info.violation.map(String.init(describing:)) ?? "")")
            }
            var type: PropertyTypeTracker.ValueType?
            switch value.kind {
            case .string:
                type = .string
                // Raw bytes are at least as many as characters: short strings need no counting.
                if value.rawBytes.count > SDKLimits.valueMaxLength { checkLength(value, key: key, eventName) }
            case .number:
                type = .number
                if info.presence == PropertyKeyInfo.eventDuration
                    || (info.presence == PropertyKeyInfo.dollarEventDuration
                        && scan.presence & PropertyKeyInfo.eventDuration == 0)
                {
                    scan.duration = value.doubleValue
                }
            case .bool:
                type = .boolean
            case .null:
                break
            case .array:
                var valid = true
                for element in value.elements {
                    if element.kind != .string {
                        valid = false
                    } else if element.rawBytes.count > SDKLimits.valueMaxLength {
                        checkLength(element, key: key, eventName)
                    }
                }
                if valid {
                    type = .list
                } else {
                    report(.propertyType, key: key, value: value, "is a list holding non-strings", eventName)
                }
            case .object:
                report(.propertyType, key: key, value: value, "is an object", eventName)
            }
            if recordTypes, let type {
                types.record(name: Int(keyId), type: type, at: location, breakdown: breakdown, event: nameId) {
                    Self.shown(value)
                }
            }
            return true
        }
        return scan
    }

    /// Checks the leading members of `properties` that need nothing but a count; returns how many,
    /// and the tape index of the next member's key.
    ///
    /// Such a member's key is the name's guessed key (compared as bytes) and valid, and its value
    /// a string no longer than the limit, a number other than a duration, a boolean, null or a
    /// list of such strings, of the key's first type and past its kept lines (no breakdown). ``checkProperties`` checks
    /// the members after them. No table grows here, so the tables are read and counted through
    /// pointers, and each guess is one ``GuessedKey`` record (callgrind, 60,000 lines of the bench
    /// dump: the properties' checks 190 M -> 124 M instructions with the pointers, validate 792 M
    /// -> 732 M; with the records, no interner text, key info or reference count per event:
    /// validate 679 M -> 664 M; taking lists of short strings here too, the responder chains of
    /// every click and exposure: 648 M -> 642 M).
    private mutating func checkGuessedProperties(
        _ properties: JSONNode, sequence: Int, recordTypes: Bool, scan: inout PropertyScan
    ) -> (count: Int, next: Int) {
        guard sequence >= 0, properties.entry.count > 0, !keysByName[sequence].isEmpty else {
            return (0, properties.index + 1)
        }
        if guessedByName[sequence].isEmpty { makeGuesses(sequence) }
        // The tables are moved out while they are read (moving a table is no copy and, unlike
        // borrowing it from `self` in a closure, no reference count per event).
        var guesses: [GuessedKey] = []
        var firstTypes: [Int8] = []
        var counts: [Int] = []
        swap(&guesses, &guessedByName[sequence])
        swap(&firstTypes, &types.firstType)
        swap(&counts, &types.firstCount)
        defer {
            swap(&guesses, &guessedByName[sequence])
            swap(&firstTypes, &types.firstType)
            swap(&counts, &types.firstCount)
        }
        // With a breakdown no kept count is ever reached, so a typed member ends the loop (its
        // lines are counted per value, in the general loop).
        let keep = recordTypes ? (types.withBreakdown ? Int.max : types.keep) : nil
        return guesses.withUnsafeBufferPointer { guesses in
            firstTypes.withUnsafeBufferPointer { firstTypes in
                counts.withUnsafeMutableBufferPointer { counts in
                    // Two copies of the loop, each with its case decided.
                    if let keep {
                        Self.checkGuessed(
                            properties, guesses: guesses, firstTypes: firstTypes, counts: counts, counting: true,
                            keep: keep, presence: &scan.presence)
                    } else {
                        Self.checkGuessed(
                            properties, guesses: guesses, firstTypes: firstTypes, counts: counts, counting: false,
                            keep: 0, presence: &scan.presence)
                    }
                }
            }
        }
    }

    /// ``checkGuessedProperties(_:sequence:recordTypes:scan:)``'s loop, on the tables' storage.
    ///
    /// Inlined into its two callers with `counting` a constant, so neither copy tests per member
    /// whether types are recorded; the presence bits are gathered in a register and stored once
    /// (callgrind, 60,000 lines of the bench dump: the loop 88.5 M -> 84.8 M instructions).
    ///
    /// - Parameters:
    ///   - counting: whether types are recorded (a typed member then counts one line of its key's
    ///     first type).
    ///   - keep: the lines kept per key and type: a key counted fewer times stops the loop (its
    ///     line is kept by the general loop); `Int.max` with a breakdown, whose lines are counted
    ///     per value, in the general loop.
    @inline(__always)
    private static func checkGuessed(
        _ properties: JSONNode, guesses: UnsafeBufferPointer<GuessedKey>, firstTypes: UnsafeBufferPointer<Int8>,
        counts: UnsafeMutableBufferPointer<Int>, counting: Bool, keep: Int, presence: inout UInt8
    ) -> (count: Int, next: Int) {
        let entries = properties.entries
        let base = properties.base
        let members = min(Int(properties.entry.count), guesses.count)
        var checked = 0
        var present: UInt8 = 0
        defer { presence |= present }
        var k = properties.index + 1
        members: while checked < members {
            let key = entries[k]
            let value = entries[k &+ 1]
            guard !key.isEscaped else { break }
            let guess = guesses[checked]
            let length = Int(key.end) &- Int(key.start)
            // A longer key's record has length -1.
            guard length == Int(guess.length), ShortBytes(base + Int(key.start), count: length) == guess.words,
                !guess.violates
            else { break }
            let id = Int(guess.id)
            let type: PropertyTypeTracker.ValueType?
            switch value.kind {
            case .string:
                guard Int(value.end) &- Int(value.start) <= SDKLimits.valueMaxLength else { break members }
                type = .string
            case .number:
                guard !guess.duration else { break members }
                type = .number
            case .bool: type = .boolean
            case .null: type = nil
            case .array:
                // Anything but a list of short strings is for the general loop to judge.
                guard Self.isListOfShortStrings(UnsafePointer(entries), elements: (k &+ 2)..<Int(value.next)) else {
                    break members
                }
                type = .list
            case .object: break members
            }
            if counting, let type {
                guard id < firstTypes.count, Int(firstTypes[id]) == type.rawValue, counts[id] >= keep else {
                    break members
                }
                counts[id] &+= 1
            }
            present |= guess.presence
            checked &+= 1
            k = Int(value.next)
        }
        return (checked, k)
    }

    /// Whether the list whose elements are `elements` holds only strings no longer than the limit
    /// (each string one entry).
    ///
    /// Out of ``checkGuessed(_:guesses:firstTypes:counts:counting:keep:presence:)``'s loop: inline,
    /// its registers made every member of that loop nine instructions longer (callgrind).
    @inline(never)
    private static func isListOfShortStrings(_ entries: UnsafePointer<TapeEntry>, elements: Range<Int>) -> Bool {
        var item = entries + elements.lowerBound
        let end = entries + elements.upperBound
        while item < end {
            guard item.pointee.kind == .string,
                Int(item.pointee.end) &- Int(item.pointee.start) <= SDKLimits.valueMaxLength
            else { return false }
            item += 1
        }
        return true
    }

    /// The id of an event name (decoded bytes), judging it when new.
    @inline(__always)
    private mutating func eventNameId(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        let id = nameInterner.internRepeating(bytes)
        if Int(id) == nameInfos.count { nameInfos.append(EventNameInfo(bytes)) }
        return id
    }

    /// The records of name `sequence`'s guessed keys, from their ids.
    private mutating func makeGuesses(_ sequence: Int) {
        var made: [GuessedKey] = []
        made.reserveCapacity(keysByName[sequence].count)
        for id in keysByName[sequence] { made.append(guessedKey(id)) }
        guessedByName[sequence] = made
    }

    /// The guessed-key loop's record of key `id`, from its interned (decoded) bytes.
    private func guessedKey(_ id: Int32) -> GuessedKey {
        keyInterner.withBytes(id) { GuessedKey(id: id, bytes: $0, info: keyInfos[Int(id)]) }
    }

    /// The id of a property key (decoded bytes), judging it when new.
    @inline(__always)
    private mutating func propertyKey(_ bytes: UnsafeRawBufferPointer, at location: LineLocation, member: Int) -> Int32
    {
        let id = keyInterner.intern(bytes)
        if Int(id) == keyInfos.count {
            keyInfos.append(PropertyKeyInfo(bytes))
            keyFirst.append((location, member))
        }
        return id
    }

    private mutating func report(
        _ rule: BuiltInRule, key: JSONNode, value: JSONNode, _ problem: String, _ eventName: () -> String?
    ) {
        let name = key.stringValue ?? ""
        findings.report(
            rule, event: eventName(), value: "\(name): \(Self.shown(value))", message: "property '\(name)' \(problem)")
    }

    /// `property.too_long` and `property.truncated` for a string (a value or a list element)
    /// longer than 8,191 bytes.
    private mutating func checkLength(_ value: JSONNode, key: JSONNode, _ eventName: () -> String?) {
        let length = value.stringLength
        guard length > SDKLimits.valueMaxLength else { return }
        if length == SDKLimits.truncatedValueLength && value.withUTF8({ $0.last == UInt8(ascii: "$") }) {
            report(
                .propertyTruncated, key: key, value: value, "is 8,192 characters ending in $: an SDK cut it", eventName)
        } else {
            report(.propertyTooLong, key: key, value: value, "is \(length) characters long (at most 8,191)", eventName)
        }
    }

    // MARK: - Event-level rules

    private mutating func checkPreset(_ preset: EventNameInfo.Preset, _ scan: PropertyScan, _ eventName: () -> String?)
    {
        // The presence bits the preset needs; the names are spelled only for a finding.
        let required: UInt8
        switch preset {
        case .none: return
        case .click: required = PropertyKeyInfo.screenName | PropertyKeyInfo.elementType
        case .view: required = PropertyKeyInfo.screenName
        case .start: required = PropertyKeyInfo.isFirstTime | PropertyKeyInfo.resumeFromBackground
        case .end:
            if scan.presence & (PropertyKeyInfo.eventDuration | PropertyKeyInfo.dollarEventDuration) == 0 {
                findings.report(
                    .presetMissingProperty, event: eventName(), value: nil,
                    message: "$AppEnd without event_duration or $event_duration")
            }
            if let duration = scan.duration {
                let shown = "event_duration \(LifecycleTracker.seconds(duration))"
                if !(abs(duration * 1000) < 0x1p63) {
                    // Too large for 64-bit ms (or infinite: `1e999` reads as infinity): no span to describe.
                    findings.report(
                        .lifecycleDurationOutOfRange, event: eventName(), value: shown,
                        message: "event_duration is beyond ±9,223,372,036,854,775 s, the range of 64-bit ms")
                } else if duration < 0 {
                    findings.report(
                        .lifecycleNegativeDuration, event: eventName(), value: shown,
                        message: "event_duration is negative")
                } else if duration > SDKLimits.eventDurationMaxSeconds {
                    // Within 64-bit ms: checked above.
                    findings.report(
                        .lifecycleDurationTooLong, event: eventName(), value: shown,
                        message: "event_duration is \(TimeSyntax.describe(Int64(duration * 1000))), over 24 hours")
                }
            }
            return
        }
        guard scan.presence & required != required else { return }
        let names: [(UInt8, String)] = [
            (PropertyKeyInfo.screenName, "$screen_name"), (PropertyKeyInfo.elementType, "$element_type"),
            (PropertyKeyInfo.isFirstTime, "$is_first_time"),
            (PropertyKeyInfo.resumeFromBackground, "$resume_from_background"),
        ]
        let missing = names.filter { required & $0.0 != 0 && scan.presence & $0.0 == 0 }.map(\.1)
        findings.report(
            .presetMissingProperty, event: eventName(), value: nil,
            message: "\(eventName() ?? "") without \(missing.joined(separator: " and "))")
    }

    // MARK: - Support

    /// The breakdown index of the event's breakdown property (0 when absent).
    private mutating func breakdownValue(_ event: Event) -> Int32 {
        guard let breakdownKey else { return 0 }
        let node = breakdownKey.withUnsafeBytes { key in
            event.properties.flatMap { $0.kind == .object ? $0.member(key) : nil }
                ?? event.lib.flatMap { $0.kind == .object ? $0.member(key) : nil }
        }
        guard let node else { return 0 }
        return node.kind == .string
            ? node.withUTF8 { findings.breakdownIndex($0) } : findings.breakdownIndex(node.sourceBytes)
    }

    private mutating func writeBadRow(_ location: LineLocation, _ raw: UnsafeRawBufferPointer) {
        guard let badRows, badRowError == nil else { return }
        let ids = findings.lineRules.filter { findings.registry[$0].severity == .error }.map {
            findings.registry[$0].id
        }
        do {
            try badRows.write(location: location, rules: ids, raw: raw)
        } catch {
            badRowError = error
        }
    }

    /// A value as written, shortened for a report.
    static func shown(_ node: JSONNode) -> String {
        let bytes = node.kind == .string ? node.rawBytes : node.sourceBytes
        return ValidationExample.shortened(String(decoding: bytes.prefix(400), as: UTF8.self))
    }
}

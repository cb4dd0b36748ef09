/// The rules atk checks on every dump, in report order; the raw value is the rule's index in
/// every ``RuleRegistry``.
public enum BuiltInRule: Int, CaseIterable, Sendable {
    case jsonMalformed
    case jsonInvalidUTF8
    case jsonLoneSurrogate
    case envelopeType
    case envelopeEventName
    case envelopeDistinctId
    case envelopeOriginalId
    case envelopeTime
    case envelopeProperties
    case propertyName
    case propertyType
    case propertyTooLong
    case timeSeconds
    case timeFuture
    case timeAfterFlush
    case timeFlushOutOfRange
    case propertyTruncated
    case propertyTypeConflict
    case duplicateEvent
    case presetMissingProperty
    case lifecycleMissingAppEnd
    case lifecycleOrphanAppEnd
    case lifecycleNegativeDuration
    case lifecycleDurationTooLong
    case lifecycleDurationOutOfRange
    case lifecycleDurationMismatch
    case lifecyclePassivePageView

    /// The rule's index in a registry.
    public var index: Int { rawValue }

    /// The rule's id, severity and summary, as reports show them.
    public var rule: ValidationRule {
        switch self {
        case .jsonMalformed:
            ValidationRule(id: "json.malformed", severity: .error, summary: "not JSON, not an object, or cut off")
        case .jsonInvalidUTF8:
            ValidationRule(
                id: "json.invalid_utf8", severity: .error, summary: "string holding bytes that are not UTF-8")
        case .jsonLoneSurrogate:
            ValidationRule(
                id: "json.lone_surrogate", severity: .error,
                summary: "\\u escape of a UTF-16 surrogate without its pair")
        case .envelopeType:
            ValidationRule(id: "envelope.type", severity: .error, summary: "type missing or not a Sensors type")
        case .envelopeEventName:
            ValidationRule(
                id: "envelope.event_name", severity: .error, summary: "track line without a valid event name")
        case .envelopeDistinctId:
            ValidationRule(
                id: "envelope.distinct_id", severity: .error,
                summary: "distinct_id missing, not a string, empty or over 255 characters")
        case .envelopeOriginalId:
            ValidationRule(
                id: "envelope.original_id", severity: .error, summary: "track_signup without a valid original_id")
        case .envelopeTime:
            ValidationRule(
                id: "envelope.time", severity: .error,
                summary: "time missing, not an integer, not 13 digits, or before 2015-05-15")
        case .envelopeProperties:
            ValidationRule(
                id: "envelope.properties", severity: .error, summary: "track line without a properties object")
        case .propertyName:
            ValidationRule(id: "property.name", severity: .error, summary: "property key that breaks the name rule")
        case .propertyType:
            ValidationRule(
                id: "property.type", severity: .error,
                summary: "value not a number, string, boolean, null or list of strings")
        case .propertyTooLong:
            ValidationRule(id: "property.too_long", severity: .error, summary: "string longer than 8,191 characters")
        case .timeSeconds:
            ValidationRule(
                id: "time.seconds", severity: .warning, summary: "time in seconds (10 digits), not milliseconds")
        case .timeFuture:
            ValidationRule(id: "time.future", severity: .warning, summary: "time later than now plus the tolerance")
        case .timeAfterFlush:
            ValidationRule(
                id: "time.after_flush", severity: .warning, summary: "time later than _flush_time (device clock moved)")
        case .timeFlushOutOfRange:
            ValidationRule(
                id: "time.flush_out_of_range", severity: .warning,
                summary: "integer _flush_time outside time's range (13 digits, from 2015-05-15)")
        case .propertyTruncated:
            ValidationRule(
                id: "property.truncated", severity: .warning,
                summary: "string of exactly 8,192 characters ending in $ (cut by an SDK)")
        case .propertyTypeConflict:
            ValidationRule(
                id: "property.type_conflict", severity: .warning,
                summary: "property seen with different types across the dump (minority lines)")
        case .duplicateEvent:
            ValidationRule(
                id: "duplicate.event", severity: .warning,
                summary: "same _track_id, distinct_id, event and time as an earlier line")
        case .presetMissingProperty:
            ValidationRule(
                id: "preset.missing_property", severity: .warning, summary: "preset event without its preset properties"
            )
        case .lifecycleMissingAppEnd:
            ValidationRule(
                id: "lifecycle.missing_app_end", severity: .warning,
                summary: "session that crashed or was followed by $AppStart without $AppEnd")
        case .lifecycleOrphanAppEnd:
            ValidationRule(id: "lifecycle.orphan_app_end", severity: .warning, summary: "$AppEnd with no open session")
        case .lifecycleNegativeDuration:
            ValidationRule(id: "lifecycle.negative_duration", severity: .warning, summary: "event_duration below 0")
        case .lifecycleDurationTooLong:
            ValidationRule(
                id: "lifecycle.duration_too_long", severity: .warning, summary: "event_duration above 24 hours")
        case .lifecycleDurationOutOfRange:
            ValidationRule(
                id: "lifecycle.duration_out_of_range", severity: .warning,
                summary: "event_duration beyond ±9,223,372,036,854,775 s (64-bit milliseconds)")
        case .lifecycleDurationMismatch:
            ValidationRule(
                id: "lifecycle.duration_mismatch", severity: .warning,
                summary: "$AppEnd duration differs from the time since its $AppStart")
        case .lifecyclePassivePageView:
            ValidationRule(
                id: "lifecycle.passive_page_view", severity: .warning,
                summary: "$AppViewScreen after $AppStartPassively (background launch)")
        }
    }
}

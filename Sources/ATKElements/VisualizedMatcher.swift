/// Finds the visualized event definitions an element's click matches.
///
/// Built once per config: definitions are indexed by screen name and
/// element path, so a lookup costs one hash probe plus the limit checks of
/// the few definitions that share both. Only `isMatchable` definitions
/// (non-H5 `appclick`) are indexed. The caller decides which events to
/// offer: the SDK matches `$AppClick` only, not exposure events.
public struct VisualizedMatcher: Sendable {
    /// The key every matching definition must share with the element.
    private struct Key: Hashable {
        var screenName: String
        var elementPath: String
    }

    /// A matchable definition's position in `events` and its element rule.
    private struct Candidate {
        var index: Int
        var rule: VisualizedElementRule
    }

    private let candidates: [Key: [Candidate]]

    /// Indexes the matchable definitions of `config`.
    public init(config: VisualizedConfig) {
        var candidates: [Key: [Candidate]] = [:]
        for (index, definition) in config.events.enumerated() where definition.isMatchable {
            guard let rule = definition.event, let screenName = rule.screenName,
                let elementPath = rule.elementPath
            else { continue }
            let key = Key(screenName: screenName, elementPath: elementPath)
            candidates[key, default: []].append(Candidate(index: index, rule: rule))
        }
        self.candidates = candidates
    }

    /// Returns the positions in `config.events` of every definition the element matches.
    ///
    /// - Parameters:
    ///   - screenName: The event's `$screen_name`; `nil` matches nothing.
    ///   - elementPath: The event's `$element_path`.
    ///   - elementPosition: The event's `$element_position`, if any.
    ///   - elementContent: The event's `$element_content`, if any.
    /// - Returns: Ascending indices; empty when nothing matches.
    public func matchingEventIndices(
        screenName: String?, elementPath: String, elementPosition: String?, elementContent: String?
    ) -> [Int] {
        guard let screenName,
            let sharingKey = candidates[Key(screenName: screenName, elementPath: elementPath)]
        else { return [] }
        return sharingKey.compactMap { candidate in
            let matched = candidate.rule.matches(
                screenName: screenName, elementPath: elementPath, elementPosition: elementPosition,
                elementContent: elementContent)
            return matched ? candidate.index : nil
        }
    }

    /// Returns the definitions a rebuilt identity matches, given the element's content.
    public func matchingEventIndices(for identity: ElementIdentity, elementContent: String?) -> [Int] {
        matchingEventIndices(
            screenName: identity.screenName, elementPath: identity.elementPath,
            elementPosition: identity.elementPosition, elementContent: elementContent)
    }
}

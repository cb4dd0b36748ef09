import ATKCore

/// Makes a realistic synthetic iOS autotrack dump, deterministic for a seed, and the truth of
/// what it holds.
///
/// Sessions are simulated one by one in order of their start; their lines wait in a queue
/// ordered by flush time and are written once no later session can flush earlier. The dump is
/// thus in arrival order, roughly time-ordered with late arrivals (a `lateShare` of events is
/// flushed minutes to hours late), and memory holds only the sessions in flight.
public struct DumpGenerator {
    /// What the generator makes, after clamping to the supported ranges.
    public let options: GeneratorOptions

    /// - Parameter options: what to make; `users`, `days` and `start` are clamped to the ranges
    ///   ``GeneratorOptions`` documents, within which no time of the simulation overflows.
    public init(options: GeneratorOptions) {
        var options = options
        options.users = max(0, options.users)
        options.days = min(max(1, options.days), GeneratorOptions.maximumDays)
        options.start = min(max(TimeSyntax.instantRange.lowerBound, options.start), TimeSyntax.instantRange.upperBound)
        self.options = options
    }

    /// One visual (virtual) event definition of the sample visualized-autotrack config.
    public struct VisualDefinition: Sendable {
        /// The visual event's name, as the config and `elements top` name it.
        public var name: String
        /// The `$screen_name` a click must have.
        public var screen: String
        /// The `$element_path` a click must have.
        public var path: String
        /// The `$element_position` a click must have when ``limitPosition`` is set.
        public var position: String?
        /// The `$element_content` a click must have when ``limitContent`` is set.
        public var content: String?
        /// Whether the position must match too (the SDK's `limit_element_position`).
        public var limitPosition = false
        /// Whether the content must match too (the SDK's `limit_element_content`).
        public var limitContent = false

        /// The Sensors SDK's matching: path and screen equal; position and content only when limited.
        func matches(screen: String, path: String, position: String?, content: String) -> Bool {
            guard screen == self.screen, path == self.path else { return false }
            if limitPosition && position != self.position { return false }
            if limitContent && content != self.content { return false }
            return true
        }
    }

    /// The visual events of `Samples/visualized.json`, which the truth counts.
    public static let visualizedEvents: [VisualDefinition] = {
        let pdp = ShopApp.Screen.productDetail.rawValue
        let home = ShopApp.Screen.home.rawValue
        return [
            VisualDefinition(name: "AddToCartButton", screen: pdp, path: "UIView/UIView[0]/UIStackView[0]/UIButton[0]"),
            VisualDefinition(name: "AddToCartButtonLegacy", screen: pdp, path: "UIView/UIView[0]/UIButton[0]"),
            VisualDefinition(
                name: "BuyNowButton", screen: pdp, path: "UIView/UIView[0]/UIStackView[0]/UIButton[1]",
                content: ShopApp.buyNowTitle, limitContent: true),
            VisualDefinition(
                name: "SizeM", screen: pdp, path: "UIView/UIScrollView[0]/UISegmentedControl[0]/UISegment[-]",
                position: "1", limitPosition: true),
            VisualDefinition(
                name: "HomeProductCell", screen: home, path: "UIView/UICollectionView[0]/ProductCell[0][-]"),
            VisualDefinition(
                name: "HomeFirstProduct", screen: home, path: "UIView/UICollectionView[0]/ProductCell[0][-]",
                position: "0:0", limitPosition: true),
            VisualDefinition(name: "HomeBanner", screen: home, path: "UIView/UIButton[0]"),
            VisualDefinition(name: "CheckoutButton", screen: ShopApp.Screen.cart.rawValue, path: "UIView/UIButton[0]"),
            VisualDefinition(name: "RetiredShareButton", screen: pdp, path: "UIView/UIView[0]/UIButton[2]"),
        ]
    }()

    /// `Samples/visualized.json`: the definitions in the Sensors visualized-autotrack config format.
    public static func visualizedConfig() -> JSONOutput {
        .object([
            ("version", .string("1.0")), ("os", .string("iOS")), ("project", .string("default")),
            ("app_id", .string("com.example.shop")),
            (
                "events",
                .array(
                    visualizedEvents.map { definition in
                        var event: [(String, JSONOutput)] = [
                            ("element_path", .string(definition.path)), ("screen_name", .string(definition.screen)),
                        ]
                        if let position = definition.position { event.append(("element_position", .string(position))) }
                        if let content = definition.content { event.append(("element_content", .string(content))) }
                        event += [
                            ("limit_element_position", .bool(definition.limitPosition)),
                            ("limit_element_content", .bool(definition.limitContent)), ("h5", .bool(false)),
                        ]
                        return .object([
                            ("event_name", .string(definition.name)), ("event_type", .string("appclick")),
                            ("event", .object(event)), ("properties", .array([])),
                        ])
                    })
            ),
        ])
    }

    /// Writes the dump, one event per line, and returns its truth.
    public func generate(to writer: DumpWriter) throws -> GeneratorTruth {
        var truth = GeneratorTruth()
        let profiles = (0..<options.users).map(makeProfile)
        let sessions = profiles.enumerated().flatMap { user, profile in
            profile.sessions.indices.map { (start: profile.sessions[$0], user: user, session: $0) }
        }.sorted { ($0.start, $0.user, $0.session) < ($1.start, $1.user, $1.session) }

        var queue = ArrivalQueue()
        var lineNumber = 0
        func drain(before limit: Int64) throws {
            while let next = queue.peek, next.arrival < limit {
                queue.pop()
                lineNumber += 1
                truth.record(
                    line: lineNumber, draft: next.draft, malformed: next.draft == nil, rules: next.rules,
                    faults: next.faults)
                try writer.write(next.bytes + [0x0A])
            }
        }
        // A session's lines arrive no earlier than 20 minutes before it starts (a background launch).
        let lead: Int64 = 20 * 60_000
        for session in sessions {
            try drain(before: session.start - lead)
            var simulator = SessionSimulator(
                user: profiles[session.user], sessionIndex: session.session, options: options)
            simulator.run(truth: &truth)
            for draft in simulator.drafts {
                queue.push(
                    arrival: draft.arrival, bytes: draft.serialized(), draft: draft, rules: draft.rules,
                    faults: draft.faults)
            }
            for line in simulator.malformed {
                queue.push(
                    arrival: simulator.drafts[line.after].arrival, bytes: line.bytes, draft: nil, rules: line.rules,
                    faults: line.faults)
            }
        }
        try drain(before: .max)
        try writer.close()
        return truth
    }

    private func makeProfile(_ index: Int) -> UserProfile {
        var rng = SplitMix64(seed: options.seed, stream: UInt64(index), substream: 0)
        let id = rng.chance(0.7) ? "u" + String(100_000 + index) : Self.uuid(&rng)
        let day: Int64 = 86_400_000
        var starts: [Int64] = []
        let count = [1, 1, 1, 2, 2, 3][rng.int(0...5)]
        for _ in 0..<count {
            let candidate =
                options.start + Int64(rng.int(0...max(0, options.days - 1))) * day
                + Int64(rng.int(7 * 3600...23 * 3600)) * 1000 + Int64(rng.int(0...999))
            if starts.allSatisfy({ abs($0 - candidate) >= 3 * 3_600_000 }) { starts.append(candidate) }
        }
        var profile = UserProfile(
            id: id, anonymousId: Self.uuid(&rng), appVersion: rng.pick(ShopApp.appVersions),
            osVersion: rng.chance(0.05) ? ShopApp.osVersions[0] : rng.pick(Array(ShopApp.osVersions.dropFirst())),
            model: rng.pick(ShopApp.models), networkType: rng.pick(["WIFI", "WIFI", "4G", "5G"]),
            sessions: starts.sorted())
        // A stream of its own, so the default dump stays byte for byte what it was.
        var journey = SplitMix64(seed: options.seed, stream: UInt64(index), substream: 1_000)
        if options.journeys && id.hasPrefix("u") && journey.chance(0.5) {
            profile.login = (journey.int(0...(profile.sessions.count - 1)), journey.chance(0.7) ? .signup : .bind)
        }
        return profile
    }

    private static func uuid(_ rng: inout SplitMix64) -> String {
        let hex = Array("0123456789ABCDEF")
        let groups = [8, 4, 4, 4, 12]
        return groups.map { length in String((0..<length).map { _ in hex[Int(rng.next() & 15)] }) }.joined(
            separator: "-")
    }
}

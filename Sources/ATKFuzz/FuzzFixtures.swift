import ATKCore
import ATKFunnel
import Foundation

/// What the fuzz targets load once: the sample plan and visualized config from `Samples/`, and
/// the analyses' configurations.
///
/// `Samples/` is found beside this source file (the fuzzer runs in this checkout), or at
/// `$ATK_SAMPLES` when set.
enum FuzzFixtures {
    /// The checkout's `Samples/` folder.
    static let samples: String = {
        if let path = ProcessInfo.processInfo.environment["ATK_SAMPLES"] { return path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples").path
    }()

    /// `Samples/plan.json`.
    static let planPath = samples + "/plan.json"

    /// `Samples/plan.json`, compiled; nil (and a precondition failure in the target) when missing.
    nonisolated(unsafe) static let planChecker: PlanChecker? = try? PlanChecker(path: planPath)

    /// `Samples/visualized.json`'s bytes.
    static let visualizedConfig: Data? = FileManager.default.contents(atPath: samples + "/visualized.json")

    /// Event funnels: the demo's shopping funnel by users with a breakdown and an exclusion, and
    /// every strict mode by conversions, keyed by a property, over a window of 8·10¹⁸ ms (times
    /// plus the window overflow 64 bits).
    static let funnelConfigurations: [EventFunnelConfiguration] = {
        var configurations: [EventFunnelConfiguration] = []
        let steps =
            "$AppStart,$AppViewScreen[$screen_name=HomeViewController],$AppClick[$element_content~鞋],"
            + "ProductView[price>=10],AddToCart"
        for (window, huge) in [("1h", false), ("8000000000000000000ms", true)] {
            guard let specs = try? StepSpec.parseList(steps),
                let exclusion = try? StepSpec.parse("$AppEnd[event_duration<1]"),
                let funnelSteps = try? FunnelSteps(steps: specs, exclusions: huge ? [] : [exclusion]),
                let parsedWindow = try? FunnelWindow(parsing: window)
            else { preconditionFailure("a fixed funnel configuration does not parse") }
            var configuration = EventFunnelConfiguration(steps: funnelSteps, window: parsedWindow)
            if huge {
                configuration.mode = [.strictOrder, .strictDeduplication, .strictIncrease]
                configuration.unit = .conversions
                configuration.userProperty = "$device_id"
            } else {
                configuration.breakdownProperty = "$app_version"
                configuration.breakdownLimit = 2
            }
            configuration.maxExamples = 3
            configurations.append(configuration)
        }
        return configurations
    }()

    /// Path funnels: a pattern with an entity, and no pattern.
    static let pathConfigurations: [PathFunnelAnalysis.Configuration] = {
        var withPattern = PathFunnelAnalysis.Configuration()
        guard let pattern = try? PathPattern(parsing: "DL_HOME>DL_PDP>DL_CART", strict: true) else {
            preconditionFailure("a fixed path pattern does not parse")
        }
        withPattern.pattern = pattern
        withPattern.entityNode = "DL_PDP"
        withPattern.maxExamples = 3
        var plain = PathFunnelAnalysis.Configuration()
        plain.maxExamples = 3
        return [withPattern, plain]
    }()

    /// Impressions under each policy: once per view with a breakdown, a window of 8·10¹⁸ ms,
    /// buffers with a 250 ms batch gap on recorded identifiers, and an items list keyed by item.
    static let impressionOptions: [ImpressionOptions] = {
        var oncePerView = ImpressionOptions()
        oncePerView.breakdownProperty = "$app_version"
        var window = ImpressionOptions()
        window.policy = .window
        window.windowMilliseconds = 8_000_000_000_000_000_000
        var buffer = ImpressionOptions()
        buffer.policy = .buffer
        buffer.batchGapMilliseconds = 250
        buffer.useRecordedIdentifiers = true
        var items = ImpressionOptions()
        items.policy = .window
        items.itemsProperty = "product_ids"
        items.indexProperty = "indexes"
        items.keyProperties = ["$screen_name", "item_id"]
        return [oncePerView, window, buffer, items].map { options in
            var options = options
            options.maxExamples = 3
            return options
        }
    }()
}

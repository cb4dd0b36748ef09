import ATKCore
import ATKFunnel
import ArgumentParser
import Foundation

/// The analyses a report config runs, each built by its single command's own parsing and
/// checks, in passes that share a partition key, and the sections made of their results by
/// the single commands' own report types.
struct ReportAnalyses {
    /// Where an event funnel runs: its pass (0: the `distinct_id` pass) and its place there.
    private struct FunnelSlot {
        var pass: Int
        var index: Int
    }

    /// Where a path funnel's paths come from.
    private enum PathSource {
        /// Recorded paths: the path funnel at this index of the main pass.
        case recorded(Int)
        /// Rebuilt paths: the navigation replay at this index of the main pass, counted by a
        /// path funnel of this configuration after the read.
        case rebuilt(Int, PathFunnelAnalysis.Configuration)
    }

    /// The passes: first the one routed by `distinct_id`, then one per funnel `by` property.
    var passes: [ReportPass]
    /// The validation run's request (nil: no validation).
    private let validation: ValidationRequest?
    /// The plan file as the section names it.
    private let planFile: String?
    private let funnelSlots: [FunnelSlot]
    private let funnelNames: [String]
    private let pathNames: [String]
    private let pathTops: [Int]
    private let pathSources: [PathSource]
    /// The navigation replay of the paths section (its index in the main pass) and its
    /// examples' limit.
    private let pathsVerify: (navigation: Int, maxExamples: Int)?
    private let impressionOptions: ImpressionOptions?
    private let topPairs: Int
    private let matchConfig: String?
    private let recordedIdentifiers: Bool

    /// Builds every analysis of `configuration` to read `files` (as given to `atk report`).
    ///
    /// - Throws: a usage error at the config key a single command refused.
    init(_ configuration: ReportConfiguration, files: [String]) throws {
        var main = ReportPass()
        let stats = try configuration.stats.parse(StatsCommand.self, files: files) { $0.input.files }
        main.stats = StatsCollector(maxExamples: stats.maxExamples)
        main.hourly = HourlyEventCounter()

        if let section = configuration.validate {
            let command = try section.parse(ValidateCommand.self, files: files) { $0.input.files }
            var request = try Self.checked(section) { try command.request() }
            if let plan = command.plan {
                do {
                    request.plan = try PlanChecker(path: plan, assertFormats: command.assertFormats)
                } catch {
                    throw section.location.error("plan \(error.description)")
                }
            }
            validation = request
            planFile = command.plan
            main.validator = DumpValidator(request)
        } else {
            validation = nil
            planFile = nil
        }

        var keyed: [PartitionKey: Int] = [.distinctId: 0]
        var passes = [main]
        var slots: [FunnelSlot] = []
        for funnel in configuration.funnels {
            let command = try funnel.section.parse(FunnelCommand.self, files: files) { $0.input.files }
            guard case .events(let eventConfiguration) = try Self.checked(funnel.section, command.request) else {
                throw funnel.section.location.error("a funnel needs steps")
            }
            let analysis = try Self.checked(funnel.section) {
                try EventFunnelAnalysis(configuration: eventConfiguration)
            }
            let key = analysis.partitionKey
            let pass = keyed[key] ?? passes.count
            if pass == passes.count {
                keyed[key] = pass
                passes.append(ReportPass(partitionKey: key))
            }
            slots.append(FunnelSlot(pass: pass, index: passes[pass].eventFunnels.count))
            passes[pass].eventFunnels.append(analysis)
        }
        funnelSlots = slots
        funnelNames = configuration.funnels.map(\.name)

        var tops: [Int] = []
        var sources: [PathSource] = []
        for funnel in configuration.pathFunnels {
            let command = try funnel.section.parse(FunnelCommand.self, files: files) { $0.input.files }
            guard case .paths(var pathConfiguration, _, let rebuilt) = try Self.checked(funnel.section, command.request)
            else {
                throw funnel.section.location.error("a path funnel cannot have steps")
            }
            if let rebuilt {
                // As `funnel --path --rebuilt`: the replay runs in the pass, the funnel counts its
                // conversions after the read.
                let navigation = try Self.navigation(funnel.section) { try command.rebuiltConfig(rebuilt) }
                pathConfiguration.conversionEvent = navigation.conversion
                pathConfiguration.pathProperty = navigation.pathProperty
                sources.append(.rebuilt(passes[0].navigations.count, pathConfiguration))
                passes[0].navigations.append(NavigationAnalysis(config: navigation, maxExamples: command.maxExamples))
            } else {
                sources.append(.recorded(passes[0].pathFunnels.count))
                passes[0].pathFunnels.append(PathFunnelAnalysis(configuration: pathConfiguration))
            }
            tops.append(command.top)
        }
        pathNames = configuration.pathFunnels.map(\.name)
        pathTops = tops
        pathSources = sources

        if let section = configuration.impressions {
            let command = try section.parse(ImpressionsCommand.self, files: files) { $0.input.files }
            let options = try Self.checked(section, command.options)
            passes[0].impressions = ImpressionCollector(options: options)
            impressionOptions = options
        } else {
            impressionOptions = nil
        }

        if let section = configuration.elementsVerify {
            let command = try section.parse(Elements.Verify.self, files: files) { $0.input.files }
            passes[0].verifier = ElementVerifier(maxExamples: command.maxExamples)
            topPairs = command.topPairs
        } else {
            topPairs = Elements.Verify.defaultTopPairs
        }
        if let section = configuration.elementsMatch {
            let command = try section.parse(Elements.Match.self, files: files) { $0.input.files }
            let data = try ConfigFile.read(command.config)
            do {
                passes[0].matcher = try VisualEventCounter(
                    configJSON: data, useRecordedIdentifiers: command.identifiers.recordedIdentifiers)
            } catch {
                throw section.location.error("\(command.config): \(error.description)")
            }
            matchConfig = command.config
            recordedIdentifiers = command.identifiers.recordedIdentifiers
        } else {
            matchConfig = nil
            recordedIdentifiers = false
        }
        if let section = configuration.paths {
            let command = try section.parse(Paths.Verify.self, files: files) { $0.input.files }
            let navigation = try Self.navigation(section) { try command.navigation.load() }
            pathsVerify = (passes[0].navigations.count, command.maxExamples)
            passes[0].navigations.append(NavigationAnalysis(config: navigation, maxExamples: command.maxExamples))
        } else {
            pathsVerify = nil
        }
        self.passes = passes
    }

    /// Loads a navigation config: unreadable exits 3 as in the single command, a config that is
    /// not valid is a usage error at `section`.
    private static func navigation(
        _ section: ConfigSection, _ load: () throws -> NavigationConfig
    ) throws -> NavigationConfig {
        do {
            return try load()
        } catch let error as CommandError where error.exit == CommandExit.usage {
            throw section.location.error(error.description)
        }
    }

    /// Runs `body`, placing a usage error it throws at `section`.
    private static func checked<T>(_ section: ConfigSection, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CommandError {
            throw error
        } catch {
            throw section.location.error(
                (error as? ValidationError)?.message ?? String(describing: error))
        }
    }

    /// A fresh validator for a second, serial read (when a merge lost type-conflict lines).
    func validatorForSerialRead() -> DumpValidator? { validation.map(DumpValidator.init) }

    /// Each section's key and document (the single command's JSON without its envelope).
    ///
    /// The sections are finished at the same time on up to `threads` threads (the analyses'
    /// last steps, such as evaluating impressions or replaying paths, are independent), and
    /// listed in their fixed order.
    /// - Parameters:
    ///   - validator: the validation run to finish (with `reports`), when there is one.
    ///   - reports: the inputs' reports from the read.
    ///   - threads: how many sections may be finished at once.
    func sections(validator: DumpValidator?, reports: [FileReport], threads: Int) -> [(key: String, json: JSONOutput)] {
        let main = passes[0]
        var work: [() -> (key: String, json: JSONOutput)] = []
        // Started first: the longest to finish.
        var heavy: [Int] = []
        if let stats = main.stats {
            work.append { ("stats", StatsReport(stats: stats, reports: reports).json.withoutEnvelope) }
        }
        if var validator {
            let planFile = planFile
            heavy.append(work.count)
            work.append {
                let report = ValidationReport(
                    result: validator.finish(reading: reports), fileNames: reports.map(\.source.displayName),
                    planFile: planFile)
                return ("validate", report.json().withoutEnvelope)
            }
        }
        for (name, slot) in zip(funnelNames, funnelSlots) {
            let funnel = passes[slot.pass].eventFunnels[slot.index]
            work.append {
                (
                    "funnels.\(name)",
                    EventFunnelReport(result: funnel.result(), reports: reports).json.withoutEnvelope
                )
            }
        }
        for (index, name) in pathNames.enumerated() {
            let top = pathTops[index]
            let source = pathSources[index]
            if case .rebuilt = source { heavy.append(work.count) }
            work.append {
                let result: PathFunnelResult
                switch source {
                case .recorded(let funnel):
                    result = main.pathFunnels[funnel].result(top: top)
                case .rebuilt(let navigation, let configuration):
                    var funnel = PathFunnelAnalysis(configuration: configuration)
                    funnel.count(main.navigations[navigation].replay())
                    result = funnel.result(top: top)
                }
                return ("path_funnels.\(name)", PathFunnelReport(result: result, reports: reports).json.withoutEnvelope)
            }
        }
        if var collector = main.impressions, let options = impressionOptions {
            heavy.insert(work.count, at: 0)
            work.append {
                let report = ImpressionsReport(
                    result: collector.report(threads: threads), options: options, events: collector.events,
                    malformedExamples: collector.malformedExamples, reports: reports)
                return ("impressions", report.json.withoutEnvelope)
            }
        }
        if let verifier = main.verifier {
            let topPairs = topPairs
            work.append {
                (
                    "elements.verify",
                    ElementsVerifyReport(verifier: verifier, topPairs: topPairs, reports: reports).json.withoutEnvelope
                )
            }
        }
        if let matcher = main.matcher, let matchConfig {
            let recordedIdentifiers = recordedIdentifiers
            work.append {
                let report = ElementsMatchReport(
                    counter: matcher, config: matchConfig, recordedIdentifiers: recordedIdentifiers, reports: reports)
                return ("elements.match", report.json.withoutEnvelope)
            }
        }
        if let (navigation, maxExamples) = pathsVerify {
            heavy.append(work.count)
            work.append {
                let verification = PathVerification(
                    replay: main.navigations[navigation].replay(), maxExamples: maxExamples)
                return ("paths", PathsVerifyReport(verification: verification, reports: reports).json.withoutEnvelope)
            }
        }
        let order = heavy + work.indices.filter { !heavy.contains($0) }
        return ConcurrentWork.run(work, threads: threads, order: order)
    }
}

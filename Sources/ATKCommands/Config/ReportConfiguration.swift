import Foundation
import Yams

/// An `atk report` config (Docs/report.md): what to run, named, and the alerts on its metrics.
///
/// Each analysis section is kept as the single command's arguments (``ConfigSection``), so the
/// command parses and checks them exactly as on the command line.
struct ReportConfiguration {
    /// A named funnel section.
    struct Named {
        /// Its name, in metric names and `sections` (`funnels.<name>`).
        var name: String
        /// Its arguments.
        var section: ConfigSection
    }

    /// The config file, as given.
    var file: String
    /// The report's title.
    var title = "atk report"
    /// `atk stats`'s options (always run: the headline numbers).
    var stats: ConfigSection
    /// `atk validate`'s options, when validation runs.
    var validate: ConfigSection?
    /// Event funnels, in config order.
    var funnels: [Named] = []
    /// Action-path funnels, in config order.
    var pathFunnels: [Named] = []
    /// `atk impressions`'s options, when it runs.
    var impressions: ConfigSection?
    /// `atk elements verify`'s options, when the elements section is given.
    var elementsVerify: ConfigSection?
    /// `atk elements match`'s options, when the elements section names a visualized config.
    var elementsMatch: ConfigSection?
    /// `atk paths verify`'s options, when it runs.
    var paths: ConfigSection?
    /// The alerts, in config order.
    var alerts: [AlertRule] = []
    /// `since`, `until`, `tz` and `where`: which events every section analyses (the command
    /// line's `--since`, `--until`, `--tz` and `--where` win over these).
    var selection: [String: [String]] = [:]

    /// The top-level keys, in the order the docs list them.
    static let keys = [
        "title", "since", "until", "tz", "where", "stats", "validate", "funnels", "path_funnels", "impressions",
        "elements", "paths", "alerts",
    ]

    /// An empty configuration (stats only) for `file`.
    init(file: String) {
        self.file = file
        stats = ConfigSection(location: ConfigLocation(file: file, line: 1, column: 1))
    }

    /// Reads and checks the config at `path`.
    ///
    /// - Throws: a usage error (exit 2) with the place (`file:line:column`) of an unknown key, a
    ///   wrong type, an unknown metric or a YAML syntax error; exit 3 when the file is unreadable.
    static func load(path: String) throws -> ReportConfiguration {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CommandError(
                "cannot read config \(path): \(error.localizedDescription)", exit: CommandExit.unreadableInput)
        }
        return try parse(text, file: path)
    }

    /// The config in `text`, read from `file` (relative paths are relative to its folder).
    static func parse(_ text: String, file: String) throws -> ReportConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw CommandError("\(file): \(error)", exit: CommandExit.usage)
        }
        var configuration = ReportConfiguration(file: file)
        guard let root else { return configuration }
        guard case .mapping(let mapping) = root else {
            throw ConfigLocation(root, file: file).error("a report config is a mapping of sections")
        }
        var seen: Set<String> = []
        var alertNodes: Node?
        for (keyNode, value) in mapping {
            let key = try ConfigSection.key(keyNode, file: file)
            let place = ConfigLocation(keyNode, file: file)
            guard seen.insert(key).inserted else { throw place.error("'\(key)' is given twice") }
            switch key {
            case "title":
                guard case .scalar(let scalar) = value else { throw place.error("'title' takes a text") }
                configuration.title = scalar.string
            case "since", "until", "tz":
                guard case .scalar(let scalar) = value else { throw place.error("'\(key)' takes a text") }
                configuration.selection[key] = [scalar.string]
            case "where":
                var filters = ConfigSection(location: place)
                try filters.add(option: "--where", key: key, value, place: place)
                configuration.selection[key] = stride(from: 1, to: filters.arguments.count, by: 2).map {
                    filters.arguments[$0]
                }
            case "stats": configuration.stats = try ConfigSection(value, file: file)
            case "validate": configuration.validate = try ConfigSection(value, file: file, paths: ["plan"])
            case "funnels": configuration.funnels = try named(value, key: key, file: file, path: false)
            case "path_funnels": configuration.pathFunnels = try named(value, key: key, file: file, path: true)
            case "impressions": configuration.impressions = try ConfigSection(value, file: file)
            case "elements": try configuration.setElements(value)
            case "paths": configuration.paths = try ConfigSection(value, file: file, paths: ["config"])
            case "alerts": alertNodes = value
            default:
                throw place.error("unknown key '\(key)'; valid keys: \(keys.joined(separator: ", "))")
            }
        }
        if let alertNodes { configuration.alerts = try configuration.alerts(alertNodes) }
        return configuration
    }

    /// The funnels of a `funnels` or `path_funnels` list: each a mapping with a `name`.
    private static func named(_ node: Node, key: String, file: String, path: Bool) throws -> [Named] {
        guard case .sequence(let sequence) = node else {
            throw ConfigLocation(node, file: file).error("'\(key)' takes a list of funnels, each with a name")
        }
        var names: Set<String> = []
        return try sequence.map { element in
            var section = try ConfigSection(
                element, file: file, skipping: ["name", "steps", "pattern"], paths: path ? ["rebuilt"] : [])
            guard case .mapping(let mapping) = element, let nameNode = mapping["name"],
                case .scalar(let nameScalar) = nameNode
            else { throw section.location.error("each of '\(key)' needs a name") }
            let name = nameScalar.string
            let namePlace = ConfigLocation(nameNode, file: file)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isNameScalar) else {
                throw namePlace.error("a funnel name is letters, digits, _ and - (it is part of metric names)")
            }
            guard names.insert(name).inserted else { throw namePlace.error("two of '\(key)' are named '\(name)'") }
            if path {
                section.arguments.insert("--path", at: 0)
                if let pattern = mapping["pattern"] {
                    guard case .scalar(let scalar) = pattern else {
                        throw ConfigLocation(pattern, file: file).error("'pattern' takes a text (DL_HOME>DL_PDP)")
                    }
                    section.leading = [scalar.string]
                }
            } else if let steps = mapping["steps"] {
                let place = ConfigLocation(steps, file: file)
                if case .scalar = steps {
                    try section.add(option: "--steps", key: "steps", steps, place: place)
                } else {
                    try section.add(option: "--step", key: "steps", steps, place: place)
                }
            }
            if !path, mapping["pattern"] != nil {
                throw section.location.error("'pattern' is for path_funnels")
            }
            if path, mapping["steps"] != nil { throw section.location.error("'steps' is for funnels") }
            return Named(name: name, section: section)
        }
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
    }

    /// `elements`: `visualized` (and `recorded_identifiers`) go to `elements match`, the rest
    /// to `elements verify`.
    private mutating func setElements(_ node: Node) throws {
        let matchKeys: Set<String> = ["visualized", "recorded_identifiers"]
        let verify = try ConfigSection(node, file: file, skipping: matchKeys)
        elementsVerify = verify
        guard case .mapping(let mapping) = node, mapping["visualized"] != nil else { return }
        let others = Set(mapping.keys.compactMap(\.string)).subtracting(matchKeys)
        elementsMatch = try ConfigSection(
            node, file: file, skipping: others, paths: ["visualized"], renamed: ["visualized": "config"])
    }

    /// The alert rules of `node`: a list of `{metric: NAME, above|below|rises_by|falls_by: NUMBER}`.
    private func alerts(_ node: Node) throws -> [AlertRule] {
        guard case .sequence(let sequence) = node else {
            throw ConfigLocation(node, file: file).error("'alerts' takes a list of {metric: NAME, above: NUMBER}")
        }
        let known = Set(ReportMetrics.names(for: self))
        return try sequence.map { element in
            let place = ConfigLocation(element, file: file)
            guard case .mapping(let mapping) = element else {
                throw place.error("an alert is a mapping: {metric: NAME, above: NUMBER}")
            }
            var metric: String?
            var rule: (AlertRule.Comparison, Double)?
            for (keyNode, value) in mapping {
                let key = try ConfigSection.key(keyNode, file: file)
                let keyPlace = ConfigLocation(keyNode, file: file)
                let valuePlace = ConfigLocation(value, file: file)
                if key == "metric" {
                    guard case .scalar(let scalar) = value else {
                        throw valuePlace.error("'metric' takes a metric name")
                    }
                    guard known.contains(scalar.string) else {
                        throw valuePlace.error(
                            "unknown metric '\(scalar.string)'; this config has: \(ReportMetrics.names(for: self).joined(separator: ", "))"
                        )
                    }
                    metric = scalar.string
                } else if let comparison = AlertRule.Comparison(rawValue: key) {
                    guard rule == nil else {
                        throw keyPlace.error("an alert takes one of above, below, rises_by, falls_by")
                    }
                    guard case .scalar(let scalar) = value, let number = Double(scalar.string), number.isFinite else {
                        throw valuePlace.error("'\(key)' takes a number")
                    }
                    if comparison.needsBaseline && number < 0 {
                        throw valuePlace.error("'\(key)' is a relative change: 0 or more (0.5 is 50 %)")
                    }
                    rule = (comparison, number)
                } else {
                    throw keyPlace.error(
                        "unknown alert key '\(key)'; valid keys: metric, above, below, rises_by, falls_by")
                }
            }
            guard let metric else { throw place.error("an alert needs a metric") }
            guard let (comparison, threshold) = rule else {
                throw place.error("an alert needs one of above, below, rises_by, falls_by")
            }
            return AlertRule(metric: metric, comparison: comparison, threshold: threshold, location: place)
        }
    }
}

extension ReportConfiguration {
    /// The keys of the sections this config runs, in `sections` order.
    var sectionKeys: [String] {
        ["stats"] + (validate == nil ? [] : ["validate"]) + funnels.map { "funnels.\($0.name)" }
            + pathFunnels.map { "path_funnels.\($0.name)" } + (impressions == nil ? [] : ["impressions"])
            + (elementsVerify == nil ? [] : ["elements.verify"]) + (elementsMatch == nil ? [] : ["elements.match"])
            + (paths == nil ? [] : ["paths"])
    }
}

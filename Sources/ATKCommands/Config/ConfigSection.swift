import ArgumentParser
import Foundation
import Yams

/// One section of a report config as the single command's arguments: each key `some_option`
/// is the option `--some-option`, a list repeats it, `true` sets a flag, so every option of the
/// command can be set, and the command itself parses and checks them.
struct ConfigSection {
    /// An option and the key that gave it, to place an error the command reports.
    struct Origin {
        /// The option, `--some-option`.
        var option: String
        /// The key's place.
        var location: ConfigLocation
        /// The value given, when it is one text.
        var value: String?
    }

    /// Where the section starts.
    var location: ConfigLocation
    /// The options, in config order.
    var arguments: [String] = []
    /// Positional arguments before the inputs (a path funnel's pattern).
    var leading: [String] = []
    /// The key behind each option.
    var origins: [Origin] = []

    /// Options no section may set: `atk report` sets them for the whole run, or they write
    /// files while reading (which one shared read cannot do).
    static let runOptions: Set<String> = [
        "format", "output", "o", "jobs", "quiet", "max-line-bytes", "bad-rows", "help", "version", "files",
    ]

    /// An empty section at `location`.
    init(location: ConfigLocation) {
        self.location = location
    }

    /// The section of `node` (a mapping), every key but `skipping` an option.
    ///
    /// - Parameters:
    ///   - paths: the keys whose values are file paths, made relative to the config's folder.
    ///   - renamed: keys given as another option (`visualized` → `config`).
    /// - Throws: a usage error at the key: not a mapping, a key that is not text, a key named
    ///   twice, a run option, a mapping as a value.
    init(
        _ node: Node, file: String, skipping: Set<String> = [], paths: Set<String> = [],
        renamed: [String: String] = [:]
    ) throws {
        self.init(location: ConfigLocation(node, file: file))
        guard case .mapping(let mapping) = node else { throw location.error("expected a mapping of option: value") }
        var seen: Set<String> = []
        for (keyNode, value) in mapping {
            let key = try Self.key(keyNode, file: file)
            let place = ConfigLocation(keyNode, file: file)
            guard seen.insert(key).inserted else { throw place.error("'\(key)' is given twice") }
            if skipping.contains(key) { continue }
            let option = (renamed[key] ?? key).replacingOccurrences(of: "_", with: "-")
            guard !Self.runOptions.contains(option) else {
                throw place.error("'\(key)' is not set per section: give it to atk report for the whole run")
            }
            try add(option: "--" + option, key: key, value, place: place, isPath: paths.contains(key))
        }
    }

    /// The text of a mapping key.
    static func key(_ node: Node, file: String) throws -> String {
        guard case .scalar(let scalar) = node, !scalar.string.isEmpty else {
            throw ConfigLocation(node, file: file).error("a key must be a name")
        }
        return scalar.string
    }

    /// Adds `--option value` (each of a list's values; a flag for `true`, nothing for `false`).
    mutating func add(option: String, key: String, _ value: Node, place: ConfigLocation, isPath: Bool = false) throws {
        switch value {
        case .scalar(let scalar):
            switch Self.boolean(scalar) {
            case true?:
                arguments.append(option)
                origins.append(Origin(option: option, location: place, value: nil))
            case false?:
                break
            case nil:
                guard scalar.string != "" || scalar.style != .plain else {
                    throw place.error("'\(key)' needs a value")
                }
                let text = isPath ? resolved(scalar.string) : scalar.string
                arguments += [option, text]
                origins.append(Origin(option: option, location: place, value: text))
            }
        case .sequence(let sequence):
            for element in sequence {
                guard case .scalar(let scalar) = element else {
                    throw ConfigLocation(element, file: place.file).error(
                        "'\(key)' takes a list of values, not of lists")
                }
                let text = isPath ? resolved(scalar.string) : scalar.string
                arguments += [option, text]
                origins.append(Origin(option: option, location: ConfigLocation(element, file: place.file), value: text))
            }
        default:
            throw place.error("'\(key)' takes a value or a list of values, not a mapping")
        }
    }

    /// `true` or `false` for YAML's plain booleans; nil for any other scalar.
    static func boolean(_ scalar: Node.Scalar) -> Bool? {
        guard scalar.style == .plain else { return nil }
        switch scalar.string {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// `path` relative to the config file's folder (absolute paths as they are).
    func resolved(_ path: String) -> String {
        Self.resolve(path, relativeTo: location.file)
    }

    /// `path` relative to `configFile`'s folder (absolute paths as they are).
    static func resolve(_ path: String, relativeTo configFile: String) -> String {
        let folder = (configFile as NSString).deletingLastPathComponent
        guard !path.hasPrefix("/"), !folder.isEmpty else { return path }
        return folder + "/" + path
    }

    /// The section parsed by `Command` with `files` as its inputs, as if typed on the command
    /// line.
    ///
    /// - Parameter inputs: the command's inputs after parsing, to catch a flag given a value
    ///   (the value would be taken for an input).
    /// - Throws: a usage error at the key the command's message names (else at the section).
    func parse<Command: ParsableCommand>(
        _ type: Command.Type, files: [String], inputs: (Command) -> [String]
    ) throws -> Command {
        let command: Command
        do {
            command = try Command.parse(arguments + ["--"] + leading + files)
        } catch {
            let message = Command.message(for: error)
            throw (origin(named: message)?.location ?? location).error(message)
        }
        let extra = inputs(command).count - leading.count - files.count
        if extra > 0, let origin = origins.first(where: { $0.value == inputs(command).first }) {
            throw origin.location.error("'\(origin.option.dropFirst(2))' is a flag: give true or false")
        }
        return command
    }

    /// The key whose option `message` names (the longest, so `--window` is not taken for
    /// `--window-x`).
    private func origin(named message: String) -> Origin? {
        origins.filter { origin in
            guard let range = message.range(of: origin.option) else { return false }
            let next = message[range.upperBound...].first
            return next.map { !$0.isLetter && $0 != "-" } ?? true
        }.max { $0.option.count < $1.option.count }
    }
}

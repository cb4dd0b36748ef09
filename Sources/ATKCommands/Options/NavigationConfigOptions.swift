import ATKCore
import ArgumentParser
import Foundation

/// `--config FILE`: the navigation config every `atk paths` subcommand reads (Docs/paths.md).
struct NavigationConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The navigation config (JSON, Docs/paths.md).", valueName: "FILE"))
    var config: String

    /// The decoded config.
    ///
    /// - Throws: ``CommandError`` with exit 3 when the file cannot be read, 2 when it is not a
    ///   navigation config (the message names the key).
    func load() throws -> NavigationConfig {
        try Self.load(config)
    }

    /// The navigation config in the file at `config` (also `funnel --path --rebuilt FILE`'s).
    ///
    /// - Throws: ``CommandError`` with exit 3 when the file cannot be read, 2 when it is not a
    ///   navigation config (the message names the key).
    static func load(_ config: String) throws -> NavigationConfig {
        let data = try ConfigFile.read(config)
        do {
            return try NavigationConfig(json: data)
        } catch {
            throw CommandError("\(config): \(error.description)", exit: CommandExit.usage)
        }
    }
}

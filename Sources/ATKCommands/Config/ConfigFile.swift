import ATKCore
import Foundation

/// Reading a file an option names (a config, a plan, a baseline), as every command does.
enum ConfigFile {
    /// The bytes of the file at `path`.
    ///
    /// - Parameter what: how the message names the file (`baseline `), before its path.
    /// - Throws: ``CommandError`` with exit 3 (unreadable input), naming the file and the reason.
    static func read(_ path: String, as what: String = "") throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandError(
                "cannot read \(what)\(PathName.display(path)): \(error.localizedDescription)",
                exit: CommandExit.unreadableInput)
        }
    }
}

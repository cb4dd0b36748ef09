import ATKCore

extension OutputFile {
    /// Opens `path`, mapping ``OutputError`` to the command layer's exit codes (2 refused,
    /// 3 failed).
    static func opening(_ path: String) throws -> OutputFile {
        do {
            return try OutputFile(path: path)
        } catch {
            throw CommandError(error)
        }
    }
}

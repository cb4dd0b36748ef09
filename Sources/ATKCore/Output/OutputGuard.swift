#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a run from writing over what it reads: checked after the inputs are resolved and
/// before anything is read or written.
public enum OutputGuard {
    /// Refuses outputs that are inputs, and outputs named twice.
    ///
    /// An output is refused when it is the same file (device and inode) as an input, however it
    /// was reached: the same path, a symbolic link, a hard link, `..`, a file found in an input
    /// directory, or standard input redirected from it. `-` (standard output) is never refused.
    ///
    /// - Parameters:
    ///   - outputs: the paths the command will write, each with the option that names it
    ///     (`-o`, `--bad-rows`, ...), for messages.
    ///   - inputs: the resolved inputs.
    /// - Returns: notes to print: an output that does not exist yet inside an input directory,
    ///   with a dump file's name, is not read by this run, and a later run over that directory
    ///   would read it.
    /// - Throws: ``OutputError`` of kind `.refused`.
    public static func check(_ outputs: [(option: String, path: String)], against inputs: ResolvedInputs)
        throws(OutputError) -> [String]
    {
        var notes: [String] = []
        var written: [FileIdentity: String] = [:]
        var writtenPaths: [String: String] = [:]
        for (option, path) in outputs where path != "-" {
            let shown = PathName.display(path)
            let identity = identity(of: path)
            if let identity, let index = inputs.identities.firstIndex(of: identity) {
                let input = inputs.sources[index].displayName
                let same = input == shown ? "" : " (the same file as \(input))"
                throw OutputError(
                    .refused,
                    "\(option) \(shown) is an input\(same); atk never writes over its input: write it elsewhere")
            }
            // A file that does not exist yet is known by its folder's identity and its name.
            let folder = PathName.status(OutputFile.directory(of: path)).map(FileIdentity.init)
            let key =
                identity.map { "\($0.device):\($0.inode)" }
                ?? folder.map { "\($0.device):\($0.inode)/" + basename(path) } ?? path
            if let other = identity.flatMap({ written[$0] }) ?? writtenPaths[key] {
                throw OutputError(.refused, "\(option) \(shown) is also written by \(other); name two different files")
            }
            if let identity { written[identity] = "\(option) \(shown)" }
            writtenPaths[key] = "\(option) \(shown)"
            if identity == nil, InputSource.isDumpName(basename(path)), let folder,
                let directory = inputs.directories.first(where: { $0.identity == folder })
            {
                notes.append(
                    "\(option) \(shown) is inside the input directory \(PathName.display(directory.path)): "
                        + "this run does not read it, but a later run over that directory would (and refuse to write it)"
                )
            }
        }
        return notes
    }

    /// The identity of the regular file `path` names for writing (through links, or the
    /// descriptor `/dev/stdout` and its kind name); nil when it does not exist or is no regular
    /// file (writing to a FIFO or a device replaces nothing).
    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        if let number = OutputFile.descriptorNumber(path) {
            guard fstat(number, &info) == 0 else { return nil }
        } else {
            guard let status = PathName.status(path) else { return nil }
            info = status
        }
        return info.st_mode & S_IFMT == S_IFREG ? FileIdentity(info) : nil
    }

    private static func basename(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

import ATKCore
import ArgumentParser

extension Dist {
    /// The identity graph of `--links FILE`: the partials of `atk dist partial identities` over
    /// the same shard records, merged (`atk dist merge --partial identities`), for the commands
    /// run with `--identity stitched`.
    struct Links {
        /// The persons.
        let graph: IdentityGraph
        /// FNV-1a 64 of the file's bytes: the records and partials name it, so steps given other
        /// links are refused.
        let hash: UInt64

        /// Reads the links in `path`, refusing partials of another command or options, or that
        /// do not account for every line of every input (the graph needs every link).
        ///
        /// - Throws: ``CommandError``: 3 for a file that cannot be read or holds no complete
        ///   identities partials, 2 for partials of another command.
        static func load(_ path: String) throws -> Links {
            let text: [UInt8]
            let partials: [DistPartial]
            do {
                text = try InputSource.file(path).readAll()
                partials = try DistPartial.parseAll(text)
            } catch let error as InputError {
                throw CommandError("--links: \(error.description)", exit: CommandExit.unreadableInput)
            } catch {
                throw CommandError("--links \(PathName.display(path)): \(error)", exit: CommandExit.unreadableInput)
            }
            let merged = try Merge.combine(
                partials, name: "identities", optionsHash: DistCommandLine.hash(stateArguments: ["identities"]))
            try Merge.checkComplete(merged)
            let collector = try Merge.mergeStates(partials, prototype: IdentityLinkCollector(maxExamples: 10))
            return Links(graph: IdentityGraph(collector), hash: BucketHash.fnv1a64(text))
        }
    }
}

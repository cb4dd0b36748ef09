import ATKCore

/// A second, serial read of a run's inputs, for an analysis whose parallel or distributed merge
/// could not be exact (``DumpValidator/mergedExactly``): the single run reads its inputs again,
/// and `atk dist merge` reads the manifest's inputs from where it runs.
struct SerialReread {
    /// The dump arguments (the command's options: line limit, selection).
    let input: InputOptions
    /// The inputs to read again, with the errors of those that could not be resolved.
    let inputs: ResolvedInputs
    /// What the first read found per input (dist merge: the shards' facts), which the second
    /// read must find again; nil to trust the inputs (the single run read them a moment ago).
    let expected: [FileReport]?

    /// Reads every input again into `visitor`, one thread, printing no diagnostic (the first
    /// read's were printed).
    ///
    /// - Parameter refusal: what the command says when the inputs cannot be read again.
    /// - Throws: ``CommandError`` (exit 3) with `refusal` and the reason when an input cannot be
    ///   opened here, or reads other lines or bytes than the first read found.
    func read<V: DumpVisitor>(into visitor: inout V, refusal: String) throws -> (
        reports: [FileReport], unreadable: Bool
    ) {
        for source in inputs.sources {
            do {
                try source.checkOpens()
            } catch {
                throw CommandError("\(refusal) (\(error.description))", exit: CommandExit.unreadableInput)
            }
        }
        let (reports, unreadable) = input.readSerially(inputs, into: &visitor, diagnose: false)
        if let expected {
            for (report, first) in zip(reports, expected)
            where report.lines != first.lines || report.bytes != first.bytes {
                throw CommandError(
                    "\(refusal) (\(report.source.displayName) has \(Terminal.grouped(report.lines)) lines of "
                        + "\(Terminal.bytes(report.bytes)) here, the shard read \(Terminal.grouped(first.lines)) of "
                        + "\(Terminal.bytes(first.bytes)): it changed)", exit: CommandExit.unreadableInput)
            }
        }
        return (reports, unreadable)
    }
}

import ATKCore
import ArgumentParser

/// `--identity raw|stitched`, shared by the per-user analyses that can count persons.
struct IdentityOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "raw: each distinct_id is a user; stitched: each person of 'atk identities' (the input is read twice).",
            valueName: "mode"))
    var identity: IdentityMode = .raw

    /// Refuses stitching standard input: it cannot be read twice.
    func check(_ input: InputOptions) throws {
        guard identity == .stitched, input.files.isEmpty || input.files.contains("-") else { return }
        throw ValidationError("--identity stitched reads the input twice: give files, not standard input")
    }

    /// The persons of `resolved` with `stitched` (one read for the links), nil with `raw`.
    ///
    /// The links are read from every line: `--since`, `--until` and `--where` choose the events
    /// analysed, never which links apply (a login after `--until` still joins the ids before it).
    /// The read is silent: the analysis's own read reports unreadable inputs and what the
    /// selection left out.
    func persons(_ input: InputOptions, _ resolved: ResolvedInputs) -> IdentityGraph? {
        guard identity == .stitched else { return nil }
        var everyLine = input
        everyLine.since = nil
        everyLine.until = nil
        everyLine.filters = []
        var collector = IdentityLinkCollector(maxExamples: 0)
        _ = everyLine.read(resolved, into: &collector, diagnose: false)
        return IdentityGraph(collector)
    }
}

/// A reading command with `--identity`: with `stitched` it counts the persons of a first read of
/// every input (`atk dist` then needs `--links`); with `raw`, distinct_ids.
protocol CountsIdentities: DistributableCommand {
    /// `--identity`.
    var identityOptions: IdentityOptions { get }
}

extension CountsIdentities {
    /// Whether `--identity stitched` was given.
    var countsPersons: Bool { identityOptions.identity == .stitched }

    /// The persons of every input with `--identity stitched`, else nil.
    func persons(_ input: InputOptions, _ resolved: ResolvedInputs) -> IdentityGraph? {
        identityOptions.persons(input, resolved)
    }
}

import ATKCore
import ArgumentParser

extension Dist {
    /// `atk dist shard`: every line of the manifest's inputs as a record in its user's bucket.
    struct Shard: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shard",
            abstract: "Read the inputs a manifest lists and write each line as a record in its user's bucket.",
            discussion: """
                Reads manifest lines (atk dist manifest) on standard input, opens each input with \
                atk's own reader (gzip, zstd, damage rules, line numbers, --max-line-bytes) and \
                writes one record per non-blank line:

                  bucket<TAB>input<TAB>line<TAB>payload

                The payload is the line as it is, or ~b64: and its bytes in base64 when it is not \
                plain UTF-8 (or holds a control character but TAB, or starts with ~); a line longer \
                than --max-line-bytes is ~long:LENGTH. The bucket is FNV-1a 64 of the user key (the \
                UTF-8 distinct_id, or the --by property's text) modulo --buckets; a line without a \
                key hashes the text INPUT:LINE. Each input's report (lines, bytes, gzip members, \
                zstd frames, the error that ended it) goes to every bucket as a line-0 record \
                (~input:), and so do the manifest's errors (~error:), so every partial knows every \
                input. Docs/distributed.md#formats has the byte recipes.

                A manifest may be split among several shard processes; each line of it is read by \
                exactly one.

                Examples:
                  atk dist manifest dumps/ | atk dist shard --buckets 8 > records
                  atk dist shard --buckets 8 --by '$device_id' < manifest

                Exit codes: 0 written (an unreadable input is a record: merge exits 3), 2 usage \
                error or a damaged manifest line, 3 standard output could not be written.
                """
        )

        @Option(help: ArgumentHelp("How many buckets (1 to 1,000,000).", valueName: "n"))
        var buckets: Int

        @Option(
            help: ArgumentHelp(
                "Bucket by this property's text instead of distinct_id (as the command's own --by).",
                valueName: "property"))
        var by: String?

        @Option(
            help: ArgumentHelp(
                "Bucket by person: the merged partial of atk dist partial identities over these inputs (for --identity stitched).",
                valueName: "file"))
        var links: String?

        @Option(
            help: ArgumentHelp(
                "Longest line read, in bytes (K, M, G; 1 to 1G); a longer line is a ~long: record. At least the command's --max-line-bytes.",
                valueName: "size"))
        var maxLineBytes: ByteSize = ByteSize(DumpReader.defaultMaxLineLength)

        func validate() throws {
            try OptionRange.check("--buckets", buckets, in: 1...1_000_000)
            if let by, by.isEmpty { throw ValidationError("--by needs a property name") }
            if by != nil && links != nil { throw ValidationError("--by and --links are different keys: give one") }
        }

        func run() throws {
            let text: [UInt8]
            do {
                text = try InputSource.standardInput.readAll()
            } catch {
                throw CommandError(error.description, exit: CommandExit.unreadableInput)
            }
            var entries: [DistManifest.Entry] = []
            for (number, line) in text.split(separator: 0x0A).enumerated() where !line.isEmpty {
                do {
                    entries.append(try DistManifest.entry(parsing: line))
                } catch {
                    throw CommandError("manifest line \(number + 1): \(error.description)", exit: CommandExit.usage)
                }
            }
            let links = try links.map(Links.load)
            let key: PartitionKey = links.map { .person($0.graph) } ?? by.map { .property($0) } ?? .distinctId
            let recorded: ShardKey = links.map { .person(links: $0.hash) } ?? by.map { .property($0) } ?? .distinctId
            var writer = ShardWriter(buckets: buckets, key: key, output: OutputFile.standardOutput())
            for entry in entries {
                switch entry {
                case .input(let index, let source):
                    writer.input = index
                    let reader = DumpReader(sources: [source], maxLineLength: maxLineBytes.bytes)
                    var report = reader.read(into: &writer)[0]
                    report.source = source
                    writer.broadcast(
                        input: index, .input(InputFact(index: index, report: report, key: recorded, buckets: buckets)))
                case .error(let index, let error):
                    writer.broadcast(input: index, .error(error))
                }
            }
            writer.flush()
            if let failure = writer.failure {
                throw CommandError(failure.description, exit: CommandExit.unreadableInput)
            }
        }
    }
}

import ATKCore
import ArgumentParser

extension Dist {
    /// `atk dist manifest`: the inputs of a distributed run, numbered as every command numbers them.
    struct Manifest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "manifest",
            abstract: "List the inputs of a distributed run: index<TAB>path, one line per input.",
            discussion: """
                Directories are expanded exactly as every command expands them (their *.jsonl, *.json, \
                *.log, *.gz and *.zst files, sorted by name), and a file named twice is listed once, so \
                the indexes are the ones a single run gives its inputs. A path that is not plain UTF-8 \
                (or holds a control character, or starts with ~) is written as ~b64: and its bytes in \
                base64. An argument that cannot be resolved (an empty or unlistable directory, a \
                dangling link in one) is listed last as !K<TAB>~error:..., so the merged run exits 3 \
                as the single run does. Standard input (-) cannot be distributed.

                Examples:
                  atk dist manifest dumps/ > manifest
                  atk dist manifest day1/ day2/extra.jsonl.gz | atk dist shard --buckets 16

                Exit codes: 0 listed, 2 usage error (- given, an output over an input).
                """
        )

        @Argument(
            help: ArgumentHelp("Dump files and directories, as given to the single command.", valueName: "inputs"))
        var inputs: [String]

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("Write the manifest to FILE instead of standard output.", valueName: "FILE"))
        var output: String?

        func validate() throws {
            if inputs.isEmpty { throw ValidationError("give the dump files and directories to distribute") }
            if inputs.contains("-") {
                throw ValidationError(
                    "standard input (-) cannot be read by shards on other machines: save it to a file")
            }
        }

        func run() throws {
            let resolved = InputSource.resolve(inputs)
            do {
                for note in try OutputGuard.check(output.map { [("-o", $0)] } ?? [], against: resolved) {
                    Terminal.diagnose("note: " + note)
                }
            } catch {
                throw CommandError(error)
            }
            for note in resolved.notes { Terminal.diagnose("note: " + note) }
            for error in resolved.errors { Terminal.diagnose(error.description) }
            let file = try OutputFile.opening(output ?? "-")
            do {
                try DistManifest(resolved).text.withUnsafeBytes { try file.write($0) }
                try file.commit()
            } catch {
                file.discard()
                throw CommandError("\(error)", exit: CommandExit.unreadableInput)
            }
        }
    }
}

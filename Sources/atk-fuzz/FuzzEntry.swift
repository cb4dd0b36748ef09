import ATKFuzz
import Foundation

#if ATK_LIBFUZZER
    import CLibFuzzer
#endif

/// `atk-fuzz`: the fuzz targets of ``FuzzTarget``.
///
/// `make fuzz` builds it with `-sanitize=fuzzer,address -D ATK_LIBFUZZER`: `main` hands the
/// command line to libFuzzer's driver, which runs the target named by `$ATK_FUZZ_TARGET` on
/// every input it makes (or on the files it is given: a crash input replays so). A normal build
/// has no libFuzzer: `atk-fuzz TARGET FILE|DIR...` then runs the target over the files, to replay
/// crash inputs under a debugger.
@main
enum FuzzEntry {
    /// The names of the targets, for messages.
    static let targetNames = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")

    static func main() {
        #if ATK_LIBFUZZER
            guard let name = ProcessInfo.processInfo.environment["ATK_FUZZ_TARGET"],
                let target = FuzzTarget(rawValue: name)
            else {
                fail("set ATK_FUZZ_TARGET to one of: \(targetNames)", exit: 2)
            }
            selected = target
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
        #else
            replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    /// The target libFuzzer's callback runs (a C function pointer captures nothing).
    nonisolated(unsafe) static var selected: FuzzTarget?

    /// Runs `TARGET` over every file of `FILE|DIR...`.
    static func replay(_ arguments: [String]) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            fail("usage: atk-fuzz TARGET FILE|DIR...\ntargets: \(targetNames)", exit: 2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    fail("cannot read \(file)", exit: 3)
                }
                target.run(Array(data))
                count += 1
            }
        }
        print("\(target.rawValue): \(count) input\(count == 1 ? "" : "s") ran without a crash")
    }

    /// The regular files of a directory (sorted), or the path itself.
    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        return names.sorted().map { path + "/" + $0 }
    }

    static func fail(_ message: String, exit code: Int32) -> Never {
        FileHandle.standardError.write(Data("atk-fuzz: \(message)\n".utf8))
        exit(code)
    }
}

#if ATK_LIBFUZZER
    /// libFuzzer's entry for one input, under its conventional name (parts of libFuzzer refer to it
    /// even when the driver is given it), run through the selected target.
    @_cdecl("LLVMFuzzerTestOneInput")
    func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        FuzzEntry.selected?.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
        return 0
    }

    /// libFuzzer's custom mutator: half the time its own mutations, half the time ``LineMutator``'s
    /// token mutations (edge numbers, strings of the input, duplicated lines).
    @_cdecl("LLVMFuzzerCustomMutator")
    func customMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
        guard let data else { return 0 }
        var generator = LineMutator.generator(seed: seed)
        if Bool.random(using: &generator) { return LLVMFuzzerMutate(data, size, maxSize) }
        var bytes = Array(UnsafeBufferPointer(start: data, count: size))
        guard LineMutator.mutate(&bytes, maxSize: maxSize, using: &generator) else {
            return LLVMFuzzerMutate(data, size, maxSize)
        }
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { data.update(from: base, count: buffer.count) }
        }
        return bytes.count
    }
#endif

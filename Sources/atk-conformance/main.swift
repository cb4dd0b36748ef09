// atk-conformance: runs the official JSON-Schema-Test-Suite (draft 2020-12 and draft-07,
// required tests only) against ATKSchema and exits 1 when any test fails.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: atk-conformance <JSON-Schema-Test-Suite directory>\n".utf8))
    exit(2)
}
var runner = ConformanceRunner(suite: URL(fileURLWithPath: arguments[1]))
do {
    try runner.run()
} catch {
    FileHandle.standardError.write(Data("atk-conformance: \(error)\n".utf8))
    exit(2)
}
print("\(runner.memberwise) object tests also decided member by member")
print("\(runner.passed) passed, \(runner.failed) failed, \(runner.skipped) skipped")
exit(runner.failed == 0 ? 0 : 1)

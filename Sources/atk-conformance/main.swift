// atk-conformance: runs the official JSON-Schema-Test-Suite (drafts 2020-12, 2019-09 and 7) against
// ATKSchema and exits 1 when any required test fails. The optional format tests, run with formats
// asserted, are counted on a second line and never fail the run.
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
for directory in runner.absentDrafts {
    print("tests/\(directory) is not in this copy of the suite")
}
// Every file of each draft present runs: nothing is skipped.
print("\(runner.required.passed) passed, \(runner.required.failed) failed, 0 skipped")
print("format (optional, --assert-formats): \(runner.formats.passed) passed, \(runner.formats.failed) failed")
exit(runner.required.failed == 0 ? 0 : 1)

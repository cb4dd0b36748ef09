import ATKSchema
import Foundation

/// Runs the official JSON-Schema-Test-Suite against ATKSchema: every required test, and apart
/// from them the optional `format` tests with formats asserted.
struct ConformanceRunner {
    /// A problem that stops the run before any test is evaluated.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// Passed and failed tests of one part of the run.
    struct Tally {
        var passed = 0
        var failed = 0
    }

    /// The drafts run, each when the suite has its directory (a copy may hold only some drafts).
    static let drafts: [(directory: String, draft: SchemaDraft)] = [
        ("draft2020-12", .draft2020_12), ("draft2019-09", .draft2019_09), ("draft7", .draft7),
    ]

    let suite: URL
    /// The required tests: every file of each draft's directory, nothing skipped.
    private(set) var required = Tally()
    /// The optional tests of `optional/format/`, compiled with `assertFormats` (failures not listed).
    private(set) var formats = Tally()
    /// The drafts of `drafts` whose directory the suite does not have.
    private(set) var absentDrafts: [String] = []
    /// Object tests whose schema was also decided member by member (`MemberwiseSchema`, with the
    /// values' texts, so its memory of valid values is used across a case's tests), which must
    /// agree with the expected result like the other two ways of validating.
    private(set) var memberwise = 0

    init(suite: URL) {
        self.suite = suite
    }

    /// Runs every draft, printing failing required tests.
    mutating func run() throws(SetupError) {
        let remotes = try loadRemotes()
        for (directory, draft) in Self.drafts {
            let folder = suite.appendingPathComponent("tests").appendingPathComponent(directory)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                absentDrafts.append(directory)
                continue
            }
            for name in try Self.jsonFiles(in: folder) {
                let cases = try Self.load(folder.appendingPathComponent(name))
                runFile("tests/\(directory)/\(name)", cases, draft: draft, remotes: remotes, formats: false)
            }
            let optional = folder.appendingPathComponent("optional").appendingPathComponent("format")
            guard FileManager.default.fileExists(atPath: optional.path) else { continue }
            for name in try Self.jsonFiles(in: optional) {
                let cases = try Self.load(optional.appendingPathComponent(name))
                runFile(
                    "tests/\(directory)/optional/format/\(name)", cases, draft: draft, remotes: remotes, formats: true)
            }
        }
    }

    private static func jsonFiles(in folder: URL) throws(SetupError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            throw SetupError(description: "cannot list \(folder.path): \(error.localizedDescription)")
        }
    }

    /// Runs the cases of one file, counting into `formats` when `formats` (formats asserted), else
    /// into `required`.
    private mutating func runFile(
        _ label: String, _ cases: JSONValue, draft: SchemaDraft,
        remotes: [URI: JSONValue], formats: Bool
    ) {
        for testCase in cases.arrayValue ?? [] {
            let caseName = testCase["description"]?.stringValue ?? "?"
            let tests = testCase["tests"]?.arrayValue ?? []
            let compiled: CompiledSchema
            do {
                compiled = try Schema.compile(
                    testCase["schema"] ?? .bool(true), draft: draft, resources: remotes,
                    options: SchemaOptions(unknownKeywords: .ignore, assertFormats: formats))
            } catch {
                for test in tests {
                    fail(label, caseName, test, detail: "compile error: \(error)", formats: formats)
                }
                continue
            }
            // One per case, as a plan keeps one per event: member names are learned across its tests.
            var memberwiseSchema = MemberwiseSchema([compiled])
            // By bytes: `String` equality would merge canonically equivalent names.
            var memberIds: [[UInt8]: Int32] = [:]
            for test in tests {
                let data = test["data"] ?? .null
                let expected = test["valid"] == .bool(true)
                var violations: [SchemaViolation] = []
                let quick = compiled.isValid(data)
                let full = compiled.validate(data, into: &violations)
                var byMember: Bool?
                if let members = data.objectValue, memberwiseSchema != nil {
                    let ids = members.map { member in
                        let name = Array(member.key.utf8)
                        if let id = memberIds[name] { return id }
                        memberIds[name] = Int32(memberIds.count)
                        return Int32(memberIds.count - 1)
                    }
                    // With their texts, so values found valid in one test of the case are remembered for the next.
                    byMember = ids.withUnsafeBufferPointer {
                        memberwiseSchema?.isValid(TextedValue(value: data), memberIds: $0)
                    }
                    memberwise += 1
                }
                if quick == expected, full == expected, violations.isEmpty == expected, byMember ?? expected == expected
                {
                    if formats { self.formats.passed += 1 } else { required.passed += 1 }
                } else {
                    fail(
                        label, caseName, test,
                        detail: "expected \(expected ? "valid" : "invalid"), "
                            + "isValid=\(quick) validate=\(full) violations=\(violations.count)"
                            + (byMember.map { " memberwise=\($0)" } ?? ""), formats: formats)
                }
            }
        }
    }

    private mutating func fail(
        _ label: String, _ caseName: String, _ test: JSONValue, detail: String, formats: Bool
    ) {
        guard !formats else {
            self.formats.failed += 1
            return
        }
        required.failed += 1
        print("FAIL \(label) | \(caseName) | \(test["description"]?.stringValue ?? "?") | \(detail)")
    }

    /// Loads `remotes/` as resources served from `http://localhost:1234/`.
    private func loadRemotes() throws(SetupError) -> [URI: JSONValue] {
        let root = suite.appendingPathComponent("remotes")
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
            throw SetupError(description: "cannot read \(root.path)")
        }
        var resources: [URI: JSONValue] = [:]
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json") else { continue }
            resources[URI("http://localhost:1234/" + relative)] = try Self.load(root.appendingPathComponent(relative))
        }
        return resources
    }

    private static func load(_ file: URL) throws(SetupError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw SetupError(description: "cannot read \(file.path)")
        }
        do {
            return try JSONValue.parse(bytes: Array(data))
        } catch {
            throw SetupError(description: "\(file.path): \(error)")
        }
    }
}

import ATKSchema
import Foundation

/// Runs the required tests of the official JSON-Schema-Test-Suite against ATKSchema.
struct ConformanceRunner {
    /// A problem that stops the run before any test is evaluated.
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// Whole files that are skipped: they need `$dynamicRef`, `$vocabulary` or `unevaluated*`,
    /// which ATKSchema does not implement (fully).
    static let skippedFiles: Set<String> = [
        "dynamicRef.json", "vocabulary.json", "unevaluatedItems.json", "unevaluatedProperties.json",
    ]

    static let drafts: [(directory: String, draft: SchemaDraft)] = [
        ("draft2020-12", .draft2020_12), ("draft7", .draft7),
    ]

    let suite: URL
    private(set) var passed = 0
    private(set) var failed = 0
    private(set) var skipped = 0
    /// Object tests whose schema was also decided member by member (`MemberwiseSchema`, with the
    /// values' texts, so its memory of valid values is used across a case's tests), which must
    /// agree with the expected result like the other two ways of validating.
    private(set) var memberwise = 0

    init(suite: URL) {
        self.suite = suite
    }

    /// Runs every draft, printing skipped files and failing tests.
    mutating func run() throws(SetupError) {
        let remotes = try loadRemotes()
        for (directory, draft) in Self.drafts {
            let folder = suite.appendingPathComponent("tests").appendingPathComponent(directory)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    .filter { $0.hasSuffix(".json") }.sorted()
            } catch {
                throw SetupError(description: "cannot list \(folder.path): \(error.localizedDescription)")
            }
            for name in names {
                let file = folder.appendingPathComponent(name)
                let cases = try Self.load(file)
                let label = "tests/\(directory)/\(name)"
                if Self.skippedFiles.contains(name) {
                    skipped += cases.arrayValue?.reduce(0) { $0 + ($1["tests"]?.count ?? 0) } ?? 0
                    print("skipped \(label)")
                    continue
                }
                runFile(label, cases, draft: draft, remotes: remotes)
            }
        }
    }

    private mutating func runFile(
        _ label: String, _ cases: JSONValue, draft: SchemaDraft,
        remotes: [URI: JSONValue]
    ) {
        for testCase in cases.arrayValue ?? [] {
            let caseName = testCase["description"]?.stringValue ?? "?"
            let tests = testCase["tests"]?.arrayValue ?? []
            let compiled: CompiledSchema
            do {
                compiled = try Schema.compile(
                    testCase["schema"] ?? .bool(true), draft: draft, resources: remotes,
                    options: SchemaOptions(unknownKeywords: .ignore))
            } catch {
                for test in tests {
                    fail(label, caseName, test, detail: "compile error: \(error)")
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
                    passed += 1
                } else {
                    fail(
                        label, caseName, test,
                        detail: "expected \(expected ? "valid" : "invalid"), "
                            + "isValid=\(quick) validate=\(full) violations=\(violations.count)"
                            + (byMember.map { " memberwise=\($0)" } ?? ""))
                }
            }
        }
    }

    private mutating func fail(_ label: String, _ caseName: String, _ test: JSONValue, detail: String) {
        failed += 1
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

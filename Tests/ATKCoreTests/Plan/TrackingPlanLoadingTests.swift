import ATKCore
import ATKSchema
import Testing

@Suite("Tracking plans load from a file or a directory")
struct TrackingPlanLoadingTests {
    @Test("a directory: one schema per .json file, $refs between files, other files ignored")
    func directory() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(
            "AddToCart.json",
            #"{"type": "object", "required": ["sku"], "properties": {"sku": {"$ref": "defs.json#/$defs/sku"}}}"#)
        _ = try directory.write("defs.json", #"{"$defs": {"sku": {"type": "string", "pattern": "^S"}}}"#)
        _ = try directory.write("common.json", #"{"type": "object"}"#)
        _ = try directory.write("README.md", "not a schema")
        let plan = try TrackingPlan.load(path: directory.url.path)
        #expect(plan.eventNames == ["AddToCart", "defs"])
        #expect(plan.common != nil)
        let schema = try #require(plan.schema(forEvent: "AddToCart"))
        var found: [SchemaViolation] = []
        #expect(!schema.validate(try JSONValue.parse(#"{"sku": "X"}"#), into: &found))
        #expect(found.map(\.instancePath) == ["/sku"])
        #expect(found.first?.schemaPath.hasSuffix("defs.json#/$defs/sku/pattern") == true)
    }

    @Test("a directory's compile error names the event's file")
    func directoryError() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("Login.json", #"{"properties": {"method": {"enumm": ["sso"]}}}"#)
        #expect(
            throws: TrackingPlanError(
                .schema(SchemaError(.unknownKeyword("enumm"), at: "Login.json#/properties/method/enumm")), file: file)
        ) {
            try TrackingPlan.load(path: directory.url.path)
        }
    }

    @Test("a single file; a missing path and a file that is not JSON are named in the error")
    func singleFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("plan.json", #"{"events": {"Search": {"type": "object"}}}"#)
        #expect(try TrackingPlan.load(path: file).eventNames == ["Search"])
        #expect(throws: TrackingPlanError(.unreadable("no such file or directory"), file: file + ".missing")) {
            try TrackingPlan.load(path: file + ".missing")
        }
        let broken = try directory.write("broken.json", "{")
        #expect {
            try TrackingPlan.load(path: broken)
        } throws: { error in
            guard let error = error as? TrackingPlanError, case .invalidJSON = error.kind else { return false }
            return error.file == broken
        }
    }
}

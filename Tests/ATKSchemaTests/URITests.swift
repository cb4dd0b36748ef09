import ATKSchema
import Testing

@Suite struct URITests {
    @Test(arguments: [
        ("http://a/b/c/d;p?q", "g", "http://a/b/c/g"),
        ("http://a/b/c/d;p?q", "../g", "http://a/b/g"),
        ("http://a/b/c/d;p?q", "/g", "http://a/g"),
        ("http://a/b/c/d;p?q", "#s", "http://a/b/c/d;p?q#s"),
        ("http://a/b/c/d;p?q", "//g", "http://g"),
        ("urn:uuid:deadbeef", "#/$defs/x", "urn:uuid:deadbeef#/$defs/x"),
        ("http://localhost:1234/tree", "node", "http://localhost:1234/node"),
    ])
    func resolvesReferences(_ base: String, _ reference: String, _ expected: String) {
        #expect(URI(base).resolving(reference).description == expected)
    }

    @Test func emptyFragmentIsIgnored() {
        #expect(URI("http://json-schema.org/draft-07/schema#") == URI("http://json-schema.org/draft-07/schema"))
    }
}

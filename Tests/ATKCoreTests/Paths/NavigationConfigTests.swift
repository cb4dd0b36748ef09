import ATKCore
import Foundation
import Testing

/// The JSON config: defaults, and an error naming the key for each way it can be wrong.
@Suite struct NavigationConfigTests {
    private func decode(_ text: String) throws(NavigationConfigError) -> NavigationConfig {
        try NavigationConfig(json: Data(text.utf8))
    }

    @Test("the issue's config decodes; conversion and path property default to funnel --path's")
    func decodes() throws {
        let config = try decode(
            #"{"nodes":{"Home":"DL_HOME","PDP":"DL_PDP"},"roots":["Home","Cart"],"entity_property":"item_id"}"#)
        #expect(
            config
                == NavigationConfig(
                    nodes: ["Home": "DL_HOME", "PDP": "DL_PDP"], roots: ["Home", "Cart"], entityProperty: "item_id",
                    conversion: "AddToCart", pathProperty: "user_action_path"))
        let named = try decode(
            #"{"nodes":{},"entity_property":"sku","conversion":"Buy","path_property":"trail"}"#)
        #expect(named.conversion == "Buy" && named.pathProperty == "trail" && named.roots.isEmpty)
    }

    @Test(
        "errors name the key",
        arguments: [
            (#"{"entity_property":"x"}"#, "nodes"), (#"{"nodes":[],"entity_property":"x"}"#, "nodes"),
            (#"{"nodes":{"A":1},"entity_property":"x"}"#, "nodes"),
            (#"{"nodes":{"A":"N#1"},"entity_property":"x"}"#, "nodes"), (#"{"nodes":{}}"#, "entity_property"),
            (#"{"nodes":{},"entity_property":""}"#, "entity_property"),
            (#"{"nodes":{},"entity_property":"x","roots":"Home"}"#, "roots"),
            (#"{"nodes":{},"entity_property":"x","roots":[1]}"#, "roots"),
            (#"{"nodes":{},"entity_property":"x","conversion":5}"#, "conversion"),
            (#"{"nodes":{},"entity_property":"x","path_property":null}"#, "path_property"),
            (#"{"nodes":{},"entity_property":"x","root":[]}"#, "root"),
        ])
    func namesTheKey(text: String, key: String) {
        #expect(throws: NavigationConfigError.self) { try decode(text) }
        do {
            _ = try decode(text)
        } catch {
            #expect(error.key == key)
        }
    }

    @Test("text that is no JSON object is refused as a whole")
    func notAnObject() {
        for text in ["[]", "{", ""] {
            do {
                _ = try decode(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.key == nil)
            }
        }
    }
}

import ATKCore
import Testing

@Suite("identity stitching links identities by value in input order, refusing two login ids")
struct IdentityGraphTests {
    /// Feeds `lines` (one input) and replays the links.
    static func graph(_ lines: [String], maxExamples: Int = 10) -> IdentityGraph {
        var collector = IdentityLinkCollector(maxExamples: maxExamples)
        _ = LineFeed.feed(Array((lines.joined(separator: "\n") + "\n").utf8), into: &collector)
        return IdentityGraph(collector)
    }

    static func track(_ id: String, _ extra: String = "") -> String {
        #"{"type":"track","event":"E","time":1700000000000,"distinct_id":"\#(id)","properties":{\#(extra)}"#
            + "}"
    }

    static func signup(_ login: String, _ anonymous: String) -> String {
        #"{"type":"track_signup","event":"$SignUp","time":1700000000000,"distinct_id":"\#(login)","#
            + #""original_id":"\#(anonymous)","properties":{}}"#
    }

    static func bind(_ id: String, _ identities: String, type: String = "track_id_bind") -> String {
        #"{"type":"\#(type)","event":"$BindID","time":1700000000000,"distinct_id":"\#(id)","#
            + #""identities":{\#(identities)},"properties":{}}"#
    }

    private func key(_ graph: IdentityGraph, _ id: String) -> String? {
        var id = id
        return id.withUTF8 { graph.personKey(of: UnsafeRawBufferPointer($0)) }
    }

    @Test("a signup that arrives after both ids' events still joins them, keyed by the login id")
    func lateLink() {
        let graph = Self.graph([Self.track("a1"), Self.track("u1"), Self.signup("u1", "a1")])
        #expect(graph.rawIds == 2)
        #expect(graph.persons == 1)
        #expect(key(graph, "a1") == "u1")
        #expect(key(graph, "u1") == "u1")
        #expect(graph.counts.signup == 1)
        #expect(graph.conflicts == 0)
    }

    @Test("a link joining two login ids is not applied and counts one conflict per line, with file:line")
    func conflicts() {
        let graph = Self.graph([
            Self.signup("u1", "a1"), Self.track("a1"), Self.signup("u2", "a1"), Self.signup("u2", "a1"),
            Self.track("u2"),
        ])
        #expect(graph.conflicts == 2)
        #expect(graph.conflictExamples.map(\.location.line) == [3, 4])
        #expect(graph.conflictExamples.first?.loginIds == ["u1", "u2"])
        #expect(graph.conflictExamples.first?.members == ["a1", "u2"])
        #expect(key(graph, "a1") == "u1")
        #expect(key(graph, "u2") == "u2")
        #expect(graph.persons == 2)
    }

    @Test("links apply in input order: the first login id to claim an anonymous id keeps it")
    func inputOrder() {
        let graph = Self.graph([Self.signup("u2", "a1"), Self.signup("u1", "a1"), Self.track("a1")])
        #expect(key(graph, "a1") == "u2")
        #expect(graph.conflictExamples.map(\.location.line) == [2])
    }

    @Test("a line whose own ids hold two login ids conflicts; login marks count over the whole input")
    func loginIdKinds() {
        let graph = Self.graph([
            Self.bind("x", #""$identity_login_id":"L1""#),
            Self.bind("x", #""$identity_login_id":"L1","$identity_email":"L2""#),
            Self.track("L2", #""$is_login_id":true"#),
        ])
        #expect(graph.conflicts == 1)
        #expect(graph.conflictExamples.map(\.location.line) == [2])
        #expect(key(graph, "x") == "L1")
        #expect(key(graph, "L2") == "L2")
    }

    @Test("unbind lines are counted and never applied")
    func unbind() {
        let graph = Self.graph([
            Self.track("a1"),
            Self.bind("a1", #""$identity_login_id":"u1""#, type: "track_id_unbind"),
        ])
        #expect(graph.counts.unbind == 1)
        #expect(graph.counts.bind == 0)
        #expect(key(graph, "a1") == "a1")
        #expect(key(graph, "u1") == nil)
        #expect(graph.persons == 1)
    }

    @Test("without a login id the key is the member seen first; ids on one line by their place")
    func keyWithoutLogin() {
        let graph = Self.graph([
            Self.track("c"),
            Self.bind("b", #""$identity_idfv":"d","$identity_anonymous_id":"c""#, type: "track"),
            Self.bind("e", #""$identity_idfv":"d""#),
        ])
        #expect(key(graph, "e") == "c")
        #expect(key(graph, "b") == "c")
        #expect(graph.counts.identities == 1)
        #expect(graph.counts.bind == 1)
        #expect(graph.rawIds == 2)
        #expect(graph.persons == 1)
        let tie = Self.graph([Self.bind("q", #""$identity_idfv":"p""#, type: "track")])
        #expect(key(tie, "p") == "q")
    }

    @Test("the largest persons: two or more identities, one a raw id; most first; members as first seen")
    func largest() {
        let graph = Self.graph([
            Self.track("s"), Self.signup("u1", "a1"), Self.track("a1"), Self.bind("u1", #""$identity_idfv":"v1""#),
            Self.signup("u9", "a9"), Self.track("a9"), Self.signup("u8", "a8"),
        ])
        let people = graph.largestPersons(limit: 5)
        #expect(people.map(\.key) == ["u1", "u9"])
        #expect(people.first?.identities == 3)
        #expect(people.first?.rawIds == 1)
        #expect(people.first?.members == ["u1", "a1", "v1"])
    }

    @Test("the largest persons: ties in identities and raw ids by the key's bytes, cut at the limit")
    func largestTies() {
        // Persons of 2 identities, 1 raw id, their keys out of order and one past "z" in bytes
        // ("é"); one of 2 identities and 2 raw ids; one of 4 identities; single ids left out.
        var lines: [String] = []
        for login in ["u5", "u2", "é", "u4", "u1", "u3"] {
            lines += [Self.track("a-" + login), Self.signup(login, "a-" + login)]
        }
        lines += [Self.track("b1"), Self.track("b2"), Self.signup("b1", "b2")]
        let identities = #""$identity_idfv":"c2","$identity_android_id":"c3","$identity_login_id":"w""#
        lines += [Self.track("c"), Self.bind("c", identities)]
        lines += [Self.track("alone"), Self.track("zz")]
        let graph = Self.graph(lines)
        #expect(graph.largestPersons(limit: 0).isEmpty)
        #expect(graph.largestPersons(limit: 1).map(\.key) == ["w"])
        #expect(graph.largestPersons(limit: 2).map(\.key) == ["w", "b1"])
        // The tie of 2 identities and 1 raw id is cut by the key's bytes.
        #expect(graph.largestPersons(limit: 4).map(\.key) == ["w", "b1", "u1", "u2"])
        let all = graph.largestPersons(limit: 100)
        #expect(all.map(\.key) == ["w", "b1", "u1", "u2", "u3", "u4", "u5", "é"])
        #expect(all.map(\.identities) == [4, 2, 2, 2, 2, 2, 2, 2])
        #expect(all.map(\.rawIds) == [1, 2, 1, 1, 1, 1, 1, 1])
        #expect(all.first?.members == ["c", "c2", "c3", "w"])
        #expect(graph.largestPersons(limit: 1, memberLimit: 2).first?.members == ["c", "c2"])
    }

    @Test("only track-type lines carry identities; other lines and non-string ids are ignored")
    func ignored() {
        let graph = Self.graph([
            #"{"type":"profile_set","distinct_id":"p","identities":{"$identity_login_id":"q"},"properties":{}}"#,
            #"{"type":"track","event":"E","distinct_id":7,"properties":{}}"#,
            Self.bind("z", #""$identity_idfv":3"#, type: "track"),
        ])
        #expect(graph.rawIds == 1)
        #expect(key(graph, "p") == nil)
        #expect(graph.counts.identities == 0)
    }
}

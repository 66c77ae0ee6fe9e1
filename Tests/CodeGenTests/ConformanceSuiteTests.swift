import Schema
import Testing
@testable import CodeGen

/// The case suite of `tabgen conformance` (docs/conformance.md): reproducible from its
/// seed, covering the mutations the runner relies on, with the expectations of each
/// kind of validator derived by the decoding policy.
struct ConformanceSuiteTests {
    @Test func theSameSeedGivesTheSameSuiteAndACaseCanBeMadeAlone() throws {
        let document = try Support.builtIn()
        let first = ConformanceSuite(document: document, name: "builtin", seed: 7).cases(count: 300)
        let second = ConformanceSuite(document: document, name: "builtin", seed: 7).cases(count: 300)
        #expect(first.map(\.jsonLine) == second.map(\.jsonLine))
        let other = ConformanceSuite(document: document, name: "builtin", seed: 8).cases(count: 300)
        #expect(first.map(\.payload) != other.map(\.payload))
        let alone = ConformanceSuite(document: document, name: "builtin", seed: 7).mutated(index: 250)
        #expect(alone.jsonLine == first[250].jsonLine)
        let suite = ConformanceSuite(document: document, name: "builtin", seed: 7)
        #expect(suite.single(index: 250).jsonLine == first[250].jsonLine)
        #expect(suite.single(index: 0).jsonLine == first[0].jsonLine)
        #expect(first[0].kind.hasPrefix("fixture:"))
    }

    @Test func theSuiteCoversTheMutationsTheIssueNames() throws {
        let cases = ConformanceSuite(document: try Support.builtIn(), name: "builtin", seed: 1).cases(count: 4000)
        // Kinds as the expected-failure files name them: no "+escaped", no "@invalid-base".
        let kinds = Set(cases.map { $0.kind.split(separator: "+")[0].split(separator: "@")[0] })
        for wanted in ["valid", "string:astral", "string:line-separator", "string:escapes", "same-string:exact", "same-string:nfc-nfd",
                       "same-string:kelvin", "same-string:angstrom", "same-string:angstrom-nfd", "same-string:hangul",
                       "same-string:reordered-marks", "path-trick", "null", "drop-member", "unknown-member:__proto__", "unknown-member:constructor",
                       "duplicate-key:exact", "duplicate-key:nfc-nfd", "enum:known", "enum:unknown", "deep:512", "deep:513",
                       "resize:0", "resize:1", "resize:8", "text:lone-surrogate", "text:bom", "fixture:rule TG104"] {
            #expect(kinds.contains(Substring(wanted)), "no case of kind \(wanted)")
        }
        #expect(cases.contains { $0.kind.hasSuffix("+escaped") && $0.payload.contains("\\/") })
        #expect(cases.contains { $0.expectation.server.contains { $0.code == "TG103" } })
        #expect(cases.contains { $0.expectation.server.contains { $0.code == "TG104" } })
        // Canonically equivalent ids and references, for every executor to word TG022.
        #expect(cases.contains { $0.expectation.server.contains { $0.code == "TG022" && $0.pointer.description.hasSuffix("/id") } })
        #expect(cases.contains { $0.expectation.server.contains { $0.code == "TG022" && $0.pointer.description == "/active" } })
        #expect(cases.contains { $0.expectation.server.contains { $0.code == "TG022" && $0.pointer.description.hasSuffix("/replaces") } })
    }

    @Test func expectationsFollowTheDecodingPolicy() throws {
        let oracle = ConformanceOracle(document: try Support.builtIn())
        let tabs = #"[{"id":"a","title":"A","icon":"i","path":"/a","deprecated":null},{"id":"b","title":"B","icon":"i","path":"/b","extra":1}]"#
        // A missing nullable member and a null optional one: decoded by native clients,
        // warnings for the controller, errors for the server.
        let tolerated = oracle.expectation(for: #"{"tabs":\#(tabs)}"#)
        #expect(tolerated.nativeDecodes)
        #expect(tolerated.server.map { "\($0.code) \($0.severity.rawValue)" }.sorted() == ["TG011 error", "TG012 error", "TG102 error"])
        #expect(tolerated.native.map { "\($0.code) \($0.severity.rawValue)" }.sorted() == ["TG011 error", "TG012 error", "TG102 error"])
        #expect(tolerated.controller.map { "\($0.code) \($0.severity.rawValue)" }.sorted() == ["TG011 warning", "TG012 warning", "TG102 error"])
        // An unknown enum string: a warning on every client, an error on the server.
        let unknown = oracle.expectation(for: #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b"},{"id":"c","title":"C","icon":"i","path":"/c","deprecated":"gone"}]}"#)
        #expect(unknown.nativeDecodes)
        #expect(unknown.server.map(\.severity) == [.error])
        #expect(unknown.native.map(\.severity) == [.warning])
        #expect(unknown.controller.map(\.severity) == [.warning])
        // A wrong type, and malformed JSON: no native client decodes them.
        #expect(!oracle.expectation(for: #"{"active":null,"tabs":7}"#).nativeDecodes)
        let malformed = oracle.expectation(for: #"{"active":null,"tabs":[],"active":null}"#)
        #expect(!malformed.nativeDecodes)
        #expect(malformed.controller.map(\.code) == ["TG001"])
    }

    @Test func numberTokensAreWrittenAsGiven() throws {
        let document = try Support.document(json: #"{"properties": {"f": {"type": "float32"}}}"#)
        let cases = ConformanceSuite(document: document, name: "f", seed: 3).cases(count: 1500)
        let tokens = cases.filter { $0.kind.hasPrefix("number:") }
        #expect(tokens.contains { $0.payload.contains("1E400") && $0.kind.contains("1E400@float32") })
        #expect(tokens.contains { $0.kind.hasSuffix("@float32@invalid-base") })
        let beyond = try #require(tokens.first { $0.kind == "number:3.5e38@float32" })
        #expect(beyond.payload.contains("3.5e38"))
        #expect(beyond.expectation.server.map(\.code) == ["TG010"])
    }
}

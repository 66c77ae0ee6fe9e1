import Foundation
import Schema
import Testing
@testable import CodeGen

/// Fixture derivation stays linear in the schema and within its documented caps; the
/// figures (time, memory) are measured by Tests/Scripts/large_input.py.
@Suite("Fixtures of large schemas")
struct FixtureScaleTests {
    @Test("nested elements: an instance holds about nodeBudget values, not 3^depth")
    func nestedElements() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<13 { schema = #"{"elements": \#(schema)}"# }
        let document = try Support.document(json: #"{"properties": {"a": \#(schema)}}"#)
        let fixtures = FixtureDeriver(document: document).derive()
        let maximal = try #require(fixtures.fixtures.first { $0.name == "maximal" })
        #expect(maximal.verdict == .valid)
        func count(_ value: JSON) -> Int {
            switch value {
            case .array(let items): 1 + items.map(count).reduce(0, +)
            case .object(let object): 1 + object.members.map { count($0.value) }.reduce(0, +)
            default: 1
            }
        }
        #expect(count(maximal.payload) <= InstanceGenerator.nodeBudget + 50)
        #expect(count(maximal.payload) > 1_000)  // still a large, deep payload
    }

    @Test("thousands of properties: at most maxFixtures fixtures and about maxPayloadBytes of payloads")
    func caps() throws {
        let definitions = (0..<3_000).map { #""D\#($0)": {"properties": {"x": {"type": "string"}}}"# }.joined(separator: ",")
        let properties = (0..<3_000).map { #""p\#($0)": {"ref": "D\#($0)"}"# }.joined(separator: ",")
        let document = try Support.document(json: #"{"definitions": {\#(definitions)}, "properties": {\#(properties)}}"#)
        let fixtures = FixtureDeriver(document: document).derive().fixtures
        #expect(fixtures.count <= FixtureDeriver.maxFixtures)
        let bytes = fixtures.map { JSONWriter.string($0.payload).utf8.count }
        let largest = try #require(bytes.max())
        #expect(bytes.reduce(0, +) < FixtureDeriver.maxPayloadBytes + largest)
        // The rule-free schema still gets its constraint fixtures, labeled.
        #expect(fixtures.contains { $0.name.hasPrefix("missing \"p0\"") && $0.verdict == .invalid })
        let unknown = try #require(fixtures.first { $0.name == "unknown members" })
        #expect(unknown.description.contains("in \(FixtureDeriver.maxPlacesPerFixture) objects"))
    }

    @Test("strongly connected components: a cycle, a self-loop, a chain")
    func components() {
        // 0 -> 1 -> 2 -> 0 (a cycle), 3 -> 3 (a self-loop), 4 -> 5 (a chain), 6 alone
        let component = RecursionAnalysis.stronglyConnectedComponents([[1], [2], [0, 3], [3], [5], [], []])
        #expect(component[0] == component[1] && component[1] == component[2])
        #expect(Set([component[0], component[3], component[4], component[5], component[6]]).count == 5)
        // A chain of 100,000 nodes: no recursion, so no stack overflow.
        let chain = RecursionAnalysis.stronglyConnectedComponents((0..<100_000).map { $0 + 1 < 100_000 ? [$0 + 1] : [] })
        #expect(Set(chain).count == 100_000)
    }
}

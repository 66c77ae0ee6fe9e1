import Foundation
import Schema
import Testing
@testable import CodeGen

/// The payloads whose generated `validate()` output is compared with `tabgen validate`:
/// the decoding policy's tolerant cases, then every fixture of the built-in schema.
enum ValidateParity {
    /// The deviations hand-written clients accept (issue 9), one per payload, plus TG107 and TG108.
    static let tolerant: [(label: String, text: String)] = [
        ("null deprecated", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"news","title":"News","icon":"paper","path":"/news","deprecated":null}]}"#),
        ("null replaces", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/","replaces":null},{"id":"news","title":"News","icon":"paper","path":"/news"}]}"#),
        ("missing active", #"{"tabs":[]}"#),
        ("unknown root member", #"{"active":null,"tabs":[],"metadata":{"url":"https://x.example/"}}"#),
        ("unknown enum value", #"{"active":"home","tabs":[{"id":"home","title":"Home","icon":"house","path":"/"},{"id":"news","title":"News","icon":"paper","path":"/news","deprecated":"retired"},{"id":"more","title":"More","icon":"dots","path":"/more"}]}"#),
        ("two tabs replace one", #"{"active":"a","tabs":[{"id":"old","title":"Old","icon":"i","path":"/o","deprecated":"soft"},{"id":"a","title":"A","icon":"i","path":"/a","replaces":"old"},{"id":"b","title":"B","icon":"i","path":"/b","replaces":"old"}]}"#),
        ("one tab not deprecated", #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a"},{"id":"b","title":"B","icon":"i","path":"/b","deprecated":"hard"}]}"#),
        ("two null replaces", #"{"active":"a","tabs":[{"id":"a","title":"A","icon":"i","path":"/a","replaces":null},{"id":"b","title":"B","icon":"i","path":"/b","replaces":null}]}"#),
        // Ids and references canonically equivalent but not the same scalars (TG022).
        ("canonically equivalent ids", #"{"active":"Kilo","tabs":[{"id":"caf\u00e9","title":"A","icon":"a","path":"/a","deprecated":"soft"},{"id":"cafe\u0301","title":"B","icon":"b","path":"/b"},{"id":"\u212ailo","title":"K","icon":"k","path":"/k","replaces":"cafe\u0301"}]}"#),
        // No tabs: bootstrap to the reference Android client (its default is an empty list).
        ("missing tabs", #"{"active":"home"}"#),
        ("empty message", #"{}"#),
    ]

    static func payloads() throws -> [(label: String, text: String)] {
        let fixtures = FixtureDeriver(document: try Support.builtIn()).derive().fixtures
        return tolerant + fixtures.map { ("fixture \($0.name)", $0.payloadText) }
    }

    /// `tabgen validate`'s findings as the generated client reports them: an unknown
    /// enum value (TG011 on a string) is a warning on the client; `null` there stays an error.
    static func expected(_ text: String) throws -> [String] {
        let document = try Support.builtIn()
        let payload = try JSONReader().parse(Array(text.utf8))
        return PayloadValidator(document: document).findings(for: payload).map { finding in
            let unknownValue = finding.code == FindingCode.notInEnum && !finding.message.hasPrefix("null ")
            let severity = unknownValue ? "warning" : finding.severity.rawValue
            let line = [finding.code, severity, finding.pointer.description, finding.message].joined(separator: " ")
            return line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
        }.sorted()
    }
}

@Suite("Generated Swift validate() says what tabgen validate says")
struct SwiftValidateParityTests {
    @Test("the tolerant payloads decode and validate() reports each deviation with the CLI's code, path and message",
          arguments: ValidateParity.tolerant.map(\.label))
    func tolerantPayload(_ label: String) throws {
        let e2e = EndToEnd.shared
        let text = try #require(ValidateParity.tolerant.first { $0.label == label }?.text)
        #expect(!e2e.undecoded.contains(label), "\(label) does not decode")
        let actual = try #require(e2e.validations[label], "no validate() output for \(label): \(e2e.whyNoReport)")
        let expected = try ValidateParity.expected(text)
        #expect(actual.sorted() == expected)
    }

    @Test("the CLI's findings for the tolerant payloads are the ones the policy names")
    func cliFindings() throws {
        let expected = try ValidateParity.tolerant.map { try ValidateParity.expected($0.text) }
        #expect(expected[0] == [#"TG011 error /tabs/1/deprecated null is not one of "soft", "hard""#])
        #expect(expected[1].first?.hasPrefix("TG010 error /tabs/0/replaces") == true)
        #expect(expected[2] == [#"TG012 error  missing required property "active""#])
        #expect(expected[3].isEmpty)
        #expect(expected[4] == [#"TG011 warning /tabs/1/deprecated "retired" is not one of "soft", "hard""#])
        #expect(expected[5].contains { $0.hasPrefix("TG107 error /tabs/2/replaces two tabs replace the same tab: ") })
        #expect(expected[6] == ["TG108 error /tabs tabs must hold at least two tabs that are not deprecated: it has 1 entry where /deprecated is absent or null, fewer than 2"])
        #expect(expected[8].filter { $0.hasPrefix("TG022 warning ") }.map { $0.split(separator: " ")[2] } == ["/active", "/tabs/1/id", "/tabs/2/replaces"])
        // The rules see `tabs` missing, not empty: no TG106 for an `active` in bootstrap mode.
        #expect(expected[9] == [#"TG012 error  missing required property "tabs""#])
        #expect(expected[10] == [#"TG012 error  missing required property "active""#, #"TG012 error  missing required property "tabs""#])
    }

    @Test("every built-in fixture decodes exactly when the tolerant policy says, and then gets the CLI's findings from validate()")
    func fixtures() throws {
        let e2e = EndToEnd.shared
        let document = try Support.builtIn()
        let fixtures = FixtureDeriver(document: document).derive().fixtures
        let decoding = SwiftFixtureDecoding(document: document, policy: .tolerant)
        var compared = 0
        for fixture in fixtures {
            let label = "fixture \(fixture.name)"
            let actual = e2e.validations[label]
            #expect((actual != nil) == decoding.outcome(fixture).decodes, "\(label): decoded \(actual != nil) \(e2e.whyNoReport)")
            #expect((actual != nil) != e2e.undecoded.contains(label), "\(label): no report")
            guard let actual else { continue }
            compared += 1
            // Members the schema does not declare are dropped by decoding, so their TG013 is not reported.
            let expected = try ValidateParity.expected(fixture.payloadText).filter { !$0.hasPrefix(FindingCode.unexpectedProperty + " ") }
            #expect(actual.sorted() == expected, "\(label)")
        }
        #expect(compared >= 15)
    }
}

import Testing
@testable import Schema

/// Strings compare by Unicode scalars, as the generated Kotlin, TypeScript and Ruby
/// compare them (docs/conformance.md): canonically equivalent is not equal.
struct ScalarEqualityTests {
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"

    @Test func canonicallyEquivalentKeysAreTwoMembers() throws {
        let value = try parse(#"{"caf\u00e9": 1, "cafe\u0301": 2, "K": 3, "\u212a": 4}"#)
        #expect(value.objectValue?.keys == [nfc, nfd, "K", "\u{212A}"])
        #expect(value[nfd] == .number(2))
        #expect(value[nfc] == .number(1))
    }

    @Test func aKeyWrittenTwiceIsStillMalformed() {
        #expect(throws: JSONParseError.self) { try parse(#"{"caf\u00e9": 1, "café": 2}"#) }
        // Past 16 members the reader checks with a set: the same rule.
        let members = (0..<20).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        #expect(throws: JSONParseError.self) { try parse("{\(members), \"k3\": 1}") }
        #expect((try? parse("{\(members), \"caf\\u00e9\": 1, \"cafe\\u0301\": 2}")) != nil)
    }

    @Test func jsonValuesCompareByScalars() {
        #expect(JSON.string(nfc) != JSON.string(nfd))
        #expect(Set([JSON.string(nfc), JSON.string(nfd), JSON.string(nfc)]).count == 2)
        #expect(JSON.string("K") != JSON.string("\u{212A}"))
        #expect(ScalarKey(nfc) != ScalarKey(nfd))
        #expect(ScalarKey("abc") == ScalarKey("abc"))
    }

    @Test func enumMembershipIsByScalars() throws {
        let document = try schema(#"{"enum": ["K", "café"]}"#)
        let validator = PayloadValidator(document: document)
        #expect(validator.findings(for: .string("K")).isEmpty)
        #expect(validator.findings(for: .string(nfc)).isEmpty)
        #expect(validator.findings(for: .string("\u{212A}")).map(\.code) == ["TG011"])
        #expect(validator.findings(for: .string(nfd)).map(\.code) == ["TG011"])
    }

    @Test func schemaEnumValuesThatAreOnlyEquivalentAreDistinct() throws {
        #expect(throws: SchemaErrors.self) { try schema(#"{"enum": ["café", "café"]}"#) }
        #expect((try? schema(#"{"enum": ["caf\u00e9", "cafe\u0301"]}"#)) != nil)
    }

    @Test func propertyNamesAndDiscriminatorTagsMatchByScalars() throws {
        let document = try schema(#"{"properties": {"caf\u00e9": {"type": "string"}}}"#)
        let findings = PayloadValidator(document: document).findings(for: try parse(#"{"cafe\u0301": "x"}"#))
        #expect(findings.map(\.code).sorted() == ["TG012", "TG013"])
        let union = try schema(#"{"discriminator": "kind", "mapping": {"K": {"properties": {}}}}"#)
        #expect(PayloadValidator(document: union).findings(for: try parse(#"{"kind": "\u212a"}"#)).map(\.code) == ["TG015"])
    }

    @Test func idsAndReferencesAreEqualOnlyWhenTheirScalarsAre() throws {
        let validator = PayloadValidator(document: try repositorySchema())
        func tab(_ id: String) -> String { #"{"id": "\#(id)", "title": "T", "icon": "i", "path": "/x"}"# }
        // Two ids that are canonically equivalent are two ids (no TG103), and active names
        // neither; both are warned of (TG022, CanonicalEquivalenceTests).
        let payload = #"{"active": "Kilo", "tabs": [\#(tab(#"caf\u00e9"#)), \#(tab(#"cafe\u0301"#)), \#(tab(#"\u212ailo"#))]}"#
        let findings = validator.findings(for: try parse(payload))
        #expect(findings.map(\.code) == ["TG102", "TG022", "TG022"])
        #expect(findings.first?.message == #"active must name one of the tabs: "Kilo" matches no /tabs/*/id"#)
    }

    @Test func messagesCutValuesByScalars() throws {
        let document = try schema(#"{"enum": ["a"]}"#)
        let long = String(repeating: "e\u{301}", count: 70)
        let message = try #require(PayloadValidator(document: document).findings(for: .string(long)).first?.message)
        // The quote and 116 scalars (58 letters and their accents), then "...".
        #expect(message == "\"" + String(repeating: "e\u{301}", count: 58) + "... is not one of \"a\"")
    }
}

import Testing
@testable import Schema

/// A TG011 or TG015 message lists at most `AllowedValues.listed` allowed values, then how
/// many more (issue 23, item 23): an enum of 40,000 values made a 389 KB message.
struct AllowedValuesTests {
    @Test func anEnumOf40000ValuesMakesAShortMessage() throws {
        let values = (0..<40_000).map { "value\($0)" }
        let quoted = values.map { "\"\($0)\"" }.joined(separator: ",")
        let document = try schema(#"{"properties":{"kind":{"enum":[\#(quoted)]}}}"#)
        let findings = PayloadValidator(document: document).findings(for: try parse(#"{"kind":"other"}"#))
        let finding = try #require(findings.first)
        #expect(finding.code == FindingCode.notInEnum)
        let listed = (0..<20).map { "\"value\($0)\"" }.joined(separator: ", ")
        #expect(finding.message == "\"other\" is not one of \(listed) and 39980 more")
        #expect(finding.message.utf8.count < 400)
    }

    @Test func aDiscriminatorOfManyTagsMakesAShortMessage() throws {
        let mapping = (0..<1000).map { #""t\#($0)":{"properties":{}}"# }.joined(separator: ",")
        let document = try schema(#"{"discriminator":"type","mapping":{\#(mapping)}}"#)
        let findings = PayloadValidator(document: document).findings(for: try parse(#"{"type":"x"}"#))
        let finding = try #require(findings.first)
        #expect(finding.code == FindingCode.badDiscriminator)
        #expect(finding.message.hasSuffix(#""t18", "t19" and 980 more"#), "\(finding.message)")
        #expect(finding.message.utf8.count < 300)
    }

    @Test func shortListsAreListedWhole() {
        #expect(AllowedValues.list(["soft", "hard"]) == #""soft", "hard""#)
        let twenty = (0..<20).map { "v\($0)" }
        #expect(AllowedValues.list(twenty) == twenty.map { "\"\($0)\"" }.joined(separator: ", "))
        #expect(AllowedValues.list(twenty + ["v20"]).hasSuffix(#""v19" and 1 more"#))
        #expect(AllowedValues.list(["a\n\"b"]) == #""a\n\"b""#)
    }
}

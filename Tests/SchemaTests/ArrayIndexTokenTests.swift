import Testing
@testable import Schema

/// A rule path names an array element as RFC 6901 does (`JSONPointer.arrayIndex`): `0`
/// or digits without a leading zero. `01`, `+1` and `-0`, which `Int(_:)` takes, name no
/// element, on every path a payload takes (engine, byte pass) and in the schema reader.
struct ArrayIndexTokenTests {
    /// `items` takes any JSON, so these paths load; on an object their tokens are keys.
    let validator: PayloadValidator

    init() throws {
        let rules = ["01", "+1", "-0", "1"].enumerated().map { #"{"code": "P\#($0.offset + 1)", "kind": "nonEmpty", "path": "/items/\#($0.element)"}"# }
            + [#"{"code": "P5", "kind": "nonEmpty", "path": "/label", "when": [{"path": "/items/01", "present": true}]}"#]
        validator = PayloadValidator(document: try schema(#"""
        {"properties": {"items": {}}, "optionalProperties": {"label": {"type": "string"}},
         "metadata": {"tabgen": {"rules": [\#(rules.joined(separator: ", "))]}}}
        """#))
    }

    func findings(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { validator.findings(for: $0) }.map { "\($0.code) \($0.pointer)" }
    }

    @Test func onlyACanonicalTokenIndexesAnArray() throws {
        // Only P4's "/items/1" reaches an element.
        #expect(findings(#"{"items": ["", ""], "label": ""}"#) == ["P4 /items/1"])
        #expect(validator.findings(for: try parse(#"{"items": ["", ""], "label": ""}"#)).map(\.code) == ["P4"])
        #expect(findings(#"{"items": ["", "x"]}"#).isEmpty)
    }

    /// The byte pass plans `equals` (not `nonEmpty`): it must not index the array either.
    @Test func theBytePassIndexesAsTheEngine() throws {
        let rules = ["01", "+1", "-0"].enumerated().map { #"{"code": "E\#($0.offset + 1)", "kind": "equals", "path": "/items/\#($0.element)", "value": "x"}"# }
        let validator = PayloadValidator(document: try schema(#"{"properties": {"items": {}}, "metadata": {"tabgen": {"rules": [\#(rules.joined(separator: ", "))]}}}"#))
        let bytes = Array(#"{"items": ["y", "y"]}"#.utf8)
        let verdict = bytes.withUnsafeBufferPointer { validator.verdict(for: $0, scratch: ByteScratch()) }
        #expect(verdict == .valid)
        #expect(bytes.withUnsafeBufferPointer { validator.findings(for: $0) }.isEmpty)
        let keyed = Array(#"{"items": {"01": "y", "+1": "y", "-0": "y"}}"#.utf8)
        #expect(keyed.withUnsafeBufferPointer { validator.findings(for: $0) }.map(\.code) == ["E1", "E2", "E3"])
    }

    @Test func onAnObjectTheTokensAreKeys() {
        #expect(findings(#"{"items": {"01": "", "+1": "", "-0": "", "1": ""}, "label": ""}"#)
            == ["P1 /items/01", "P2 /items/+1", "P3 /items/-0", "P4 /items/1", "P5 /label"])
    }

    @Test(arguments: ["01", "+1", "-0", "-1", "1e0", " 1"])
    func schemaReaderRefusesANonCanonicalElementToken(token: String) throws {
        let text = #"{"properties": {"n": {"elements": {"type": "string"}}}, "metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "nonEmpty", "path": "/n/\#(token)"}]}}}"#
        let error = try #require(schemaErrors(text).first)
        #expect(error.pointer.description == "/metadata/tabgen/rules/0/path")
        #expect(error.message.contains(#"\#(JSONWriter.quoted(token)) is not a property or element there"#))
    }

    @Test(arguments: ["0", "1", "10"])
    func schemaReaderTakesACanonicalElementToken(token: String) {
        #expect(schemaErrors(#"{"properties": {"n": {"elements": {"type": "string"}}}, "metadata": {"tabgen": {"rules": [{"code": "R1", "kind": "nonEmpty", "path": "/n/\#(token)"}]}}}"#).isEmpty)
    }
}

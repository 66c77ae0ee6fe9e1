import Testing
@testable import Schema

/// TG024: two keys of one object canonically equivalent but not the same scalars, an
/// error wherever they are, and never "valid" from the byte pass.
struct EquivalentKeysTests {
    static let tail = " of the same object but has other Unicode scalars: Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)"

    func findings(_ validator: PayloadValidator, _ text: String) -> [Finding] {
        Array(text.utf8).withUnsafeBufferPointer { validator.findings(for: $0) }
    }

    @Test func reportedAtTheLaterKeyInTextOrderByBothPaths() throws {
        let validator = PayloadValidator(document: try repositorySchema())
        let text = #"{"active": null, "tabs": [], "x": {"K": 1, "\u212a": {"e\u0301": 1, "\u00e9": 2}}, "\u00c5": 1, "\u212b": 2}"#
        let expected = [
            ("/x/\u{212A}", "key \"\u{212A}\" is canonically equivalent to the key \"K\""),
            ("/x/\u{212A}/\u{E9}", "key \"\u{E9}\" is canonically equivalent to the key \"e\u{301}\""),
            ("/\u{212B}", "key \"\u{212B}\" is canonically equivalent to the key \"\u{C5}\""),
        ].map { [FindingCode.equivalentKeys, "error", $0.0, $0.1 + Self.tail] }
        for found in [findings(validator, text), validator.findings(for: try parse(text))] {
            #expect(found.map { [$0.code, $0.severity.rawValue, $0.pointer.description, $0.message] } == expected)
        }
        // ASCII keys alone, and one non-ASCII key alone, are never a pair.
        #expect(findings(validator, #"{"active": null, "tabs": [], "K": 1, "k": 2, "\u00e9": 3}"#).isEmpty)
    }

    /// The walk is skipped unless the reader saw a key with a byte past ASCII or an
    /// escape (`JSONReader.parse(buffer:strings:wideKeys:)`): a pair is found written
    /// either way, on a payload otherwise valid and on one the schema refuses, and
    /// non-ASCII values beside ASCII keys are no pair.
    @Test func aPairIsFoundWrittenAsBytesOrAsEscapes() throws {
        let validator = PayloadValidator(document: try repositorySchema())
        for pair in [#""K": 1, "\u212a": 2"#, "\"K\": 1, \"\u{212A}\": 2", #""\u00c5": 1, "\u212b": 2"#] {
            #expect(findings(validator, #"{"active": null, "tabs": [], "x": {\#(pair)}}"#).map(\.code) == [FindingCode.equivalentKeys])
            #expect(findings(validator, #"{"active": null, "tabs": 5, \#(pair)}"#).map(\.code).contains(FindingCode.equivalentKeys))
        }
        #expect(findings(validator, #"{"active": null, "tabs": [], "x": {"K": "\u212a", "k": "\u212a"}, "y": ["\u00c5", "\u212b"]}"#).isEmpty)
    }

    /// Two property names canonically equivalent: the byte pass matches names by bytes
    /// and would take both keys, so the plan is not made and the tree path reports.
    @Test func equivalentPropertyNamesKeepTheBytePassOut() throws {
        let document = try schema(#"{"optionalProperties": {"caf\u00e9": {"type": "string"}, "cafe\u0301": {"type": "string"}}}"#)
        let validator = PayloadValidator(document: document)
        #expect(!validator.bytePass.isAvailable)
        let found = findings(validator, #"{"caf\u00e9": "a", "cafe\u0301": "b"}"#)
        #expect(found.map(\.code) == [FindingCode.equivalentKeys])
        // With distinct names the pass is available and still gives up on the pair.
        let plain = PayloadValidator(document: try schema(#"{"optionalProperties": {"caf\u00e9": {"type": "string"}}, "additionalProperties": true}"#))
        #expect(plain.bytePass.isAvailable)
        let text = #"{"caf\u00e9": "a", "cafe\u0301": "b"}"#
        let verdict = Array(text.utf8).withUnsafeBufferPointer { plain.verdict(for: $0, scratch: ByteScratch()) }
        #expect(verdict == .unknown)
        #expect(findings(plain, text).map(\.code) == [FindingCode.equivalentKeys])
    }
}

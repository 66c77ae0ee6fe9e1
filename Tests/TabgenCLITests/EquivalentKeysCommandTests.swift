import Foundation
import Testing
import TestSupport

/// `tabgen validate` on objects with two keys that are canonically equivalent but not the
/// same scalars (TG024, issue 23 item 3): an error at the later key, in a `values` map
/// beside the rule that sees both members, and in a properties object.
struct EquivalentKeysCommandTests {
    static let tail = " of the same object but has other Unicode scalars: Swift's JSONDecoder merges them into one member, Kotlin, JavaScript and Ruby keep both; send keys in Unicode normalization form C (NFC)"

    /// A map of labels whose values must be distinct.
    static let schema = """
        {"metadata": {"tabgen": {"rules": [
          {"code": "TG201", "severity": "error", "kind": "unique", "path": "/labels/*", "message": "duplicate label: {reason}"}]}},
         "properties": {"labels": {"values": {"type": "string"}}}}
        """

    func run(_ text: String, schema: String? = Self.schema) throws -> CLIResult {
        guard let schema else { return try CLI.validate(text) }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(schema.utf8).write(to: directory.appendingPathComponent("labels.jtd.json"))
        return try CLI.validate(text, ["--schema", "labels.jtd.json"], in: directory)
    }

    @Test("each pair of equivalent keys of a values map is TG024 at the later key; the rule still sees both members",
          arguments: [("caf\u{E9}", "cafe\u{301}"), ("\u{C5}", "\u{212B}"), ("K", "\u{212A}"), ("\u{212A}", "K")])
    func valuesMap(_ pair: (String, String)) throws {
        let text = "{\"labels\": {\"\(pair.0)\": \"x\", \"\(pair.1)\": \"x\"}}"
        let result = try run(text)
        #expect(result.status == 1)
        let lines = result.stdoutLines
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("error[TG024] /labels/\(pair.1): key \"\(pair.1)\" is canonically equivalent to the key \"\(pair.0)\"" + Self.tail) }, "\(lines)")
        #expect(lines.contains { $0.contains("error[TG201] /labels/") }, "\(lines)")
    }

    @Test func escapedKeysAndNestingAndTheDocumentedExample() throws {
        // Escapes are read first: "\u00e9" and "e\u0301" as written in JSON.
        let text = #"{"labels": {"caf\u00e9": "a", "cafe\u0301": "b"}}"#
        let result = try run(text)
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["payload.json:1:45: error[TG024] /labels/cafe\u{301}: key \"cafe\u{301}\" is canonically equivalent to the key \"caf\u{E9}\"" + Self.tail])
        let documented = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/reference/codes.md"), encoding: .utf8)
        for line in result.stdoutLines {
            #expect(documented.precomposedStringWithCanonicalMapping.contains(line.precomposedStringWithCanonicalMapping), "\(line)")
        }
        // Exact duplicates stay TG001; ASCII keys alone are never compared.
        #expect(try run(#"{"labels": {"\u00e9": "a", "é": "b"}}"#).stdout.contains("error[TG001]"))
        #expect(try run(#"{"labels": {"a": "a", "b": "b"}}"#).status == 0)
    }

    @Test func explainTG024() throws {
        let text = try CLI.explain(["TG024"])
        #expect(text.contains("object keys canonically equivalent, not identical"))
        #expect(text.contains("Severity: error."))
    }

    @Test func unknownMembersOfAStructAnywhereInThePayload() throws {
        // The built-in schema: unknown members are allowed, so the pair is the only finding.
        let text = #"{"active": null, "tabs": [], "x": [{"K": 1, "\u212a": 2}], "é": 1, "e\u0301": 2}"#
        let result = try run(text, schema: nil)
        #expect(result.status == 1)
        let found = result.stdoutLines.map { $0.split(separator: " ", maxSplits: 3).dropFirst().prefix(2).joined(separator: " ") }
        #expect(found == ["error[TG024] /x/0/\u{212A}:", "error[TG024] /e\u{301}:"], "\(result.stdout)")
    }
}
